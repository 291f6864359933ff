/**
 * Plain decimal numbers as a string may hold them: an optional sign, digits (thousands separated by
 * commas in groups of three, or not at all), an optional decimal point with digits, an optional exponent.
 * `1234.5`, `-1,234.50`, `.5`, `1e3`. No currency, spaces or decimal commas.
 */
const NUMERIC = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/**
 * The number a (normalised) string holds, or null when it is not a plain decimal number (see
 * `NUMERIC`), or is too large for a double.
 */
export function readNumber(text: string): number | null {
  if (!NUMERIC.test(text) || !/\d/.test(text.replace(/e.*$/i, ''))) return null;
  const value = Number(text.replaceAll(',', ''));
  return Number.isFinite(value) ? value : null;
}
