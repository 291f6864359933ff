import { z } from 'zod';

/**
 * What grounding found for one value in one attempt: `grounded` (quote found, value agrees),
 * `ambiguous` (agrees under one reading of an all-numeric date), `not_found`, `mismatch`, or
 * `unchecked` (past the limit on values per check).
 */
export const FieldStatus = z.enum(['grounded', 'ambiguous', 'not_found', 'mismatch', 'unchecked']);
export type FieldStatus = z.infer<typeof FieldStatus>;

/** One grounded value's outcome in one attempt; the input of `fieldConfidence`. */
export const FieldOutcome = z.object({
  /** Concrete path (`lines[0].sku`). */
  path: z.string(),
  status: FieldStatus,
  match: z.enum(['exact', 'normalised', 'fuzzy', 'none']),
  /** 1 for exact and normalised matches, 1 − edits ÷ length for fuzzy ones, 0 when not found. */
  similarity: z.number().min(0).max(1),
  /** The value as JSON, to compare attempts. */
  value: z.string(),
});
export type FieldOutcome = z.infer<typeof FieldOutcome>;
