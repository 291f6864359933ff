import { describe, expect, it } from 'vitest';
import { scoreExtraction } from './score-extraction';

const overall = (expected: unknown, extracted: unknown) => {
  const { truePositives, falsePositives, falseNegatives } = scoreExtraction({ expected, extracted }).overall;
  return [truePositives, falsePositives, falseNegatives];
};

/** A deterministic shuffle (the same seed gives the same order). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let index = out.length - 1; index > 0; index--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const other = state % (index + 1);
    [out[index], out[other]] = [out[other]!, out[index]!];
  }
  return out;
}

describe('scoreExtraction: arrays', () => {
  const expected = {
    lineItems: [
      { sku: 'A', amount: 1 },
      { sku: 'B', amount: 2 },
    ],
  };

  it('matches items whatever their order and reports each side at its own index', () => {
    const score = scoreExtraction({
      expected,
      extracted: {
        lineItems: [
          { sku: 'b', amount: 2 },
          { sku: 'A', amount: 5 },
        ],
      },
    });
    expect(score.fields).toEqual([
      expect.objectContaining({
        field: 'lineItems[].amount',
        truePositives: 1,
        falsePositives: 1,
        falseNegatives: 1,
      }),
      expect.objectContaining({
        field: 'lineItems[].sku',
        truePositives: 2,
        falsePositives: 0,
        falseNegatives: 0,
      }),
    ]);
    expect(score.differences).toEqual([
      {
        field: 'lineItems[].amount',
        kind: 'different',
        expectedPath: 'lineItems[0].amount',
        extractedPath: 'lineItems[1].amount',
      },
    ]);
  });

  it('counts the leaves of unmatched items on either side', () => {
    const score = scoreExtraction({
      expected,
      extracted: {
        lineItems: [
          { sku: 'A', amount: 1 },
          { sku: 'B', amount: 2 },
          { sku: 'C', amount: 3 },
        ],
      },
    });
    expect(score.overall).toMatchObject({ truePositives: 4, falsePositives: 2, falseNegatives: 0 });
    expect(score.differences).toEqual([
      {
        field: 'lineItems[].amount',
        kind: 'unexpected',
        expectedPath: null,
        extractedPath: 'lineItems[2].amount',
      },
      { field: 'lineItems[].sku', kind: 'unexpected', expectedPath: null, extractedPath: 'lineItems[2].sku' },
    ]);
    expect(overall(expected, { lineItems: [] })).toEqual([0, 0, 4]);
    expect(overall(expected, {})).toEqual([0, 0, 4]);
    expect(overall({ lineItems: [] }, expected)).toEqual([0, 4, 0]);
  });

  it('finds the assignment with the most matching leaves, not the best pair first', () => {
    // Similarities: e0–x0 3, e0–x1 2, e1–x0 2, e1–x1 0. Best pair first would match 3 leaves; the best
    // assignment (e0–x1, e1–x0) matches 4.
    const score = scoreExtraction({
      expected: {
        rows: [
          { p: 1, q: 1, r: 1, s: 1 },
          { p: 9, q: 9, r: 1, s: 5 },
        ],
      },
      extracted: {
        rows: [
          { p: 1, q: 1, r: 1, s: 5 },
          { p: 1, q: 1, r: 0, s: 0 },
        ],
      },
    });
    expect(score.overall).toMatchObject({ truePositives: 4, falsePositives: 4, falseNegatives: 4 });
  });

  it('matches nested arrays inside matched items, at any order of both levels', () => {
    const invoices = [
      { no: 1, lines: [{ a: 1 }, { a: 2 }, { a: 3 }] },
      { no: 2, lines: [{ a: 4 }] },
      { no: 3, lines: [] },
    ];
    const extracted = shuffled(invoices, 3).map((invoice) => ({
      ...invoice,
      lines: shuffled(invoice.lines, 5),
    }));
    expect(overall({ invoices }, { invoices: extracted })).toEqual([7, 0, 0]);
    const wrong = structuredClone(invoices);
    wrong[0]!.lines[2]!.a = 30;
    const score = scoreExtraction({ expected: { invoices }, extracted: { invoices: wrong } });
    expect(score.differences).toEqual([
      {
        field: 'invoices[].lines[].a',
        kind: 'missing',
        expectedPath: 'invoices[0].lines[2].a',
        extractedPath: null,
      },
      {
        field: 'invoices[].lines[].a',
        kind: 'unexpected',
        expectedPath: null,
        extractedPath: 'invoices[0].lines[2].a',
      },
    ]);
  });

  it('scores the worked example of docs/eval-scoring.md: TP 3, FP 1, FN 1', () => {
    const score = scoreExtraction({
      expected: { name: 'x', items: [{ a: 1, b: 2 }, { a: 3 }] },
      extracted: { name: 'y', items: [{ a: 3 }, { a: 1, b: 2 }] },
    });
    expect(score.overall).toEqual({
      truePositives: 3,
      falsePositives: 1,
      falseNegatives: 1,
      precision: 3 / 4,
      recall: 3 / 4,
      f1: 6 / 8,
    });
  });

  it('scores arrays of scalars item by item', () => {
    const score = scoreExtraction({
      expected: { tags: ['a', 'b', 'b'] },
      extracted: { tags: ['B', 'c', 'b'] },
    });
    expect(score.fields).toEqual([
      expect.objectContaining({ field: 'tags[]', truePositives: 2, falsePositives: 1, falseNegatives: 1 }),
    ]);
  });

  it('gives the same overall and per-field scores for any order of the items', () => {
    const items = Array.from({ length: 12 }, (_, index) => ({
      sku: `S-${index % 4}`,
      qty: index % 3,
      amount: (index * 7) % 5,
      tags: [`t${index % 2}`, 'x'],
    }));
    const extracted = items.map((item, index) => (index % 3 === 0 ? { ...item, qty: 9 } : item)).slice(1);
    const base = scoreExtraction({ expected: { items }, extracted: { items: extracted } });
    for (const seed of [1, 2, 3, 4, 5]) {
      const score = scoreExtraction({
        expected: { items: shuffled(items, seed) },
        extracted: { items: shuffled(extracted, seed * 31) },
      });
      expect(score.overall).toEqual(base.overall);
      expect(score.fields).toEqual(base.fields);
    }
  });

  it('scores arrays of a thousand items each, shuffled, in reasonable time', () => {
    const items = Array.from({ length: 1000 }, (_, index) => ({ sku: `S-${index}`, amount: index / 4 }));
    const started = performance.now();
    const score = scoreExtraction({ expected: { items }, extracted: { items: shuffled(items, 11) } });
    expect(score.overall).toMatchObject({ truePositives: 2000, falsePositives: 0, falseNegatives: 0 });
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
