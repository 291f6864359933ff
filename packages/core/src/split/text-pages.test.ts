import { describe, expect, it } from 'vitest';
import { SplitInputError } from './split-input-error';
import { textPages } from './text-pages';

describe('textPages', () => {
  it('cuts at form feeds, dropping them, with no empty page after a final one', () => {
    expect(textPages('one\ftwo\fthree')).toEqual(['one', 'two', 'three']);
    expect(textPages('one\ftwo\f')).toEqual(['one', 'two']);
    expect(textPages('one\f\fthree')).toEqual(['one', '', 'three']);
    expect(textPages('\f')).toEqual(['']);
  });

  it('gives one empty page for an empty text, and one page for a short one', () => {
    expect(textPages('')).toEqual(['']);
    expect(textPages('short\ntext')).toEqual(['short\ntext']);
  });

  it('cuts a text without form feeds at line ends within maxChars', () => {
    expect(textPages('aaa\nbbb\nccc\n', { maxChars: 8 })).toEqual(['aaa\nbbb\n', 'ccc\n']);
    expect(textPages('aa\nbb\ncc', { maxChars: 6 })).toEqual(['aa\nbb\n', 'cc']);
  });

  it('cuts a line longer than a page at the limit', () => {
    expect(textPages('ab\ncdefghij\nk', { maxChars: 4 })).toEqual(['ab\n', 'cdef', 'ghij', '\nk']);
    expect(textPages('x'.repeat(13_000))).toEqual(['x'.repeat(6000), 'x'.repeat(6000), 'x'.repeat(1000)]);
  });

  it('keeps every character in exactly one page, in order', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `${'line '.repeat(i % 37)}${i}\r\n`);
    const text = lines.join('');
    for (const maxChars of [1, 7, 64, 1000, 6000]) {
      const pages = textPages(text, { maxChars });
      expect(pages.join('')).toBe(text);
      expect(pages.every((page) => page.length >= 1 && page.length <= maxChars)).toBe(true);
    }
    const fed = 'a\fb\f\fc\f';
    expect(textPages(fed).join('')).toBe(fed.replaceAll('\f', ''));
  });

  it.each([0, -1, 2.5, 10_000_001, Number.NaN])('names a bad maxChars (%s)', (maxChars) => {
    expect(() => textPages('text', { maxChars })).toThrow(SplitInputError);
    expect(() => textPages('text', { maxChars })).toThrow(
      'maxChars: expected a whole number from 1 to 10000000',
    );
  });

  it('names a text that is not a string', () => {
    expect(() => textPages(42 as unknown as string)).toThrow('text: expected a string, got number');
  });
});
