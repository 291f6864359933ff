import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from './decode-utf8';
import { InvalidUtf8Error } from './invalid-utf8-error';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

function failure(input: Uint8Array): InvalidUtf8Error {
  try {
    decodeUtf8(input);
  } catch (error) {
    if (error instanceof InvalidUtf8Error) return error;
    throw error;
  }
  throw new Error('expected the bytes to be refused');
}

describe('decodeUtf8', () => {
  it('decodes UTF-8, dropping a byte-order mark', () => {
    expect(decodeUtf8(bytes('Müller — 5 € 𝄞'))).toBe('Müller — 5 € 𝄞');
    expect(decodeUtf8(bytes([0xef, 0xbb, 0xbf], 'Total'))).toBe('Total');
  });

  it.each([
    ['a Latin-1 byte', bytes('Total: 5\nM', [0xfc], 'ller'), 10, 2, 0xfc],
    ['a stray continuation byte', bytes('ab', [0x80]), 2, 1, 0x80],
    ['a sequence cut short by ASCII', bytes('x', [0xe2, 0x82], 'y'), 1, 1, 0xe2],
    ['a sequence cut off at the end', bytes('x\n\n', [0xf0, 0x9f, 0x98]), 3, 3, 0xf0],
    ['an overlong form', bytes([0xc0, 0xaf]), 0, 1, 0xc0],
    ['an encoded surrogate', bytes('ok ', [0xed, 0xa0, 0x80]), 3, 1, 0xed],
    ['a code point past U+10FFFF', bytes([0xf4, 0x90, 0x80, 0x80]), 0, 1, 0xf4],
    ['UTF-16 with its byte-order mark', Buffer.from('\ufeffhi', 'utf16le'), 0, 1, 0xff],
  ])('refuses %s, naming the byte offset and line', (_kind, input, offset, line, byte) => {
    expect(failure(input)).toMatchObject({ offset, line, byte });
  });

  it('says where in its message', () => {
    expect(failure(bytes('ab\n', [0xff])).message).toBe(
      'invalid UTF-8 at byte offset 3 (line 2): byte 0xff does not start or continue a character',
    );
  });
});
