import { z } from 'zod';

const count = z.int().min(0);
const ratio = z.number().min(0).max(1);

/**
 * Counts and ratios of one field or of everything. Each leaf value is one count:
 * - `truePositives`: extracted and the same as expected;
 * - `falsePositives`: extracted, where the expected value differs or is absent;
 * - `falseNegatives`: expected, where the extracted value differs or is absent.
 * `precision` = TP / (TP + FP), `recall` = TP / (TP + FN), `f1` = 2TP / (2TP + FP + FN); each is 1
 * when its denominator is 0 (nothing claimed, nothing missed).
 */
export const ScoreMetrics = z.object({
  truePositives: count,
  falsePositives: count,
  falseNegatives: count,
  precision: ratio,
  recall: ratio,
  f1: ratio,
});
export type ScoreMetrics = z.infer<typeof ScoreMetrics>;

/** The metrics of one field: `field` is its path with array indices as `[]` (`lineItems[].amount`). */
export const FieldScore = ScoreMetrics.extend({ field: z.string() });
export type FieldScore = z.infer<typeof FieldScore>;

/**
 * One leaf that did not match: `missing` (expected, not extracted), `unexpected` (extracted, not
 * expected) or `different` (both, not the same). The paths are concrete (`lineItems[2].amount`), each
 * in its own input; null where that side has no counterpart (an unmatched array item, a value where the
 * other side has an object or array). No values: look them up by path.
 */
export const ScoreDifference = z.object({
  field: z.string(),
  kind: z.enum(['missing', 'unexpected', 'different']),
  expectedPath: z.string().nullable(),
  extractedPath: z.string().nullable(),
});
export type ScoreDifference = z.infer<typeof ScoreDifference>;

/** The score of one extracted output against its expected output (`scoreExtraction`). */
export const ExtractionScore = z.object({
  overall: ScoreMetrics,
  /** Every field that counted at least once, sorted by path. */
  fields: z.array(FieldScore),
  /** Every leaf that did not match, in the order met. */
  differences: z.array(ScoreDifference),
});
export type ExtractionScore = z.infer<typeof ExtractionScore>;

/** Scores of many documents together (`summariseScores`): counts summed, ratios from the sums. */
export const ScoreSummary = z.object({
  documents: count,
  overall: ScoreMetrics,
  fields: z.array(FieldScore),
});
export type ScoreSummary = z.infer<typeof ScoreSummary>;
