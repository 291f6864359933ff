import { describe, expect, it } from 'vitest';
import { ScoreSummary } from './extraction-score';
import { scoreExtraction } from './score-extraction';
import { summariseScores } from './summarise-scores';

describe('summariseScores', () => {
  it('adds up the counts of every document, overall and per field, and computes ratios from the sums', () => {
    const first = scoreExtraction({ expected: { a: 1, b: 'x' }, extracted: { a: 1, b: 'y' } });
    const second = scoreExtraction({ expected: { a: 2, c: true }, extracted: { a: 3 } });
    const summary = summariseScores([first, second]);
    // a: TP 1 + (FP 1, FN 1); b: FP 1, FN 1; c: FN 1.
    expect(summary.overall).toEqual({
      truePositives: 1,
      falsePositives: 2,
      falseNegatives: 3,
      precision: 1 / 3,
      recall: 1 / 4,
      f1: 2 / (2 + 2 + 3),
    });
    expect(summary.fields).toEqual([
      {
        field: 'a',
        truePositives: 1,
        falsePositives: 1,
        falseNegatives: 1,
        precision: 0.5,
        recall: 0.5,
        f1: 0.5,
      },
      { field: 'b', truePositives: 0, falsePositives: 1, falseNegatives: 1, precision: 0, recall: 0, f1: 0 },
      { field: 'c', truePositives: 0, falsePositives: 0, falseNegatives: 1, precision: 1, recall: 0, f1: 0 },
    ]);
    expect(summary.documents).toBe(2);
    expect(ScoreSummary.parse(summary)).toEqual(summary);
  });

  it('weighs documents by their leaves (micro average), not equally', () => {
    const big = scoreExtraction({
      expected: { t: ['a', 'b', 'c', 'd'] },
      extracted: { t: ['a', 'b', 'c', 'd'] },
    });
    const small = scoreExtraction({ expected: { t: ['a'] }, extracted: { t: ['z'] } });
    expect(summariseScores([big, small]).overall.recall).toBe(4 / 5);
  });

  it('summarises no scores as zero documents with ratios of 1', () => {
    expect(summariseScores([])).toMatchObject({
      documents: 0,
      fields: [],
      overall: { f1: 1, truePositives: 0 },
    });
  });
});
