import { compareNodes } from './compare-nodes';
import type { ExtractionScore } from './extraction-score';
import { prepareValue } from './prepare-value';
import { scoreMetrics } from './score-metrics';
import { ScoreTally } from './score-tally';
import { type ScoringOptionsInput, scoringOptions } from './scoring-options';

/** Options of {@link scoreExtraction}. */
export interface ScoreExtractionOptions {
  /** The labelled output (JSON: objects, arrays, strings, numbers, booleans, null). */
  readonly expected: unknown;
  /** What the extraction returned for the same document. */
  readonly extracted: unknown;
  /** Tolerances and limits; see `ScoringOptions` for each and its default. */
  readonly options?: ScoringOptionsInput;
}

/**
 * Scores an extracted output against the expected one, leaf by leaf (docs/eval-scoring.md):
 * - objects are compared key by key; arrays item by item after matching items by the best assignment
 *   (order does not matter); unmatched items count every leaf as missing or unexpected;
 * - strings compare after NFKC, lower case and whitespace collapsing; numbers within a tolerance, also
 *   against numeric strings; ISO and English-month dates as dates; booleans exactly;
 * - null, missing and blank strings are absent; absent on both sides counts nothing.
 *
 * Pure and deterministic. Throws `ScoreInputError` for input that is not JSON, too deep, has too long
 * an array, or takes too much work, and for bad options.
 *
 * @example
 * const score = scoreExtraction({
 *   expected: { total: 12.5, lineItems: [{ sku: 'A-1' }, { sku: 'B-2' }] },
 *   extracted: { total: '12.50', lineItems: [{ sku: 'b-2' }, { sku: 'A-1' }] },
 * });
 * score.overall.f1; // 1
 */
export function scoreExtraction(input: ScoreExtractionOptions): ExtractionScore {
  const options = scoringOptions(input.options);
  const limits = { maxDepth: options.maxDepth, maxArrayLength: options.maxArrayLength };
  const expected = prepareValue({ value: input.expected, side: 'expected', ...limits });
  const extracted = prepareValue({ value: input.extracted, side: 'extracted', ...limits });
  const tally = new ScoreTally();
  compareNodes(expected, extracted, { options, tally, work: 0 }, { field: [], expected: [], extracted: [] });
  return { overall: scoreMetrics(tally.total()), fields: tally.fields(), differences: tally.differences() };
}
