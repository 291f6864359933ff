import type { ExtractionScore, ScoreSummary } from './extraction-score';
import { addCounts, NO_COUNTS, type ScoreCounts, scoreMetrics } from './score-metrics';

/**
 * Many documents' scores together, micro-averaged: the counts of every document are added up (overall
 * and per field), and precision, recall and F1 are computed from the sums, so a document with more
 * fields weighs more. No scores give zero counts and ratios of 1.
 */
export function summariseScores(scores: readonly ExtractionScore[]): ScoreSummary {
  let overall: ScoreCounts = NO_COUNTS;
  const fields = new Map<string, ScoreCounts>();
  for (const score of scores) {
    overall = addCounts(overall, score.overall);
    for (const field of score.fields)
      fields.set(field.field, addCounts(fields.get(field.field) ?? NO_COUNTS, field));
  }
  return {
    documents: scores.length,
    overall: scoreMetrics(overall),
    fields: [...fields.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([field, counts]) => ({ field, ...scoreMetrics(counts) })),
  };
}
