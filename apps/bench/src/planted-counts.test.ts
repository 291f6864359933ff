import { scoreMetrics } from '@quarry/eval';
import { describe, expect, it } from 'vitest';
import { PlantedFigures, plantedCounts } from './planted-counts';

describe('plantedCounts', () => {
  it('counts a wrong field as both FP and FN, a missing one as FN, an invented one as FP', () => {
    expect(plantedCounts({ present: 20, wrong: 2, missing: 1, invented: 3 })).toEqual({
      truePositives: 17,
      falsePositives: 5,
      falseNegatives: 3,
    });
  });

  it('gives F1 2TP / (2TP + FP + FN): 5 leaves, 1 wrong is 0.8', () => {
    const counts = plantedCounts({ present: 5, wrong: 1, missing: 0, invented: 0 });
    expect(scoreMetrics(counts).f1).toBeCloseTo(8 / 10, 12);
  });

  it('is all true positives when nothing was planted', () => {
    expect(plantedCounts({ present: 7, wrong: 0, missing: 0, invented: 0 })).toEqual({
      truePositives: 7,
      falsePositives: 0,
      falseNegatives: 0,
    });
  });
});

describe('PlantedFigures', () => {
  it('reads the totals the stand-in reports, extra members ignored', () => {
    const totals = { documents: 2, leaves: 12, present: 10, wrong: 1, missing: 1, invented: 2 };
    expect(PlantedFigures.parse(totals)).toEqual({ present: 10, wrong: 1, missing: 1, invented: 2 });
  });

  it.each([
    ['a negative count', { present: 10, wrong: -1, missing: 0, invented: 0 }],
    ['a fraction', { present: 10, wrong: 0.5, missing: 0, invented: 0 }],
    ['a string', { present: '10', wrong: 0, missing: 0, invented: 0 }],
    ['a missing count', { present: 10, wrong: 0, missing: 0 }],
    ['more wrong and missing than present', { present: 3, wrong: 2, missing: 2, invented: 0 }],
    ['a count past the safe integers', { present: 2 ** 60, wrong: 0, missing: 0, invented: 0 }],
    ['null', null],
  ])('refuses %s', (_why, value) => {
    expect(PlantedFigures.safeParse(value).success).toBe(false);
  });
});
