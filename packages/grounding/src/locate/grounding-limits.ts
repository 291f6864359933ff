import { GroundingConfigError } from '@quarry/core';
import { z } from 'zod';

/** Bounds on the work of grounding one reply; see the package README for the measurements behind them. */
export const GroundingLimits = z.strictObject({
  /** Quotes longer than this (UTF-16 code units) are not searched: not found. */
  maxQuoteChars: z.int().min(1).max(100_000),
  /** Documents longer than this (code units) are searched for exact quotes only. */
  maxNormalisedChars: z.int().min(0).max(100_000_000),
  /** Least similarity (1 − edits ÷ normalised quote length) of a fuzzy match; 1 turns fuzzy matching off. */
  fuzzyThreshold: z.number().min(0.5).max(1),
  /**
   * Fuzzy search work one check may spend, in normalised document length × normalised quote
   * length (counted as at least 32); a search that would overspend is skipped (not found).
   */
  fuzzyBudget: z.number().min(0).max(1e12),
  /** Grounded values one check looks at; the rest are left unchecked and the result is flagged. */
  maxValues: z.int().min(1).max(1_000_000),
});
export type GroundingLimits = z.infer<typeof GroundingLimits>;

/** The defaults, in one place. */
export const defaultGroundingLimits: GroundingLimits = {
  maxQuoteChars: 1_000,
  maxNormalisedChars: 2_000_000,
  fuzzyThreshold: 0.85,
  fuzzyBudget: 1_000_000_000,
  maxValues: 2_000,
};

/**
 * The defaults with `overrides` applied.
 *
 * @throws GroundingConfigError naming each limit out of its range.
 */
export function groundingLimits(overrides: Partial<GroundingLimits> = {}): GroundingLimits {
  const parsed = GroundingLimits.safeParse({ ...defaultGroundingLimits, ...overrides });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `limits.${issue.path.join('.')}: ${issue.message}`);
  throw new GroundingConfigError({ problems, cause: parsed.error });
}
