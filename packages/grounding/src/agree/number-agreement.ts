import { type NumberReading, numberReadings, numbersIn, sameAmount } from './numbers-in';
import type { SettledDecimalMark } from './settled-decimal-mark';
import type { Agreement } from './value-agreement';

export interface NumberAgreementOptions {
  /** The field pattern, named in the review note. */
  readonly pattern: string;
  /** The extracted value: a number, or a string holding one. */
  readonly value: unknown;
  /** The document text where the quote was found. */
  readonly span: string;
  /** The document's decimal mark, when the locale or the document settles it. */
  readonly decimalMark?: SettledDecimalMark | undefined;
}

/**
 * Compares a number with its span: it agrees when it equals a number read from the span to half a
 * cent (`numberReadings`). A lone `.` or `,` before three digits (`1,234`, `1.234`) is read as the
 * settled decimal mark says; unsettled, a value agreeing under only one of its two readings is
 * `ambiguous` (a 1000× reading must not pass unseen), and one that agrees only under the reading the
 * decimal mark rules out is a mismatch.
 */
export function numberAgreement(options: NumberAgreementOptions): Agreement {
  const { value, span, decimalMark } = options;
  const wanted = typeof value === 'number' ? [value] : numbersIn(String(value));
  if (wanted.length === 0) return { verdict: 'mismatch', reason: 'the value is not a number' };
  const wants = (reading: NumberReading) => wanted.some((want) => sameAmount(reading.value, want));
  const all = numberReadings(span);
  const found = decimalMark ? all.filter((reading) => fits(reading, decimalMark)) : all;
  const matching = found.filter(wants);
  if (matching.some((reading) => !reading.lone || decimalMark)) return { verdict: 'agrees' };
  const lone = matching[0]?.lone;
  if (lone) {
    const both = all.filter((reading) => reading.lone?.text === lone.text).map((reading) => reading.value);
    return {
      verdict: 'ambiguous',
      note: `"${lone.text}" reads as ${[...new Set(both)].join(' or ')} ("${lone.mark}" may group thousands or mark decimals); set locale on the workflow or the job for ${options.pattern}`,
    };
  }
  const values = [...new Set(found.map((reading) => reading.value))];
  const ruledOut =
    decimalMark && all.some(wants)
      ? `; under ${decimalMark.settledBy}, "${decimalMark.mark}" is the decimal mark`
      : '';
  return {
    verdict: 'mismatch',
    reason: `the quoted passage holds ${values.length === 0 ? 'no number' : `the numbers ${list(values)}`}${ruledOut}`,
  };
}

/** Whether a reading takes its lone mark the way the settled decimal mark says. */
function fits(reading: NumberReading, decimalMark: SettledDecimalMark): boolean {
  return !reading.lone || (reading.lone.mark === decimalMark.mark) === reading.lone.decimal;
}

function list(values: readonly number[]): string {
  const shown = values.slice(0, 5).join(', ');
  return values.length > 5 ? `${shown}, …` : shown;
}
