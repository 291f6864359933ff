import { describe, expect, it } from 'vitest';
import { normaliseText } from './normalise-text';
import { readNumber } from './read-number';

describe('readNumber', () => {
  it('reads plain decimal numbers, with thousands commas and exponents', () => {
    expect(readNumber('1234.5')).toBe(1234.5);
    expect(readNumber('-1,234.50')).toBe(-1234.5);
    expect(readNumber('+.5')).toBe(0.5);
    expect(readNumber('1e3')).toBe(1000);
    expect(readNumber('007')).toBe(7);
    expect(readNumber(normaliseText('１２３'))).toBe(123);
  });

  it('reads nothing else: currency, spaces, decimal commas, bad grouping, bare signs', () => {
    for (const text of [
      '$12',
      '12 eur',
      '1 234',
      '1.234,50',
      '12,34',
      '1,2345',
      '',
      '-',
      '.',
      'e5',
      '1e',
      '0x10',
      'Infinity',
    ])
      expect(readNumber(text), text).toBeNull();
    expect(readNumber(`1${'0'.repeat(400)}`)).toBeNull();
  });
});
