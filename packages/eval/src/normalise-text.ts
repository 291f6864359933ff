/**
 * The form strings are compared in: Unicode NFKC (full-width `ＩＮＶ`, ligatures, compatibility spaces),
 * lower case (locale-independent), every run of whitespace one space, trimmed.
 * `'  ACME\u00a0 Corp '` → `'acme corp'`.
 */
export function normaliseText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
