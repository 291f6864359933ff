import { formatPath } from '@quarry/core';
import type { FieldScore, ScoreDifference } from './extraction-score';
import { fieldPath, type PathKeys } from './field-path';
import { addCounts, NO_COUNTS, type ScoreCounts, scoreMetrics } from './score-metrics';

/** How one leaf came out. */
export type LeafOutcome = 'match' | ScoreDifference['kind'];

const OUTCOME_COUNTS: Readonly<Record<LeafOutcome, ScoreCounts>> = {
  match: { truePositives: 1, falsePositives: 0, falseNegatives: 0 },
  missing: { truePositives: 0, falsePositives: 0, falseNegatives: 1 },
  unexpected: { truePositives: 0, falsePositives: 1, falseNegatives: 0 },
  different: { truePositives: 0, falsePositives: 1, falseNegatives: 1 },
};

/** Where a leaf is: its field, and its concrete path in each input (null where that side has none). */
export interface LeafPlace {
  readonly field: PathKeys;
  readonly expected: PathKeys | null;
  readonly extracted: PathKeys | null;
}

/** Per-field counts and the differences of one comparison, as leaves are met. */
export class ScoreTally {
  private readonly counts = new Map<string, ScoreCounts>();
  private readonly found: ScoreDifference[] = [];

  add(outcome: LeafOutcome, place: LeafPlace): void {
    const field = fieldPath(place.field);
    this.counts.set(field, addCounts(this.counts.get(field) ?? NO_COUNTS, OUTCOME_COUNTS[outcome]));
    if (outcome === 'match') return;
    this.found.push({
      field,
      kind: outcome,
      expectedPath: place.expected && formatPath(place.expected),
      extractedPath: place.extracted && formatPath(place.extracted),
    });
  }

  fields(): FieldScore[] {
    return [...this.counts.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([field, counts]) => ({ field, ...scoreMetrics(counts) }));
  }

  total(): ScoreCounts {
    return [...this.counts.values()].reduce(addCounts, NO_COUNTS);
  }

  differences(): ScoreDifference[] {
    return this.found;
  }
}
