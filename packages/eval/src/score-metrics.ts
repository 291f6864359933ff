import type { ScoreMetrics } from './extraction-score';

/** True positives, false positives and false negatives. */
export interface ScoreCounts {
  readonly truePositives: number;
  readonly falsePositives: number;
  readonly falseNegatives: number;
}

const ratio = (numerator: number, denominator: number) => (denominator === 0 ? 1 : numerator / denominator);

/** Precision, recall and F1 of some counts (1 where a denominator is 0; see `ScoreMetrics`). */
export function scoreMetrics(counts: ScoreCounts): ScoreMetrics {
  const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = counts;
  return {
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
  };
}

/** Counts added up. */
export function addCounts(a: ScoreCounts, b: ScoreCounts): ScoreCounts {
  return {
    truePositives: a.truePositives + b.truePositives,
    falsePositives: a.falsePositives + b.falsePositives,
    falseNegatives: a.falseNegatives + b.falseNegatives,
  };
}

export const NO_COUNTS: ScoreCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
