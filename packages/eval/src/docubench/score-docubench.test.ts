import { describe, expect, it } from 'vitest';
import { ScoreInputError } from '../score-input-error';
import { DocubenchScore } from './docubench-score';
import { averageDocubench, scoreDocubench } from './score-docubench';

const text = { type: 'string' };
const object = (properties: Record<string, unknown>, type: unknown = 'object') => ({ type, properties });
const arrayOf = (items: unknown) => ({ type: 'array', items });
const final = (schema: unknown, label: unknown, output: unknown) =>
  scoreDocubench({ schema, label, output }).final;

describe('scoreDocubench: non-array fields', () => {
  const schema = object({ name: text, id: text, total: { type: 'number' } });

  it('scores each leaf 1 or 0 after normalising case, whitespace and punctuation', () => {
    expect(
      final(schema, { name: 'Acme, Inc.', id: 'A-1', total: 3 }, { name: 'ACME INC', id: 'a 1', total: 3.0 }),
    ).toBe(1);
    expect(
      final(schema, { name: 'Acme', id: 'A-1', total: 3 }, { name: 'Acme Ltd', id: 'A-1', total: 3 }),
    ).toBe(2 / 3);
  });

  it('rounds numbers to six decimals, keeps numbers and strings apart, and takes true for 1', () => {
    expect(final(schema, { total: 8.46 }, { total: 8.459999999999999 })).toBe(1);
    expect(final(schema, { total: 8.46 }, { total: 8.461 })).toBe(0);
    expect(final(schema, { total: 12.5 }, { total: '12.5' })).toBe(0);
    expect(final(schema, { total: 1 }, { total: true })).toBe(1);
  });

  it('skips leaves empty on both sides and counts one empty side as a mismatch; null is a value', () => {
    const both = scoreDocubench({ schema, label: { name: '', id: 'x', total: null }, output: { id: 'X' } });
    expect(both.nonArray).toEqual({ score: 1, total: 1 });
    expect(final(schema, { name: 'x', id: 'y' }, { name: 'x', id: '' })).toBe(1 / 2);
    expect(final(schema, { name: null, id: 'y' }, { name: 'foo', id: 'y' })).toBe(1 / 2);
    // Punctuation alone normalises to nothing, which is empty.
    expect(
      scoreDocubench({ schema, label: { name: '-', id: 'y' }, output: { id: 'y' } }).nonArray?.total,
    ).toBe(1);
  });

  it('ignores fields outside the schema and object schemas without properties', () => {
    const withMeta = object({ name: text, meta: { type: 'object' } });
    expect(final(withMeta, { name: 'x', meta: { a: 1 } }, { name: 'x', meta: { a: 2 }, extra: 'y' })).toBe(1);
  });

  it('walks objects typed exactly "object", and compares an object typed ["object", "null"] whole', () => {
    const vendor = { name: text, vat: text };
    const label = { vendor: { name: 'X', vat: 'Y' } };
    const output = { vendor: { name: 'X', vat: 'Z' } };
    expect(final(object({ vendor: object(vendor) }), label, output)).toBe(1 / 2);
    expect(final(object({ vendor: object(vendor, ['object', 'null']) }), label, output)).toBe(0);
  });

  it('scores a missing output as nothing extracted', () => {
    expect(final(schema, { name: 'x', id: 'y' }, null)).toBe(0);
    expect(final(schema, { name: 'x', id: 'y' }, undefined)).toBe(0);
  });
});

describe('scoreDocubench: array fields', () => {
  const items = object({ items: arrayOf(object({ sku: text, qty: { type: 'number' } })) });

  it('matches items whatever their order', () => {
    const label = {
      items: [
        { sku: 'A-1', qty: 2 },
        { sku: 'B-2', qty: 3 },
      ],
    };
    expect(
      final(items, label, {
        items: [
          { sku: 'B 2', qty: 3.0 },
          { sku: 'a1', qty: 2 },
        ],
      }),
    ).toBe(1);
  });

  it('takes the most similar pairs first (greedy), not the best assignment', () => {
    const rows = object({ rows: arrayOf(object({ p: {}, q: {}, r: {}, s: {} })) });
    const label = {
      rows: [
        { p: 1, q: 1, r: 1, s: 1 },
        { p: 9, q: 9, r: 1, s: 5 },
      ],
    };
    const output = {
      rows: [
        { p: 1, q: 1, r: 1, s: 5 },
        { p: 1, q: 1, r: 0, s: 0 },
      ],
    };
    // Pairs: 3/4, 2/4, 2/4, 0. Greedy takes 3/4 then 0: (3/4 + 0) / 2. The best assignment would give 1/2.
    expect(final(rows, label, output)).toBe(3 / 8);
  });

  it('counts unmatched items on either side through the denominator', () => {
    const label = { items: [{ sku: 'A' }, { sku: 'B' }] };
    expect(final(items, label, { items: [{ sku: 'A' }] })).toBe(1 / 2);
    expect(final(items, label, { items: [{ sku: 'A' }, { sku: 'B' }, { sku: 'C' }] })).toBe(2 / 3);
    expect(final(items, label, { items: [] })).toBe(0);
  });

  it('compares items over the union of their leaves: an extra member lowers the similarity', () => {
    expect(final(items, { items: [{ sku: 'A' }] }, { items: [{ sku: 'A', extra: 'not requested' }] })).toBe(
      1 / 2,
    );
  });

  it('flattens nested objects in items and compares nested arrays whole', () => {
    const nested = object({ items: arrayOf(object({ a: {}, sub: {} })) });
    expect(final(nested, { items: [{ a: { b: 1, c: 2 } }] }, { items: [{ a: { b: 1, c: 3 } }] })).toBe(1 / 2);
    expect(final(nested, { items: [{ a: 1, sub: [1, 2] }] }, { items: [{ a: 1, sub: [2, 1] }] })).toBe(1 / 2);
    expect(final(nested, { items: [{ a: 1, sub: [1, true] }] }, { items: [{ a: 1, sub: [1, 1] }] })).toBe(
      1 / 2,
    );
  });

  it('scores arrays of scalars item by item', () => {
    const tags = object({ tags: arrayOf(text) });
    expect(final(tags, { tags: ['A-1', 'b'] }, { tags: ['c', 'a1'] })).toBe(1 / 2);
  });

  it('weighs an array by its item count times the mean non-empty leaves of a labelled item', () => {
    const schema = object({ name: text, items: arrayOf(object({ a: {}, b: {} })) });
    const label = { name: 'x', items: [{ a: 1, b: 2 }, { a: 3 }] };
    const score = scoreDocubench({ schema, label, output: { name: 'y', items: [{ a: 3 }, { a: 1, b: 2 }] } });
    // Array: score 1, weight 2 × (2 + 1) / 2 = 3; non-array: 0 of 1. Final (3 + 0) / 4.
    expect(score).toEqual({
      final: 3 / 4,
      nonArray: { score: 0, total: 1 },
      arrays: [{ name: 'items', score: 1, total: 3 }],
    });
    expect(DocubenchScore.parse(score)).toEqual(score);
    expect(final(schema, { name: 'x', items: [] }, { name: 'x' })).toBe(1);
    expect(final(schema, { name: 'x', items: [{ a: 1 }] }, { name: 'x' })).toBe(1 / 2);
  });

  it('names an array by its top-level property, so a second array under it replaces the first', () => {
    const schema = object({ doc: object({ xs: arrayOf(text), ys: arrayOf(text) }) });
    const score = scoreDocubench({
      schema,
      label: { doc: { xs: ['a'], ys: ['b'] } },
      output: { doc: { xs: ['a'], ys: ['z'] } },
    });
    expect(score.arrays).toEqual([{ name: 'doc', score: 0, total: 1 }]);
    expect(score.final).toBe(0);
  });

  it('scores a schema of arrays alone with no labelled items as 1', () => {
    expect(final(items, {}, {})).toBe(1);
  });
});

describe('scoreDocubench: schemas and input it refuses', () => {
  const refused = (schema: unknown) => {
    try {
      scoreDocubench({ schema, label: {}, output: {} });
    } catch (error) {
      expect(error).toBeInstanceOf(ScoreInputError);
      return (error as ScoreInputError).problem;
    }
    return 'accepted';
  };

  it('refuses schemas the rules cannot walk', () => {
    expect(refused(['not', 'an', 'object'])).toBe('unscorable-schema');
    expect(refused(object({}))).toBe('unscorable-schema');
    expect(refused({ type: 'object', properties: { a: text }, $defs: { list: arrayOf(text) } })).toBe(
      'unscorable-schema',
    );
    expect(refused(object({ a: { anyOf: [arrayOf(text), { type: 'null' }] } }))).toBe('unscorable-schema');
    expect(refused(object({ a: { type: 'array' } }))).toBe('unscorable-schema');
    expect(refused(object({ a: arrayOf(text) }))).toBe('accepted');
  });

  it('refuses input that is not JSON or too deep, naming the side', () => {
    const schema = object({ a: text });
    expect(() => scoreDocubench({ schema, label: { a: 1n }, output: {} })).toThrow(/expected at a/);
    let deep: unknown = 'x';
    for (let level = 0; level < 100; level++) deep = { a: deep };
    expect(() => scoreDocubench({ schema, label: {}, output: deep })).toThrow(ScoreInputError);
    expect(() =>
      scoreDocubench({ schema, label: {}, output: deep, limits: { maxDepth: 200 } }),
    ).not.toThrow();
    const long = { a: Array.from({ length: 1001 }, () => 'x') };
    expect(() => scoreDocubench({ schema, label: long, output: {} })).toThrow(/array-too-long/);
  });
});

describe('averageDocubench', () => {
  it('is the mean of the final scores, summed exactly', () => {
    expect(averageDocubench([{ final: 0.1 }, { final: 0.2 }, { final: 0.3 }])).toBe(0.6 / 3);
    expect(averageDocubench([])).toBe(0);
  });
});
