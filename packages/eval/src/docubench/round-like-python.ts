/**
 * A number rounded to six decimals the way the benchmark's scorer rounds (Python's `round(x, 6)`):
 * to the nearest, and on an exact tie (a binary value exactly halfway, such as 0.0078125) to the
 * even last digit. `toFixed` alone rounds such ties away from zero.
 */
export function roundLikePython(value: number): number {
  if (value === 0 || !Number.isFinite(value) || Math.abs(value) >= 1e21) return value;
  // toFixed is exact; a tie has exactly seven decimals, so thirty show it.
  const exact = value.toFixed(30);
  const point = exact.indexOf('.');
  const tail = exact.slice(point + 7);
  const sixth = Number(exact[point + 6]);
  if (tail === `5${'0'.repeat(tail.length - 1)}` && sixth % 2 === 0) return Number(exact.slice(0, point + 7));
  return Number(value.toFixed(6));
}
