/**
 * Cuts a text to at most `maxBytes` bytes of UTF-8, never inside a character.
 * `truncated` tells whether anything was cut.
 */
export function capUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  // No UTF-16 code unit takes more than 3 bytes of UTF-8: a short enough text fits without counting.
  if (text.length * 3 <= maxBytes) return { text, truncated: false };
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) return { text: text.slice(0, end), truncated: true };
    bytes += size;
    end += char.length;
  }
  return { text, truncated: false };
}
