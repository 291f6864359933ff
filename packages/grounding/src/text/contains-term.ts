import { normaliseText } from './normalise-text';
import { isWordChar, pointAt, pointBefore } from './word-char';

/**
 * Whether `text` contains `term` as whole words, both normalised (`normaliseText`): `42` is in
 * `No. 42,` but not in `INV-421`. In scripts written without spaces (CJK, Thai) any position counts.
 * An empty term is contained nowhere.
 */
export function containsTerm(text: string, term: string): boolean {
  const haystack = normaliseText(text).text;
  const needle = normaliseText(term).text;
  if (needle === '') return false;
  const opensWord = isWordChar(pointAt(needle, 0));
  const closesWord = isWordChar(pointBefore(needle, needle.length));
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const joinedBefore = opensWord && isWordChar(pointBefore(haystack, at));
    const joinedAfter = closesWord && isWordChar(pointAt(haystack, at + needle.length));
    if (!joinedBefore && !joinedAfter) return true;
  }
  return false;
}
