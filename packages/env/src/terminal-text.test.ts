import { describe, expect, it } from 'vitest';
import { terminalText } from './terminal-text';

describe('terminalText', () => {
  it('escapes C0, DEL, C1 and bidi controls as \\u followed by four hex digits, and leaves other text alone', () => {
    expect(terminalText('a\u001b[31mb\u0007c\rd\u0008e\u007ff\u009bg\u202eh\u2066i\nj\tk')).toBe(
      'a\\u001b[31mb\\u0007c\\u000dd\\u0008e\\u007ff\\u009bg\\u202eh\\u2066i\\u000aj\\u0009k',
    );
    expect(terminalText('Rechnung für Müller — 5 € ✓ 日本')).toBe('Rechnung für Müller — 5 € ✓ 日本');
  });

  it('keeps line feeds and tabs of a multi-line body', () => {
    expect(terminalText('one\n\ttwo\r\n\u001b[2J', { multiline: true })).toBe(
      'one\n\ttwo\\u000d\n\\u001b[2J',
    );
  });

  it('keeps JSON valid and meaning the same', () => {
    const value = { id: 'a\u001b\u009b\u007f\u202e' };
    const text = terminalText(JSON.stringify(value), { multiline: true });
    expect(text).not.toMatch(/[\p{Cc}\u202e]/u);
    expect(JSON.parse(text)).toEqual(value);
  });
});
