import { describe, expect, it } from 'vitest';
import { capUtf8 } from './cap-utf8';

describe('capUtf8', () => {
  it('keeps a text within the cap', () => {
    expect(capUtf8('héllo', 6)).toEqual({ text: 'héllo', truncated: false });
  });

  it('cuts by UTF-8 bytes, never inside a character', () => {
    expect(capUtf8('héllo', 2)).toEqual({ text: 'h', truncated: true });
    expect(capUtf8('a😀b', 4)).toEqual({ text: 'a', truncated: true });
    expect(capUtf8('a😀b', 5)).toEqual({ text: 'a😀', truncated: true });
  });
});
