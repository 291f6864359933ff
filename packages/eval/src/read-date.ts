/** A date read from a string: the calendar date as written, and the instant when a time was given. */
export interface ReadDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** Milliseconds since the epoch (UTC when no offset is written), or null for a date alone. */
  readonly instant: number | null;
}

const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ['jan', 'january'],
    ['feb', 'february'],
    ['mar', 'march'],
    ['apr', 'april'],
    ['may', 'may'],
    ['jun', 'june'],
    ['jul', 'july'],
    ['aug', 'august'],
    ['sep', 'september', 'sept'],
    ['oct', 'october'],
    ['nov', 'november'],
    ['dec', 'december'],
  ].flatMap((names, index) => names.map((name): [string, number] => [name, index + 1])),
);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(z|[+-]\d{2}:?\d{2})?$/;
const MONTH_FIRST = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/;
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.?,? (\d{4})$/;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysIn(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Milliseconds since the epoch of a UTC date and time (years 0–99 included, which `Date.UTC` moves). */
function utcMillis(date: ReadDate, hour: number, minute: number, second: number): number {
  const at = new Date(0);
  at.setUTCFullYear(date.year, date.month - 1, date.day);
  at.setUTCHours(hour, minute, second, 0);
  return at.getTime();
}

function calendarDate(year: number, month: number | undefined, day: number): ReadDate | null {
  if (month === undefined || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return { year, month, day, instant: null };
}

function withTime(date: ReadDate, match: RegExpExecArray): ReadDate | null {
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const fraction = match[7] ? Number(`0.${match[7]}`) * 1000 : 0;
  let offsetMinutes = 0;
  const zone = match[8];
  if (zone && zone !== 'z') {
    const digits = zone.slice(1).replace(':', '');
    const [hours, minutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (hours > 23 || minutes > 59) return null;
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const utc = utcMillis(date, hour, minute, second);
  return { ...date, instant: utc + fraction - offsetMinutes * 60_000 };
}

/**
 * The date a normalised string (see `normaliseText`) holds, or null. Read, and nothing else:
 * - ISO 8601 dates `2024-01-05`;
 * - ISO 8601 date-times `2024-01-05T10:30`, `2024-01-05 10:30:00.5`, with `Z` or an offset `+01:00`
 *   (none: UTC);
 * - English month names, full or three letters (`Sept` too), optionally with a dot, before or after the
 *   day: `January 5, 2024`, `Jan. 5 2024`, `5 January 2024`, `5th Jan 2024`.
 * Numeric forms such as `05/01/2024` are not read (their order is ambiguous). Impossible dates
 * (`2023-02-29`) are not dates.
 */
export function readDate(text: string): ReadDate | null {
  const iso = ISO_DATE.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const isoTime = ISO_DATE_TIME.exec(text);
  if (isoTime) {
    const date = calendarDate(Number(isoTime[1]), Number(isoTime[2]), Number(isoTime[3]));
    return date && withTime(date, isoTime);
  }
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst)
    return calendarDate(Number(monthFirst[3]), MONTHS.get(monthFirst[1] ?? ''), Number(monthFirst[2]));
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return calendarDate(Number(dayFirst[3]), MONTHS.get(dayFirst[2] ?? ''), Number(dayFirst[1]));
  return null;
}

/**
 * Whether two dates are the same: the same instant when both carry a time, otherwise the same
 * calendar date as written (a time and offset on one side are then ignored).
 */
export function sameDate(a: ReadDate, b: ReadDate): boolean {
  if (a.instant !== null && b.instant !== null) return a.instant === b.instant;
  return a.year === b.year && a.month === b.month && a.day === b.day;
}
