import { describe, expect, it } from 'vitest';
import type { MergeRule } from './merge-input';
import { mergeWindowOutputs } from './merge-window-outputs';
import { planPageWindows } from './plan-page-windows';
import { SplitInputError } from './split-input-error';

/** Windows of 10 pages overlapping by 1 (1–10, 10–19, 19–28, …), one output each. */
function windowsOf(...outputs: Record<string, unknown>[]) {
  return outputs.map((output, index) => ({
    index,
    firstPage: 1 + 9 * index,
    lastPage: 10 + 9 * index,
    output,
  }));
}

function errorOf(run: () => unknown): SplitInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof SplitInputError) return error;
    throw error;
  }
  throw new Error('expected a SplitInputError');
}

describe('mergeWindowOutputs: leaves', () => {
  it('keeps a value all windows agree on, strings compared exactly', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf({ vendor: 'ACME', total: 12 }, { vendor: 'ACME', total: 12 }),
    });
    expect(merged).toEqual({
      output: { vendor: 'ACME', total: 12 },
      conflicts: [],
      duplicatesRemoved: { total: 0, byPath: {} },
    });
    const cased = mergeWindowOutputs({ windows: windowsOf({ vendor: 'ACME' }, { vendor: 'Acme' }) });
    expect(cased.conflicts.map((c) => c.path)).toEqual(['vendor']);
  });

  it('takes the value of the windows that give one over null or a missing field; none gives null', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { total: null, date: null },
        { total: 40, date: null },
        { date: null },
        { total: 40 },
      ),
    });
    expect(merged.output).toEqual({ total: 40, date: null });
    expect(merged.conflicts).toEqual([]);
  });

  it('keeps the first value and reports a conflict when windows disagree without a rule', () => {
    const merged = mergeWindowOutputs({ windows: windowsOf({ total: 10 }, { total: null }, { total: 12 }) });
    expect(merged.output).toEqual({ total: 10 });
    expect(merged.conflicts).toEqual([
      {
        path: 'total',
        reason: 'no_rule',
        values: [
          { value: 10, windowIndex: 0, pages: [1, 10] },
          { value: 12, windowIndex: 2, pages: [19, 28] },
        ],
      },
    ]);
  });

  it('compares objects and arrays at a leaf by deep equality', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf({ total: 10 }, { total: [10] }, { total: [10] }),
    });
    expect(merged.output).toEqual({ total: 10 });
    expect(merged.conflicts[0]?.values.map((v) => v.value)).toEqual([10, [10], [10]]);
  });

  it.each<[MergeRule, unknown, unknown]>([
    ['first', 7, '2024-03-01'],
    ['last', 9, '2024-01-31'],
    ['max', 11, '2024-03-01'],
    ['min', 7, '2024-01-31'],
  ])('settles a disagreement by the rule %s, without a conflict', (rule, total, date) => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { total: 7, date: '2024-03-01' },
        { total: 11, date: null },
        { total: 9, date: '2024-01-31' },
      ),
      rules: { total: rule, date: rule },
    });
    expect(merged.output).toEqual({ total, date });
    expect(merged.conflicts).toEqual([]);
  });

  it('reports a conflict when max or min cannot order the values, keeping the first', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf({ total: '7' }, { total: 11 }),
      rules: { total: 'max' },
    });
    expect(merged.output).toEqual({ total: '7' });
    expect(merged.conflicts).toEqual([
      expect.objectContaining({ path: 'total', reason: 'rule_not_applicable' }),
    ]);
  });

  it('applies rules by dotted path in nested objects', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { vendor: { name: 'ACME', vat: 'A1' } },
        { vendor: { name: 'ACME Ltd', vat: 'B2' } },
      ),
      rules: { 'vendor.name': 'last' },
    });
    expect(merged.output).toEqual({ vendor: { name: 'ACME Ltd', vat: 'A1' } });
    expect(merged.conflicts.map((c) => c.path)).toEqual(['vendor.vat']);
  });
});

describe('mergeWindowOutputs: objects', () => {
  it('merges nested objects field by field, fields in order of first appearance', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { vendor: { name: 'ACME', address: { city: null } } },
        { vendor: null },
        { vendor: { address: { city: 'Lyon', zip: '69001' }, phone: '1' } },
      ),
    });
    expect(merged.output).toEqual({
      vendor: { name: 'ACME', address: { city: 'Lyon', zip: '69001' }, phone: '1' },
    });
    expect(Object.keys(merged.output.vendor as object)).toEqual(['name', 'address', 'phone']);
    expect(merged.conflicts).toEqual([]);
  });

  it('drops a top-level field named __proto__ rather than let it set a prototype', () => {
    const first = JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}') as Record<string, unknown>;
    const merged = mergeWindowOutputs({ windows: windowsOf(first, { a: 1 }) });
    expect(merged.output).toEqual({ a: 1 });
    expect(Object.hasOwn(merged.output, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(merged.output)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('mergeWindowOutputs: arrays', () => {
  const row = (description: string, amount: number, note?: string) => ({
    description,
    amount,
    ...(note ? { note } : {}),
  });

  it('concatenates arrays in window order', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { lineItems: [row('a', 1), row('b', 2)] },
        { lineItems: null },
        { lineItems: [row('c', 3)] },
      ),
    });
    expect(merged.output.lineItems).toEqual([row('a', 1), row('b', 2), row('c', 3)]);
    expect(merged.duplicatesRemoved).toEqual({ total: 0, byPath: {} });
  });

  it('drops the rows neighbouring windows both read from their shared page, by equal content', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { lineItems: [row('a', 1), row('b', 2), row('c', 3)] },
        { lineItems: [row('b', 2), row('c', 3), row('d', 4)] },
      ),
    });
    expect(merged.output.lineItems).toEqual([row('a', 1), row('b', 2), row('c', 3), row('d', 4)]);
    expect(merged.duplicatesRemoved).toEqual({ total: 2, byPath: { lineItems: 2 } });
  });

  it('drops them by key, merging the two copies field by field', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { lineItems: [row('a', 1), row('b', 2, 'cut off')] },
        { lineItems: [row('b', 2, 'full note'), row('c', 3)] },
      ),
      arrayKeys: { lineItems: ['description', 'amount'] },
      rules: { 'lineItems[].note': 'last' },
    });
    expect(merged.output.lineItems).toEqual([row('a', 1), row('b', 2, 'full note'), row('c', 3)]);
    expect(merged.duplicatesRemoved).toEqual({ total: 1, byPath: { lineItems: 1 } });
    expect(merged.conflicts).toEqual([]);
  });

  it('reports a conflict inside rows matched by key when no rule settles it', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf({ lineItems: [{ sku: 'X', qty: 1 }] }, { lineItems: [{ sku: 'X', qty: 2 }] }),
      arrayKeys: { lineItems: ['sku'] },
    });
    expect(merged.output.lineItems).toEqual([{ sku: 'X', qty: 1 }]);
    expect(merged.conflicts).toEqual([
      {
        path: 'lineItems[].qty',
        reason: 'no_rule',
        values: [
          { value: 1, windowIndex: 0, pages: [1, 10] },
          { value: 2, windowIndex: 1, pages: [10, 19] },
        ],
      },
    ]);
  });

  it('does not match rows by key when a key field is missing; compares them in full', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf({ lineItems: [{ sku: null, qty: 1 }] }, { lineItems: [{ sku: null, qty: 2 }] }),
      arrayKeys: { lineItems: ['sku'] },
    });
    expect(merged.output.lineItems).toEqual([
      { sku: null, qty: 1 },
      { sku: null, qty: 2 },
    ]);
  });

  it('keeps an equal row repeated inside one window', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { lineItems: [row('a', 1), row('a', 1), row('b', 2)] },
        { lineItems: [row('b', 2), row('c', 3)] },
      ),
    });
    expect(merged.output.lineItems).toEqual([row('a', 1), row('a', 1), row('b', 2), row('c', 3)]);
    expect(merged.duplicatesRemoved.total).toBe(1);
  });

  it('keeps both copies of a repeated row at the overlap when only one is read twice', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { lineItems: [row('x', 1), row('b', 2), row('b', 2)] },
        { lineItems: [row('b', 2), row('c', 3)] },
      ),
    });
    expect(merged.output.lineItems).toEqual([row('x', 1), row('b', 2), row('b', 2), row('c', 3)]);
  });

  it('keeps equal rows in two windows that are not neighbours', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { lineItems: [row('a', 1)] },
        { lineItems: [row('b', 2)] },
        { lineItems: [row('a', 1)] },
      ),
    });
    expect(merged.output.lineItems).toEqual([row('a', 1), row('b', 2), row('a', 1)]);
    expect(merged.duplicatesRemoved.total).toBe(0);
  });

  it('keeps equal rows across a window that gave no array, and across windows that share no page', () => {
    const across = mergeWindowOutputs({
      windows: windowsOf({ lineItems: [row('a', 1)] }, { lineItems: null }, { lineItems: [row('a', 1)] }),
    });
    expect(across.output.lineItems).toEqual([row('a', 1), row('a', 1)]);
    const apart = mergeWindowOutputs({
      windows: [
        { index: 0, firstPage: 1, lastPage: 10, output: { lineItems: [row('a', 1)] } },
        { index: 1, firstPage: 11, lastPage: 20, output: { lineItems: [row('a', 1)] } },
      ],
    });
    expect(apart.output.lineItems).toEqual([row('a', 1), row('a', 1)]);
  });

  it('dedupes arrays of scalars by value between neighbours, and arrays in nested objects by their path', () => {
    const merged = mergeWindowOutputs({
      windows: windowsOf(
        { tags: ['x', 'y', 'y'], invoice: { pages: [1, 2, 3] } },
        { tags: ['y', 'z'], invoice: { pages: [3, 4] } },
      ),
    });
    expect(merged.output).toEqual({ tags: ['x', 'y', 'y', 'z'], invoice: { pages: [1, 2, 3, 4] } });
    expect(merged.duplicatesRemoved).toEqual({ total: 2, byPath: { tags: 1, 'invoice.pages': 1 } });
  });

  it('merges a 1,500-row table read in 150 windows of 10 rows overlapping by 1 into exactly its 1,500 rows', () => {
    const rows = Array.from({ length: 1_500 }, (_, i) => ({
      line: i + 1,
      description: `item ${i % 7}`,
      amount: i % 5,
    }));
    // Window k reads rows 10k+1 … 10k+10, and also the last row of window k − 1 (its shared page).
    const windows = Array.from({ length: 150 }, (_, k) => ({
      index: k,
      firstPage: 1 + 10 * k,
      lastPage: 11 + 10 * k,
      output: { lineItems: rows.slice(Math.max(0, 10 * k - 1), 10 * k + 10) },
    }));
    const keyed = mergeWindowOutputs({ windows, arrayKeys: { lineItems: ['line'] } });
    expect(keyed.output.lineItems).toEqual(rows);
    expect(keyed.duplicatesRemoved).toEqual({ total: 149, byPath: { lineItems: 149 } });
    const byContent = mergeWindowOutputs({ windows });
    expect(byContent.output.lineItems).toEqual(rows);
    expect(byContent.conflicts).toEqual([]);
  });

  it('merges outputs of planned windows', () => {
    const windows = planPageWindows({ pages: 28 }).map((w) => ({
      ...w,
      output: { pages: [w.firstPage, w.lastPage] },
    }));
    expect(mergeWindowOutputs({ windows }).output).toEqual({ pages: [1, 10, 19, 28] });
  });
});

describe('mergeWindowOutputs: bad input', () => {
  const good = { index: 0, firstPage: 1, lastPage: 10, output: {} };

  it('rejects no windows', () => {
    const error = errorOf(() => mergeWindowOutputs({ windows: [] }));
    expect(error.name).toBe('SplitInputError');
    expect(error.problems).toEqual([expect.stringMatching(/^windows: /)]);
  });

  it('rejects an output that is not an object, naming the window', () => {
    for (const output of [[], null, 'text', 3]) {
      const error = errorOf(() =>
        mergeWindowOutputs({
          windows: [
            good,
            { ...good, index: 1, firstPage: 10, output: output as unknown as Record<string, unknown> },
          ],
        }),
      );
      expect(error.problems).toEqual([expect.stringMatching(/^windows\[1\]\.output: /)]);
    }
  });

  it('rejects windows out of index order, with a repeated index, or out of page order', () => {
    const second = { ...good, index: 1, firstPage: 10, lastPage: 19 };
    expect(errorOf(() => mergeWindowOutputs({ windows: [second, good] })).problems).toContain(
      'windows[1].index: indices must increase',
    );
    expect(errorOf(() => mergeWindowOutputs({ windows: [good, { ...second, index: 0 }] })).problems).toEqual([
      'windows[1].index: indices must increase',
    ]);
    expect(
      errorOf(() => mergeWindowOutputs({ windows: [good, { ...second, firstPage: 1 }] })).problems,
    ).toEqual(['windows[1].firstPage: windows must be in page order']);
  });

  it('rejects pages out of range or reversed, and an index that is not a whole number', () => {
    const problems = (window: Record<string, unknown>) =>
      errorOf(() => mergeWindowOutputs({ windows: [{ ...good, ...window }] })).problems;
    expect(problems({ firstPage: 0 })).toEqual([expect.stringMatching(/^windows\[0\]\.firstPage: /)]);
    expect(problems({ lastPage: 100_001 })).toEqual([expect.stringMatching(/^windows\[0\]\.lastPage: /)]);
    expect(problems({ firstPage: 5, lastPage: 4 })).toEqual(['windows[0]: firstPage is after lastPage']);
    expect(problems({ index: 0.5 })).toEqual([expect.stringMatching(/^windows\[0\]\.index: /)]);
  });

  it('rejects an unknown rule and empty array keys', () => {
    const rule = errorOf(() => mergeWindowOutputs({ windows: [good], rules: { total: 'avg' as MergeRule } }));
    expect(rule.problems).toEqual([expect.stringMatching(/^rules\.total: /)]);
    const keys = errorOf(() => mergeWindowOutputs({ windows: [good], arrayKeys: { lineItems: [] } }));
    expect(keys.problems).toEqual([expect.stringMatching(/^arrayKeys\.lineItems: /)]);
  });
});
