/** Ways documents write a date; every one is unambiguous for its locale. */
export type DateStyle =
  | 'iso'
  | 'us-long'
  | 'us-short'
  | 'gb-long'
  | 'gb-short'
  | 'de'
  | 'fr-long'
  | 'jp'
  | 'email';

const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const FR_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const DAY_MS = 86_400_000;

/** Parses `YYYY-MM-DD` as a UTC date. */
function parseIsoDate(iso: string): Date {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an ISO date: ${iso}`);
  return date;
}

/** Writes a UTC date as `YYYY-MM-DD`. */
const toIsoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** The ISO date `days` days after `iso`. */
export const addDays = (iso: string, days: number): string =>
  toIsoDate(new Date(parseIsoDate(iso).getTime() + days * DAY_MS));

/** The last day of the month after the one `iso` falls in. */
export function endOfNextMonth(iso: string): string {
  const date = parseIsoDate(iso);
  return toIsoDate(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 2, 0)));
}

const two = (value: number): string => String(value).padStart(2, '0');

/** Formats an ISO date in a document style, e.g. `March 5, 2024`, `05.03.2024`, `5 mars 2024`. */
export function formatDate(iso: string, style: DateStyle): string {
  const date = parseIsoDate(iso);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  const month = EN_MONTHS[m] ?? '';
  switch (style) {
    case 'iso':
      return iso;
    case 'us-long':
      return `${month} ${d}, ${y}`;
    case 'us-short':
      return `${month.slice(0, 3)} ${two(d)} ${y}`;
    case 'gb-long':
      return `${d} ${month} ${y}`;
    case 'gb-short':
      return `${two(d)} ${month.slice(0, 3)} ${y}`;
    case 'de':
      return `${two(d)}.${two(m + 1)}.${y}`;
    case 'fr-long':
      return `${d === 1 ? '1er' : d} ${FR_MONTHS[m]} ${y}`;
    case 'jp':
      return `${y}/${two(m + 1)}/${two(d)}`;
    case 'email':
      return `${DAYS[date.getUTCDay()]}, ${d} ${month.slice(0, 3)} ${y}`;
  }
}
