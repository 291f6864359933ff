/**
 * The text as the visibility checks read it: compatibility characters folded (NFKC) and every run
 * of white space one space, so a PDF's text layer and the laid-out text read the same.
 */
const flattenForVisibility = (text: string): string => text.normalize('NFKC').replace(/\s+/g, ' ');

const isDigit = (character: string | undefined): boolean =>
  character !== undefined && character >= '0' && character <= '9';

/** `1234567.5` → `1,234,567.5`: thousands separators in the whole part. */
const grouped = (plain: string): string => {
  const [whole = '', fraction] = plain.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
};

/**
 * The forms a document may print a number in: as JavaScript writes it (`1234.5`), with two
 * decimals (`1234.50`), and both with thousands separators (`1,234.5`, `1,234.50`). Negative
 * numbers with a leading minus sign only.
 */
export function numberForms(value: number): string[] {
  const plain = String(value);
  const fixed = value.toFixed(2);
  return [...new Set([plain, fixed, grouped(plain), grouped(fixed)])];
}

/**
 * True when `form` occurs in `text` as a whole number: not inside a longer one (no digit, and no
 * `.`, `,` or `-` joined to a digit, right before it; no digit, nor `.` or `,` followed by a digit,
 * right after it).
 */
function containsNumber(text: string, form: string): boolean {
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
    const before = text[at - 1];
    const after = text[at + form.length];
    const joinedBefore =
      isDigit(before) || ((before === '.' || before === ',') && isDigit(text[at - 2])) || before === '-';
    const joinedAfter =
      isDigit(after) || ((after === '.' || after === ',') && isDigit(text[at + form.length + 1]));
    if (!joinedBefore && !joinedAfter) return true;
  }
  return false;
}

/**
 * Whether a scalar is visible in a flattened text ({@link flattenForVisibility}): a string as it is
 * (white space collapsed), a boolean as `true` / `false`, a number in one of its {@link numberForms}
 * standing alone. Null is always visible (there is nothing to see).
 */
export function isVisible(value: string | number | boolean | null, flat: string): boolean {
  if (value === null) return true;
  if (typeof value === 'number') return numberForms(value).some((form) => containsNumber(flat, form));
  const shown = flattenForVisibility(String(value)).trim();
  return shown === '' || flat.includes(shown);
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** True when every scalar leaf of `value`, at any depth, is visible. */
function allVisible(value: unknown, flat: string): boolean {
  if (value === null || value === undefined) return true;
  if (isScalar(value)) return isVisible(value, flat);
  if (Array.isArray(value)) return value.every((item) => allVisible(item, flat));
  if (typeof value === 'object') return Object.values(value).every((item) => allVisible(item, flat));
  return true;
}

/**
 * What an extraction of part of a document (a run of its pages) can give: the truth with every
 * scalar leaf the part does not show set to null, and every array item not wholly shown (one of its
 * non-null scalar leaves absent) left out, the others in their order. Visibility is
 * {@link isVisible} over the part's text.
 */
export function visibleTruth<T>(options: { readonly truth: T; readonly document: string }): T {
  const flat = flattenForVisibility(options.document);
  const visit = (value: unknown): unknown => {
    if (isScalar(value)) return isVisible(value, flat) ? value : null;
    if (Array.isArray(value)) return value.filter((item) => allVisible(item, flat)).map(visit);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visit(item)]));
    return value;
  };
  return visit(options.truth) as T;
}
