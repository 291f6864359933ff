import type { TextRange } from './normalise-text';

/** Letters and digits, which join into words. */
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Scripts written without spaces between words: a term may start or end anywhere in them. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * Whether a character (one code point) continues a word of a script written with spaces
 * between words: letters and digits, except CJK and Thai, where any position is a boundary.
 */
export function isWordChar(char: string): boolean {
  return WORD_CHAR.test(char) && !UNSPACED.test(char);
}

/** The code point at `index` (`''` past the end). */
export function pointAt(text: string, index: number): string {
  const point = text.codePointAt(index);
  return point === undefined ? '' : String.fromCodePoint(point);
}

/** The code point that ends just before `index`, a surrogate pair read whole (`''` at the start). */
export function pointBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const unit = text.charCodeAt(index - 1);
  return pointAt(text, unit >= 0xdc00 && unit <= 0xdfff && index >= 2 ? index - 2 : index - 1);
}

/**
 * `[start, end)` widened to whole words and numbers: a range that begins or ends inside a word
 * (`Rabat` in `Rabatt`) or a number (`234,56` in `1.234,56`) takes in the rest of it.
 */
export function expandToWords(text: string, range: TextRange): TextRange {
  let from = range.start;
  let to = range.end;
  while (from > 0 && inside(text, from)) from -= pointBefore(text, from).length;
  while (to < text.length && inside(text, to)) to += pointAt(text, to).length;
  return { start: from, end: to };
}

const DIGIT = /^\p{Nd}$/u;
const NUMBER_SEPARATOR = /^[.,'’]$/;

/** Whether the boundary before `text[index]` falls inside a word or a number. */
function inside(text: string, index: number): boolean {
  const before = pointBefore(text, index);
  const after = pointAt(text, index);
  if (isWordChar(before) && isWordChar(after)) return true;
  if (NUMBER_SEPARATOR.test(before) && DIGIT.test(text[index - 2] ?? '') && DIGIT.test(after)) return true;
  return NUMBER_SEPARATOR.test(after) && DIGIT.test(before) && DIGIT.test(text[index + 1] ?? '');
}
