import { type DocubenchObject, type DocubenchValue, isObject } from './docubench-value';
import { roundLikePython } from './round-like-python';

/** Whitespace as the benchmark's language reads `\s` in text (wider than JavaScript's in C0 controls). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the benchmark's whitespace includes the C0 separators U+001C–U+001F
const WHITESPACE = /[\t-\r\u001c-\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;
/** Everything but word characters: letters, numbers (any script) and `_`. */
const NOT_WORD = /[^\p{L}\p{N}_]/gu;

/**
 * A string as the benchmark compares it: whitespace removed, lower case, then everything but letters,
 * digits and `_` removed (`'ACME, Inc.'` → `'acmeinc'`, `'2024-01-05'` → `'20240105'`).
 */
export function normaliseDocubenchText(text: string): string {
  return text.replace(WHITESPACE, '').toLowerCase().replace(NOT_WORD, '');
}

/** Drops object members that are `''` or `[]`, or objects that end up empty; null stays. */
function stripEmpty(value: DocubenchValue): DocubenchValue {
  if (Array.isArray(value)) return value.map(stripEmpty);
  if (!isObject(value)) return value;
  const kept: DocubenchObject = new Map();
  for (const [key, member] of value) {
    const stripped = stripEmpty(member);
    const empty =
      stripped === '' ||
      (Array.isArray(stripped) && stripped.length === 0) ||
      (isObject(stripped) && stripped.size === 0);
    if (!empty) kept.set(key, stripped);
  }
  return kept;
}

/** Numbers rounded to six decimals, strings normalised (booleans stay booleans). */
function normaliseLeaves(value: DocubenchValue): DocubenchValue {
  if (Array.isArray(value)) return value.map(normaliseLeaves);
  if (isObject(value)) return new Map([...value].map(([key, member]) => [key, normaliseLeaves(member)]));
  if (typeof value === 'number') return roundLikePython(value);
  if (typeof value === 'string') return normaliseDocubenchText(value);
  return value;
}

/**
 * An output or label as the benchmark compares it, in its order: empty members stripped (before
 * strings are normalised, so `' '` stays and becomes `''`), numbers rounded, strings normalised.
 */
export function normaliseDocubench(value: DocubenchValue): DocubenchValue {
  return normaliseLeaves(stripEmpty(value));
}
