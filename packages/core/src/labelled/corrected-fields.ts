import type { IssueObservation } from '../history/history-store';
import { cut, excerpt } from '../issues/excerpt';
import { formatPath, normalizePath } from '../issues/issue-signature';

/** Corrected fields reported for one correction, at most. */
export const MAX_CORRECTED_FIELDS = 100;
/** Longest rendering of a value in a lesson's example. */
const VALUE_CHARS = 60;
/** Longest path in a signature or an example. */
const PATH_CHARS = 200;

/** One value a person changed in review: where, what was extracted, what is correct. */
export interface CorrectedField {
  /** Concrete path (`lineItems[2].amount`, `''` for the whole output). */
  readonly path: string;
  /** `undefined` when the extraction had no value there. */
  readonly extracted: unknown;
  /** `undefined` when the correction removed the value. */
  readonly expected: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The leaf paths where a corrected output differs from the extracted one, in the order of the
 * corrected output (then the extracted one's other keys), at most {@link MAX_CORRECTED_FIELDS}.
 * Objects are compared key by key and arrays index by index; a value that is added, removed or
 * changes kind (object, array, scalar) counts at its own path.
 */
export function correctedFields(options: {
  readonly extracted: unknown;
  readonly expected: unknown;
}): CorrectedField[] {
  const found: CorrectedField[] = [];
  const walk = (extracted: unknown, expected: unknown, path: PropertyKey[]): void => {
    if (found.length >= MAX_CORRECTED_FIELDS) return;
    if (isObject(extracted) && isObject(expected)) {
      const keys = new Set([...Object.keys(expected), ...Object.keys(extracted)]);
      for (const key of keys) {
        walk(
          Object.hasOwn(extracted, key) ? extracted[key] : undefined,
          Object.hasOwn(expected, key) ? expected[key] : undefined,
          [...path, key],
        );
      }
      return;
    }
    if (Array.isArray(extracted) && Array.isArray(expected)) {
      for (let i = 0; i < Math.max(extracted.length, expected.length); i++) {
        walk(extracted[i], expected[i], [...path, i]);
      }
      return;
    }
    if (!Object.is(extracted, expected)) found.push({ path: formatPath(path), extracted, expected });
  };
  walk(options.extracted, options.expected, []);
  return found;
}

/** Controls and the marks that reorder text, written as `\u` escapes: a lesson is one plain line. */
function neutral(text: string): string {
  return text.replace(
    /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const shown = (value: unknown): string =>
  value === undefined ? 'nothing' : neutral(excerpt(value, VALUE_CHARS) ?? 'nothing');

/**
 * The error-history observations of one correction, one per corrected field: the signature
 * `review:<normalised path>:corrected` (indices as `[]`, so the same field of any item counts
 * together) and the example `<path> was corrected in review: extracted X, expected Y` (each value
 * a short one-line excerpt, never a whole document). The lessons the worker shows later say so.
 */
export function correctionObservations(fields: readonly CorrectedField[]): IssueObservation[] {
  return fields.map((field) => {
    const path = neutral(cut(field.path, PATH_CHARS));
    return {
      signature: `review:${neutral(cut(normalizePath(field.path), PATH_CHARS))}:corrected`,
      example: `${path === '' ? 'the output' : path} was corrected in review: extracted ${shown(field.extracted)}, expected ${shown(field.expected)}`,
    };
  });
}
