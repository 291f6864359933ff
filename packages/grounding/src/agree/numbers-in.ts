import { currencyFractionDigits } from './currency-fraction-digits';

/**
 * Digit groups joined by single separators: `.`, `,`, `'` (Swiss), or a space before exactly three
 * digits (`1 234,56`).
 */
const RUN = /\d+(?:(?:[.,']| (?=\d{3}(?!\d)))\d+)*/g;
const SEPARATORS = /[.,' ]/;
const CURRENCY = String.raw`\p{Sc}|[A-Z]{3}`;
const BEFORE = new RegExp(
  String.raw`(?<open>\()?\s*(?<minus>-)?\s*(?<currency>${CURRENCY})?\s*(?<minus2>-)?\s*$`,
  'u',
);
/** After a number: `,-` (whole units, `1.234,- €`), a currency, a percent sign, a closing parenthesis. */
const AFTER = new RegExp(
  String.raw`^(?<whole>[.,][-\u2013]{1,2})?\s*(?<currency>${CURRENCY})?\s*(?<percent>%)?\s*(?<currency2>${CURRENCY})?\s*(?<close>\))?`,
  'u',
);

/** A mark that is the decimal mark in some formats and the thousands separator in others. */
export type DecimalMark = '.' | ',';

/** One way a number in a text may be read. */
export interface NumberReading {
  readonly value: number;
  /**
   * Set when the number is a lone `.` or `,` before exactly three digits (`1,234`, `1.234`,
   * `12.345`): the text alone does not say whether that mark groups thousands or is the decimal
   * mark. `decimal` says which this reading took it as; `text` is the number as written.
   */
  readonly lone?: { readonly mark: DecimalMark; readonly decimal: boolean; readonly text: string };
}

/**
 * Every number a text may be read as, under common formats: `1,234.56`, `1.234,56`, `1 234,56`,
 * `1'234.56`, Indian `1,23,456.78`; a sign from `-` or from parentheses (`(12.00)` is −12),
 * currency signs and codes before or after ignored; `15 %` read as both 15 and 0.15. A lone
 * separator before three digits (`1,234`, `1.234`) gives both readings (1234 and 1.234), each
 * marked `lone`, unless a currency beside it has fewer than three decimals (`¥1,234`, `1.234 €`,
 * `USD 1,234`: only 1234). A first group starting with 0 (`0,500`) is never a thousands group.
 */
export function numberReadings(text: string): NumberReading[] {
  const prepared = text
    .normalize('NFKC')
    .replace(/[\u2212\u2012\u2013]/g, '-')
    .replace(/[\u2019\u02BC]/g, "'");
  const found: NumberReading[] = [];
  for (const run of prepared.matchAll(RUN)) {
    const start = run.index;
    const end = start + run[0].length;
    const { negative, percent, cents } = surroundings(prepared, start, end);
    const pieces = run[0].includes(' ') ? [run[0], ...run[0].split(' ')] : [run[0]];
    for (const piece of pieces) {
      for (const reading of readings(piece, cents)) {
        const value = negative ? -reading.value : reading.value;
        found.push({ ...reading, value });
        if (percent) found.push({ ...reading, value: value / 100 });
      }
    }
  }
  return found;
}

/** The distinct values of {@link numberReadings}: every number the text may be read as. */
export function numbersIn(text: string): number[] {
  return [...new Set(numberReadings(text).map((reading) => reading.value))];
}

/** Whether two amounts are the same, to half a cent. */
export function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.005 + Math.abs(b) * 1e-12;
}

/**
 * What the text around a number says: its sign, a percent sign, and the most decimals the amount
 * can have (a currency's, or none for `1.234,-`, written with no cents at all).
 */
function surroundings(text: string, start: number, end: number) {
  const preceding = BEFORE.exec(text.slice(Math.max(0, start - 12), start));
  const before = preceding?.groups ?? {};
  const after = AFTER.exec(text.slice(end, end + 12))?.groups ?? {};
  const minus = (before.minus ?? before.minus2) !== undefined && !hyphen(text, start, preceding?.[0] ?? '');
  const currency = before.currency ?? after.currency ?? after.currency2;
  return {
    negative: minus || (before.open !== undefined && after.close !== undefined),
    percent: after.percent !== undefined,
    cents:
      after.whole !== undefined ? 0 : currency === undefined ? undefined : currencyFractionDigits(currency),
  };
}

/** A `-` right after a letter or digit joins words (`SKU-12`, `2026-03`); it is no minus sign. */
function hyphen(text: string, start: number, before: string): boolean {
  const dash = start - before.length + before.indexOf('-');
  return /[\p{L}\p{N}]/u.test(text[dash - 1] ?? '');
}

/** The readings of one piece; `cents` is the fraction digits of a currency beside it, when known. */
function readings(piece: string, cents: number | undefined): NumberReading[] {
  const groups = piece.split(SEPARATORS);
  const separators = [...piece].filter((char) => SEPARATORS.test(char));
  if (separators.length === 0) return [{ value: Number(piece) }];
  const grouping = new Set(separators).size === 1 && grouped(groups) ? Number(groups.join('')) : undefined;
  const last = separators.at(-1);
  const rest = separators.slice(0, -1);
  let decimal: number | undefined;
  if ((last === '.' || last === ',') && !rest.includes(last) && new Set(rest).size <= 1) {
    const whole = groups.slice(0, -1);
    if (grouped(whole)) decimal = Number(`${whole.join('')}.${groups.at(-1)}`);
  }
  if (grouping === undefined || decimal === undefined || !(last === '.' || last === ','))
    return [grouping, decimal].flatMap((value) => (value === undefined ? [] : [{ value }]));
  // A currency with fewer than three decimals cannot be followed by three of them: the mark groups.
  if (cents !== undefined && cents < 3) return [{ value: grouping }];
  return [
    { value: grouping, lone: { mark: last, decimal: false, text: piece } },
    { value: decimal, lone: { mark: last, decimal: true, text: piece } },
  ];
}

/** Whether digit groups are thousands groups: `1,234,567`, or Indian lakh/crore groups `1,23,45,678`. */
function grouped(groups: readonly string[]): boolean {
  const [first = '', ...rest] = groups;
  if (rest.length === 0) return true;
  if (first.length > 3 || first.startsWith('0')) return false;
  if (rest.every((group) => group.length === 3)) return true;
  return (
    first.length <= 2 && rest.at(-1)?.length === 3 && rest.slice(0, -1).every((group) => group.length === 2)
  );
}
