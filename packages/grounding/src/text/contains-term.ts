import { normaliseText } from './normalise-text';

/** Letters and digits, which join into words. */
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Scripts written without spaces between words: a term may start or end anywhere in them. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * Whether `text` contains `term` as whole words, both normalised (`normaliseText`): `42` is in
 * `No. 42,` but not in `INV-421`. In scripts written without spaces (CJK, Thai) any position counts.
 * An empty term is contained nowhere.
 */
export function containsTerm(text: string, term: string): boolean {
  const haystack = normaliseText(text).text;
  const needle = normaliseText(term).text;
  if (needle === '') return false;
  const first = pointAt(needle, 0);
  const last = pointBefore(needle, needle.length);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (
      !(joins(pointBefore(haystack, at)) && joins(first)) &&
      !(joins(pointAt(haystack, end)) && joins(last))
    ) {
      return true;
    }
  }
  return false;
}

function joins(char: string): boolean {
  return WORD_CHAR.test(char) && !UNSPACED.test(char);
}

function pointAt(text: string, index: number): string {
  const point = text.codePointAt(index);
  return point === undefined ? '' : String.fromCodePoint(point);
}

/** The code point that ends just before `index`, a surrogate pair read whole. */
function pointBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const unit = text.charCodeAt(index - 1);
  return pointAt(text, unit >= 0xdc00 && unit <= 0xdfff && index >= 2 ? index - 2 : index - 1);
}
