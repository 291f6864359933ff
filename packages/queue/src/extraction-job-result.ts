import type { ExtractionResult } from '@quarry/core';
import { Provenance, Usage, WeakField } from '@quarry/core';
import { z } from 'zod';

/** A disagreement between windows at one leaf, as the result reports it. */
export const SplitConflictReport = z.object({
  path: z.string(),
  reason: z.enum(['no_rule', 'rule_not_applicable']),
  values: z.array(z.object({ value: z.unknown(), pages: z.tuple([z.number().int(), z.number().int()]) })),
});
export type SplitConflictReport = z.infer<typeof SplitConflictReport>;

/**
 * How a split job was split and merged: page windows, field groups, children (windows × groups,
 * plus any run again after a rule failed on the merged output), why it was split, and what the merge did.
 * `missing` names the children that failed (only with `onChildFailure: 'partial'`).
 */
export const SplitReport = z.object({
  windows: z.number().int().positive(),
  groups: z.number().int().positive(),
  children: z.number().int().positive(),
  reasons: z.array(z.string()),
  merged: z.object({
    duplicatesRemoved: z.number().int().nonnegative(),
    conflicts: z.array(SplitConflictReport),
  }),
  rerun: z.number().int().nonnegative(),
  missing: z
    .array(
      z.object({
        index: z.number().int().nonnegative(),
        pages: z.tuple([z.number().int(), z.number().int()]).nullable(),
        paths: z.array(z.string()).nullable(),
        reason: z.string(),
      }),
    )
    .optional(),
});
export type SplitReport = z.infer<typeof SplitReport>;

/** The return value of a completed extraction job (what `waitForResult` resolves to). */
export const ExtractionJobResult = z.object({
  data: z.unknown(),
  needsReview: z.boolean(),
  reviewReasons: z.array(z.string()),
  /** Model replies, the valid one included. */
  attempts: z.number().int().positive(),
  usage: Usage,
  /** Null when some model had no known price. */
  costUsd: z.number().nonnegative().nullable(),
  model: z.string(),
  workflow: z.string(),
  version: z.number().int().positive(),
  durationMs: z.number().nonnegative(),
  /**
   * Where each grounded value's quote is in the document (UTF-16 offsets of the original text), by
   * concrete path; present when the workflow is grounded.
   */
  provenance: Provenance.optional(),
  /** How far each grounded value can be trusted (0–1 by concrete path); present when the workflow is grounded. */
  fieldConfidence: z.record(z.string(), z.number().min(0).max(1)).optional(),
  /** Grounded values a person should look at (below their `reviewBelow`, or failed a `check`); present when the workflow is grounded. */
  weakFields: z.array(WeakField).optional(),
  /** Present when the job was split into children (page windows, field groups); cost and tokens are their sums. */
  split: SplitReport.optional(),
});
export type ExtractionJobResult = z.infer<typeof ExtractionJobResult>;

/** The job return value of an extraction result (attempt records stay in the attempt store). */
export function toExtractionJobResult(result: ExtractionResult): ExtractionJobResult {
  return {
    data: result.data,
    needsReview: result.needsReview,
    reviewReasons: [...result.reviewReasons],
    attempts: result.attempts,
    usage: result.usage,
    costUsd: result.costUsd,
    model: result.model,
    workflow: result.workflow,
    version: result.version,
    durationMs: result.durationMs,
    ...(result.provenance ? { provenance: result.provenance } : {}),
    ...(result.fieldConfidence ? { fieldConfidence: { ...result.fieldConfidence } } : {}),
    ...(result.weakFields ? { weakFields: [...result.weakFields] } : {}),
  };
}
