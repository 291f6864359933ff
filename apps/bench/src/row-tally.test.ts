import { describe, expect, it } from 'vitest';
import { RowTallyInputError, tallyRows } from './row-tally';

describe('tallyRows', () => {
  it('finds nothing dropped or duplicated when every row is given once, in any order', () => {
    expect(tallyRows({ expected: ['a', 'b', 'c'], extracted: ['c', 'a', 'b'] })).toEqual({
      expected: 3,
      extracted: 3,
      dropped: 0,
      duplicated: 0,
      unexpected: 0,
    });
  });

  it('counts missing rows as dropped and every extra copy as duplicated', () => {
    expect(tallyRows({ expected: ['a', 'b', 'c', 'd'], extracted: ['a', 'a', 'b', 'a', 'b'] })).toEqual({
      expected: 4,
      extracted: 5,
      dropped: 2,
      duplicated: 3,
      unexpected: 0,
    });
  });

  it('counts rows naming no expected row once each, their repeats as duplicated', () => {
    expect(tallyRows({ expected: ['a'], extracted: ['a', 'x', 'x', 'y'] })).toEqual({
      expected: 1,
      extracted: 4,
      dropped: 0,
      duplicated: 1,
      unexpected: 2,
    });
  });

  it('takes no output (a dead-lettered job) as 0 rows, every row dropped', () => {
    expect(tallyRows({ expected: ['a', 'b'], extracted: null })).toEqual({
      expected: 2,
      extracted: 0,
      dropped: 2,
      duplicated: 0,
      unexpected: 0,
    });
    expect(tallyRows({ expected: [], extracted: [] }).dropped).toBe(0);
  });

  it('refuses expected rows that share a key, naming the key', () => {
    const caught = (() => {
      try {
        tallyRows({ expected: ['a', 'b', 'a'], extracted: [] });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(caught).toBeInstanceOf(RowTallyInputError);
    expect(caught).toMatchObject({ name: 'RowTallyInputError', key: 'a' });
    expect((caught as Error).message).toContain('the key "a" names more than one row');
  });
});
