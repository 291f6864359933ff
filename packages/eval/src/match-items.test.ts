import { describe, expect, it } from 'vitest';
import { matchItems } from './match-items';

const total = (matrix: number[][]) => matchItems(matrix).reduce((sum, match) => sum + match.similarity, 0);

describe('matchItems', () => {
  it('finds the largest total, where taking the best pair first would not', () => {
    // Greedy takes 3 then 0; the best assignment is 2 + 2.
    const matches = matchItems([
      [3, 2],
      [2, 0],
    ]);
    expect(matches).toEqual([
      { row: 0, column: 1, similarity: 2 },
      { row: 1, column: 0, similarity: 2 },
    ]);
  });

  it('handles rectangular matrices both ways', () => {
    expect(total([[1, 5, 2]])).toBe(5);
    expect(total([[1], [5], [2]])).toBe(5);
    expect(
      total([
        [4, 1, 3],
        [2, 0, 5],
      ]),
    ).toBe(9);
  });

  it('leaves out pairs of similarity 0 and returns nothing for an all-zero or empty matrix', () => {
    expect(
      matchItems([
        [0, 0],
        [0, 2],
      ]),
    ).toEqual([{ row: 1, column: 1, similarity: 2 }]);
    expect(matchItems([[0, 0]])).toEqual([]);
    expect(matchItems([])).toEqual([]);
  });

  it('agrees with trying every assignment on small random matrices', () => {
    const best = (matrix: number[][]): number => {
      const [row, ...rest] = matrix;
      if (!row) return 0;
      const tryColumn = (column: number) =>
        (row[column] ?? 0) + best(rest.map((r) => r.filter((_, index) => index !== column)));
      return Math.max(best(rest), ...row.map((_, column) => tryColumn(column)));
    };
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 6;
    };
    for (let trial = 0; trial < 200; trial++) {
      const rows = 1 + (next() % 4);
      const columns = 1 + (next() % 4);
      const matrix = Array.from({ length: rows }, () => Array.from({ length: columns }, next));
      expect(total(matrix)).toBe(best(matrix));
    }
  });
});
