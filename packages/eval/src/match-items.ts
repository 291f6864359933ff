import { munkres } from 'munkres';

/** One pair of a best assignment: a row (expected item), a column (extracted item), their similarity. */
export interface ItemMatch {
  readonly row: number;
  readonly column: number;
  readonly similarity: number;
}

/**
 * The assignment of rows to columns (each used at most once) with the largest total similarity, by the
 * Hungarian algorithm (`munkres`); pairs of similarity 0 are left out, since matching them changes
 * nothing. `similarity[row][column]` must be finite and at least 0; the matrix may be rectangular.
 * Equal matrices give equal assignments.
 */
export function matchItems(similarity: readonly (readonly number[])[]): ItemMatch[] {
  let best = 0;
  for (const row of similarity) for (const value of row) best = Math.max(best, value);
  if (best === 0) return [];
  const cost = similarity.map((row) => row.map((value) => best - value));
  return munkres(cost)
    .map(([row, column]) => ({ row, column, similarity: similarity[row]?.[column] ?? 0 }))
    .filter((match) => match.similarity > 0)
    .sort((a, b) => a.row - b.row);
}
