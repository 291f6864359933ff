import { describe, expect, it } from 'vitest';
import { numbersIn, sameAmount } from './numbers-in';

describe('numbersIn', () => {
  it.each([
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['1\u00A0234,56', 1234.56],
    ['1\u202F234,56', 1234.56],
    ["1'234.56", 1234.56],
    ['1’234.56', 1234.56],
    ['1,234,567.89', 1234567.89],
    ['1.234.567', 1234567],
    ['1,23,456.78', 123456.78],
    ['12,00', 12],
    ['0.5', 0.5],
    ['(12.00)', -12],
    ['($12.00)', -12],
    ['(12,00 €)', -12],
    ['-12.00', -12],
    ['−12.00', -12],
    ['- 12.00', -12],
    ['$1,234.56', 1234.56],
    ['-$1,234.56', -1234.56],
    ['$-1,234.56', -1234.56],
    ['USD 1,234.56', 1234.56],
    ['USD1,234.56', 1234.56],
    ['1.234,56 €', 1234.56],
    ['1.234,56€', 1234.56],
    ['1 234,56 EUR', 1234.56],
    ['EUR -1 234,56', -1234.56],
    ["CHF 1'234.50", 1234.5],
    ['£99', 99],
    ['¥12,345', 12345],
    ['₹1,23,456', 123456],
    ['１２３．４５', 123.45],
    ['15%', 15],
    ['15 %', 0.15],
    ['7,5 %', 0.075],
    ['Total due: 1.234,56 EUR', 1234.56],
  ])('reads %s as %d', (text, value) => {
    expect(numbersIn(text).some((found) => sameAmount(found, value))).toBe(true);
  });

  it('gives both readings to a lone separator before three digits', () => {
    expect(numbersIn('1,234')).toEqual([1234, 1.234]);
    expect(numbersIn('1.234')).toEqual([1234, 1.234]);
  });

  it('reads a hyphen between words or digits as no minus sign', () => {
    expect(numbersIn('SKU-12')).toEqual([12]);
    expect(numbersIn('2026-03-05')).toEqual([2026, 3, 5]);
  });

  it('reads separate numbers apart', () => {
    expect(numbersIn('| 4 | 12.50 | 50.00 |')).toEqual([4, 12.5, 50]);
    expect(numbersIn('Qty 2 100.00')).toEqual(expect.arrayContaining([2, 100, 2100]));
    expect(numbersIn('no digits here')).toEqual([]);
  });

  it('does not read digits with swapped places as the same amount', () => {
    expect(numbersIn('1,234.56').some((found) => sameAmount(found, 1243.56))).toBe(false);
    expect(numbersIn('(12.00)').some((found) => sameAmount(found, 12))).toBe(false);
  });
});

describe('sameAmount', () => {
  it('tolerates half a cent and no more', () => {
    expect(sameAmount(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameAmount(1234.564, 1234.56)).toBe(true);
    expect(sameAmount(1234.57, 1234.56)).toBe(false);
  });
});
