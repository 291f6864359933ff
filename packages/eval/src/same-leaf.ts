import type { Leaf } from './prepared-node';
import { sameDate } from './read-date';

/** The tolerances of {@link sameLeaf} (see `ScoringOptions`). */
export interface NumberTolerance {
  readonly absoluteTolerance: number;
  readonly relativeTolerance: number;
}

/** Two numbers within the larger of the absolute tolerance and the relative one × the larger magnitude. */
function sameNumber(a: number, b: number, tolerance: NumberTolerance): boolean {
  const allowed = Math.max(
    tolerance.absoluteTolerance,
    tolerance.relativeTolerance * Math.max(Math.abs(a), Math.abs(b)),
  );
  return Math.abs(a - b) <= allowed;
}

/**
 * Whether an expected and an extracted leaf are the same value:
 * - booleans equal booleans only, exactly;
 * - numbers within the tolerance, also against a string that holds a plain number (`"1,234.50"`);
 * - two strings that both hold dates as the same date (`sameDate`), other strings by their
 *   normalised text.
 */
export function sameLeaf(expected: Leaf, extracted: Leaf, tolerance: NumberTolerance): boolean {
  switch (expected.type) {
    case 'boolean':
      return extracted.type === 'boolean' && extracted.value === expected.value;
    case 'number':
      if (extracted.type === 'number') return sameNumber(expected.value, extracted.value, tolerance);
      return (
        extracted.type === 'string' &&
        extracted.number !== null &&
        sameNumber(expected.value, extracted.number, tolerance)
      );
    case 'string':
      if (extracted.type === 'boolean') return false;
      if (extracted.type === 'number')
        return expected.number !== null && sameNumber(expected.number, extracted.value, tolerance);
      if (expected.date && extracted.date) return sameDate(expected.date, extracted.date);
      return expected.text === extracted.text;
  }
}
