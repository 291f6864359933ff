import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input';

const messages = (text: unknown) => TextInput.safeParse({ text }).error?.issues.map((issue) => issue.message);

describe('textInput catalogue: text that cannot be extracted from', () => {
  it('rejects binary data read as text (a NUL character), naming where', () => {
    expect(messages('%PDF-1.7\n\u0000\u0001\u0002stream')).toEqual([
      'text holds a NUL character at index 9: it looks like binary data (e.g. a PDF or an image read as text); extract its text first',
    ]);
  });

  it('rejects a lone surrogate (invalid UTF-16), naming where, and accepts proper pairs', () => {
    expect(messages('Invoice total 12 \ud83d')).toEqual([
      'text is not well-formed Unicode: a lone surrogate at index 17 (was it cut in the middle of a character?)',
    ]);
    expect(messages('\udc00 reversed pair \udc00\ud83d')).toEqual([
      'text is not well-formed Unicode: a lone surrogate at index 0 (was it cut in the middle of a character?)',
    ]);
    expect(messages('Thanks 😀 — Grüße, 東京')).toBeUndefined();
  });

  it('rejects bytes that are not a string at all', () => {
    expect(messages(new Uint8Array([37, 80, 68, 70]))).toEqual(['text must be a string']);
  });
});
