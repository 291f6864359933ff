/**
 * Digit groups joined by single separators: `.`, `,`, `'` (Swiss), or a space before exactly three
 * digits (`1 234,56`).
 */
const RUN = /\d+(?:(?:[.,']| (?=\d{3}(?!\d)))\d+)*/g;
const SEPARATORS = /[.,' ]/;
const CURRENCY = String.raw`(?:\p{Sc}|[A-Z]{3})`;
const BEFORE = new RegExp(String.raw`(\()?\s*(-)?\s*${CURRENCY}?\s*(-)?\s*$`, 'u');
const AFTER = new RegExp(String.raw`^\s*${CURRENCY}?\s*(%)?\s*${CURRENCY}?\s*(\))?`, 'u');

/**
 * Every number a text may be read as, under common formats: `1,234.56`, `1.234,56`, `1 234,56`,
 * `1'234.56`, Indian `1,23,456.78`; a sign from `-` or from parentheses (`(12.00)` is −12),
 * currency signs and codes before or after ignored; `15 %` read as both 15 and 0.15. A lone
 * separator before three digits (`1,234`, `1.234`) gives both readings (1234 and 1.234).
 */
export function numbersIn(text: string): number[] {
  const prepared = text
    .normalize('NFKC')
    .replace(/[\u2212\u2012\u2013]/g, '-')
    .replace(/[\u2019\u02BC]/g, "'");
  const found: number[] = [];
  for (const run of prepared.matchAll(RUN)) {
    const start = run.index;
    const end = start + run[0].length;
    const before = BEFORE.exec(prepared.slice(Math.max(0, start - 12), start));
    const after = AFTER.exec(prepared.slice(end, end + 12));
    const minus = (before?.[2] ?? before?.[3]) !== undefined && !hyphen(prepared, start, before?.[0] ?? '');
    const negative = minus || (before?.[1] !== undefined && after?.[2] !== undefined);
    const percent = after?.[1] !== undefined;
    const pieces = run[0].includes(' ') ? [run[0], ...run[0].split(' ')] : [run[0]];
    for (const piece of pieces) {
      for (const reading of readings(piece)) {
        const value = negative ? -reading : reading;
        found.push(value);
        if (percent) found.push(value / 100);
      }
    }
  }
  return [...new Set(found)];
}

/** Whether two amounts are the same, to half a cent. */
export function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.005 + Math.abs(b) * 1e-12;
}

/** A `-` right after a letter or digit joins words (`SKU-12`, `2026-03`); it is no minus sign. */
function hyphen(text: string, start: number, before: string): boolean {
  const dash = start - before.length + before.indexOf('-');
  return /[\p{L}\p{N}]/u.test(text[dash - 1] ?? '');
}

function readings(piece: string): number[] {
  const groups = piece.split(SEPARATORS);
  const separators = [...piece].filter((char) => SEPARATORS.test(char));
  if (separators.length === 0) return [Number(piece)];
  const out: number[] = [];
  if (new Set(separators).size === 1 && grouped(groups)) out.push(Number(groups.join('')));
  const last = separators.at(-1);
  const rest = separators.slice(0, -1);
  if ((last === '.' || last === ',') && !rest.includes(last) && new Set(rest).size <= 1) {
    const whole = groups.slice(0, -1);
    if (grouped(whole)) out.push(Number(`${whole.join('')}.${groups.at(-1)}`));
  }
  return out;
}

/** Whether digit groups are thousands groups: `1,234,567`, or Indian lakh/crore groups `1,23,45,678`. */
function grouped(groups: readonly string[]): boolean {
  const [first = '', ...rest] = groups;
  if (rest.length === 0) return true;
  if (first.length > 3) return false;
  if (rest.every((group) => group.length === 3)) return true;
  return (
    first.length <= 2 && rest.at(-1)?.length === 3 && rest.slice(0, -1).every((group) => group.length === 2)
  );
}
