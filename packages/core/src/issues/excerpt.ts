/** Longest excerpt of a received value, in characters. */
export const excerptMaxChars = 80;

/**
 * A short, single-line rendering of a value for feedback: JSON when possible, cut to
 * `maxChars` with a trailing `…`. Returns `undefined` for `undefined` (nothing was received).
 */
export function excerpt(value: unknown, maxChars: number = excerptMaxChars): string | undefined {
  if (value === undefined) return undefined;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return cut(text.replace(/\s+/g, ' '), maxChars);
}

/** Cuts `text` to at most `maxChars` characters, marking the cut with `…`. */
export function cut(text: string, maxChars: number): string {
  // A text has at most as many characters as UTF-16 code units: short texts need no splitting.
  if (text.length <= maxChars) return text;
  const chars = [...text];
  return chars.length <= maxChars ? text : `${chars.slice(0, Math.max(0, maxChars - 1)).join('')}…`;
}
