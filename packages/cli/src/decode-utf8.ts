import { InvalidUtf8Error } from './invalid-utf8-error';

/**
 * Decodes UTF-8 strictly (a leading byte-order mark is dropped): nothing is replaced by U+FFFD.
 * @throws InvalidUtf8Error naming the byte offset and line of the first malformed sequence.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (cause) {
    const offset = firstMalformed(bytes);
    let line = 1;
    for (let i = 0; i < offset; i += 1) if (bytes[i] === 0x0a) line += 1;
    throw new InvalidUtf8Error({ offset, line, byte: bytes[offset] ?? 0, cause });
  }
}

/** Offset of the first sequence that is not well-formed UTF-8 (Unicode Table 3-7), or `bytes.length`. */
function firstMalformed(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf
        ? 2
        : lead >= 0xe0 && lead <= 0xef
          ? 3
          : lead >= 0xf0 && lead <= 0xf4
            ? 4
            : 0;
    if (length === 0) return i;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k += 1) {
      const next = bytes[i + k];
      if (next === undefined) return i;
      if (k === 1 ? next < low || next > high : next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return bytes.length;
}
