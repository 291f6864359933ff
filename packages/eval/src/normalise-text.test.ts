import { describe, expect, it } from 'vitest';
import { normaliseText } from './normalise-text';

describe('normaliseText', () => {
  it('applies NFKC, lower case and collapsed, trimmed whitespace', () => {
    expect(normaliseText('  ACME\u00a0 \tCorp\n')).toBe('acme corp');
    expect(normaliseText('ＩＮＶ－１２３')).toBe('inv-123');
    expect(normaliseText('ﬁle')).toBe('file');
    expect(normaliseText('e\u0301')).toBe('é');
  });

  it('keeps punctuation', () => {
    expect(normaliseText('A-1')).not.toBe(normaliseText('A1'));
  });
});
