/** Bounds on the work of grounding one reply; see the package README for the measurements behind them. */
export interface GroundingLimits {
  /** Quotes longer than this (UTF-16 code units) are not searched: not found. */
  readonly maxQuoteChars: number;
  /** Documents longer than this (code units) are searched for exact quotes only. */
  readonly maxNormalisedChars: number;
  /** Least similarity (1 − edits ÷ normalised quote length) of a fuzzy match. */
  readonly fuzzyThreshold: number;
  /**
   * Fuzzy search work one check may spend, in normalised document length × normalised quote
   * length (counted as at least 32); a search that would overspend is skipped (not found).
   */
  readonly fuzzyBudget: number;
  /** Grounded values one check looks at; the rest are left unchecked and the result is flagged. */
  readonly maxValues: number;
}

/** The defaults, in one place. */
export const defaultGroundingLimits: GroundingLimits = {
  maxQuoteChars: 1_000,
  maxNormalisedChars: 2_000_000,
  fuzzyThreshold: 0.85,
  fuzzyBudget: 1_000_000_000,
  maxValues: 2_000,
};
