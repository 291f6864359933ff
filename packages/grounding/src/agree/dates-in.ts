import type { DateOrder } from '@quarry/core';
import { MONTH_PATTERN, monthNumber } from './month-names';

/** A date read from text: its ISO form, and whether it could also be read another way. */
export interface DateReading {
  readonly iso: string;
  /** An all-numeric date with day and month both ≤ 12 and no order given: both readings are listed. */
  readonly ambiguous: boolean;
}

const NOT_DIGIT_BEFORE = String.raw`(?<!\d)`;
const NOT_DIGIT_AFTER = String.raw`(?!\d)`;
const YEAR_FIRST = new RegExp(
  String.raw`${NOT_DIGIT_BEFORE}(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${NOT_DIGIT_AFTER}`,
  'g',
);
const CJK = /(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?/g;
const NUMERIC = new RegExp(
  String.raw`${NOT_DIGIT_BEFORE}(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})${NOT_DIGIT_AFTER}`,
  'g',
);
const DAY_MONTH = new RegExp(
  String.raw`${NOT_DIGIT_BEFORE}(\d{1,2})(?:st|nd|rd|th|er)?\.?[\s-]*(?:of\s+|de\s+)?(?<!\p{L})(${MONTH_PATTERN})(?!\p{L})\.?,?[\s-]*(?:de\s+)?(\d{4}|\d{2})${NOT_DIGIT_AFTER}`,
  'gu',
);
const MONTH_DAY = new RegExp(
  String.raw`(?<!\p{L})(${MONTH_PATTERN})(?!\p{L})\.?\s*(\d{1,2})(?:st|nd|rd|th)?${NOT_DIGIT_AFTER},?\s*(\d{4})${NOT_DIGIT_AFTER}`,
  'gu',
);

/**
 * Every date a text may be read as: `2026-03-05` (also with `/` or `.`), `2026年3月5日`,
 * `5 March 2026`, `5th of March 2026`, `05-Mar-26`, `5. März 2026`, `5 de marzo de 2026`,
 * `March 5, 2026`, `Mar. 5 2026`, and all-numeric `05/03/2026`, `5.3.2026`, `05-03-26`.
 * All-numeric dates are read day first when separated by dots, and otherwise by `order`; without
 * an order, a date whose first two numbers are both ≤ 12 gives both readings, marked ambiguous,
 * and one above 12 settles it. Two-digit years are 2000–2069 or 1970–1999. Impossible dates
 * (31 April) are not read.
 */
export function datesIn(text: string, order?: DateOrder): DateReading[] {
  const prepared = text.normalize('NFKC').toLowerCase();
  const found: DateReading[] = [];
  const add = (year: string, month: number | undefined, day: string, ambiguous = false): void => {
    const iso = isoDate(fullYear(year), month, Number(day));
    if (iso && !found.some((reading) => reading.iso === iso)) found.push({ iso, ambiguous });
  };
  for (const [, year = '', , month = '', day = ''] of prepared.matchAll(YEAR_FIRST))
    add(year, Number(month), day);
  for (const [, year = '', month = '', day = ''] of prepared.matchAll(CJK)) add(year, Number(month), day);
  for (const [, day = '', month = '', year = ''] of prepared.matchAll(DAY_MONTH))
    add(year, monthNumber.get(month), day);
  for (const [, month = '', day = '', year = ''] of prepared.matchAll(MONTH_DAY))
    add(year, monthNumber.get(month), day);
  for (const [, first = '', separator, second = '', year = ''] of prepared.matchAll(NUMERIC)) {
    const a = Number(first);
    const b = Number(second);
    const dayFirst = separator === '.' ? order !== 'month-first' : order === 'day-first';
    const settled = separator === '.' || order !== undefined || a > 12 || b > 12 || a === b;
    if (settled) {
      if (a > 12 || (dayFirst && b <= 12)) add(year, b, first);
      else add(year, a, second);
    } else {
      add(year, b, first, true);
      add(year, a, second, true);
    }
  }
  return found;
}

function fullYear(year: string): number {
  if (year.length === 4) return Number(year);
  const short = Number(year);
  return short < 70 ? 2000 + short : 1900 + short;
}

function isoDate(year: number, month: number | undefined, day: number): string | undefined {
  if (month === undefined || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}
