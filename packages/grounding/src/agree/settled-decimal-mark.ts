import type { DecimalMark } from './numbers-in';

/** Which of `.` and `,` is a document's decimal mark, and what settled it (in words, for review reasons). */
export interface SettledDecimalMark {
  readonly mark: DecimalMark;
  readonly settledBy: string;
}

export interface SettledDecimalMarkOptions {
  /** The job's or workflow's BCP 47 locale (`de-DE`), already validated. */
  readonly locale?: string | undefined;
  /** The whole document text. */
  readonly document: string;
}

/** Numbers with at least one `.`, `,` or `'` between digit groups. */
const SEPARATED = /\d+(?:[.,']\d+)+/g;

/**
 * The decimal mark of a document: the locale's, when one is named and its decimal mark is `.` or
 * `,`; else the document's own, when its other numbers show it and never the other way (`1.234,56`
 * or `12,50` for `,`; `1,234.56`, `1'234.50` or `12.50` for `.`; `1.234.567` for `,`). Undefined
 * when neither settles it (no such numbers, or numbers both ways), and when the document shows
 * only the mark the locale does not use: a German invoice under an `en-US` workflow is read as
 * unsettled, not against its own numbers.
 */
export function settledDecimalMark(options: SettledDecimalMarkOptions): SettledDecimalMark | undefined {
  const shown = documentDecimalMark(options.document);
  const mark = options.locale === undefined ? undefined : localeDecimalMark(options.locale);
  if (mark)
    return shown === undefined || shown === mark
      ? { mark, settledBy: `locale ${options.locale}` }
      : undefined;
  return shown ? { mark: shown, settledBy: "the document's other numbers" } : undefined;
}

/** The one decimal mark the document's numbers show, if they show exactly one. */
function documentDecimalMark(document: string): DecimalMark | undefined {
  const votes = new Set<DecimalMark>();
  for (const [number] of document.normalize('NFKC').matchAll(SEPARATED)) {
    const vote = decimalMarkShown(number);
    if (vote) votes.add(vote);
    if (votes.size > 1) return undefined;
  }
  return [...votes][0];
}

const byLocale = new Map<string, DecimalMark | undefined>();

function localeDecimalMark(locale: string): DecimalMark | undefined {
  if (!byLocale.has(locale)) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1.5);
    const decimal = parts.find((part) => part.type === 'decimal')?.value;
    byLocale.set(locale, decimal === '.' || decimal === ',' ? decimal : undefined);
  }
  return byLocale.get(locale);
}

/** The decimal mark one number shows beyond doubt, if any. */
function decimalMarkShown(number: string): DecimalMark | undefined {
  const marks = number.replace(/\d/g, '');
  const last = marks.at(-1);
  if (last !== '.' && last !== ',') return undefined;
  const rest = marks.slice(0, -1);
  if (rest.length > 0 && !rest.includes(last)) return last;
  const groups = number.split(/[.,']/);
  if (rest.length === 0) return groups.at(-1)?.length === 2 ? last : undefined;
  const [first = '', ...tail] = groups;
  const thousands = first.length <= 3 && !first.startsWith('0') && tail.every((group) => group.length === 3);
  return thousands ? other(last) : undefined;
}

function other(mark: DecimalMark): DecimalMark {
  return mark === '.' ? ',' : '.';
}
