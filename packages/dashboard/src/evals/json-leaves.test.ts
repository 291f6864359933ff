import { describe, expect, it } from 'vitest';
import { differenceOf, isUnder, jsonLeaves } from './json-leaves';

describe('jsonLeaves', () => {
  it('lists the leaves in document order by the paths scoring names, values as JSON', () => {
    const value = { number: 'INV-1', lines: [{ sku: 'A', qty: 2 }, {}], 'ref no': null, tags: [] };
    expect(jsonLeaves(value, 100)).toEqual({
      leaves: [
        { path: 'number', text: '"INV-1"' },
        { path: 'lines[0].sku', text: '"A"' },
        { path: 'lines[0].qty', text: '2' },
        { path: 'lines[1]', text: '{}' },
        { path: '["ref no"]', text: 'null' },
        { path: 'tags', text: '[]' },
      ],
      more: 0,
    });
    expect(jsonLeaves('text', 10).leaves).toEqual([{ path: '(root)', text: '"text"' }]);
  });

  it('stops at max leaves, counts the rest, cuts long values and survives deep nesting', () => {
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]));
    expect(jsonLeaves(many, 3)).toMatchObject({ more: 7 });
    expect(jsonLeaves({ a: 'x'.repeat(500) }, 1).leaves[0]?.text).toHaveLength(201);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20_000; i += 1) deep = [deep];
    expect(jsonLeaves(deep, 5).leaves[0]?.text).toBe('"bottom"');
  });
});

describe('differenceOf', () => {
  const difference = (expectedPath: string | null, extractedPath: string | null) => ({
    field: 'x',
    kind: 'different' as const,
    expectedPath,
    extractedPath,
  });

  it('finds the difference a leaf lies under on its own side, not a sibling with a longer name', () => {
    expect(isUnder('lines[0].sku', 'lines')).toBe(true);
    expect(isUnder('lines[0].sku', 'lines[0]')).toBe(true);
    expect(isUnder('linesTotal', 'lines')).toBe(false);
    expect(isUnder('anything', '')).toBe(true);
    const differences = [difference('lines[1]', 'lines[0]'), difference('total', null)];
    const leaf = (path: string) => ({ path, text: '1' });
    expect(differenceOf(leaf('lines[1].sku'), 'expected', differences)).toBe(differences[0]);
    expect(differenceOf(leaf('lines[1].sku'), 'extracted', differences)).toBeNull();
    expect(differenceOf(leaf('total'), 'extracted', differences)).toBeNull();
    expect(differenceOf(leaf('totalNet'), 'expected', differences)).toBeNull();
    expect(differenceOf(leaf('(root)'), 'expected', [difference('', '')])).not.toBeNull();
  });
});
