import { describe, expect, it } from 'vitest';
import { expandPath, formatPath, normalizePath, parsePath, setAt, valueAt } from './json-path';

describe('json paths', () => {
  it('reads and writes paths the way issues name them', () => {
    expect(parsePath('lineItems[1].amount')).toEqual(['lineItems', 1, 'amount']);
    expect(parsePath('lineItems[].amount')).toEqual(['lineItems', null, 'amount']);
    expect(parsePath('[0].a')).toEqual([0, 'a']);
    expect(parsePath('meta["a.b"].c')).toEqual(['meta', 'a.b', 'c']);
    expect(formatPath(['meta', 'a.b', 0])).toBe('meta["a.b"][0]');
    expect(formatPath(['lineItems', 1, 'amount'])).toBe('lineItems[1].amount');
    expect(formatPath(normalizePath(['a', 2, 'b', 0]))).toBe('a[].b[]');
    for (const bad of ['', '.a', 'a..b', 'a.[1]', 'a[x]'])
      expect(() => parsePath(bad), bad).toThrow(RangeError);
  });

  it('finds, expands and changes values', () => {
    const value = { items: [{ n: 1 }, { n: 2 }, { m: 3 }] };
    expect(valueAt(value, ['items', 1, 'n'])).toBe(2);
    expect(valueAt(value, ['items', 'n'])).toBeUndefined();
    expect(expandPath(value, ['items', null, 'n'])).toEqual([
      ['items', 0, 'n'],
      ['items', 1, 'n'],
    ]);
    expect(setAt(value, ['items', 0, 'n'], '1')).toBe(true);
    expect(setAt(value, ['items', 2, 'm'], undefined)).toBe(true);
    expect(setAt(value, ['missing', 'x'], 1)).toBe(false);
    expect(value).toEqual({ items: [{ n: '1' }, { n: 2 }, {}] });
  });
});
