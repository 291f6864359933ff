import { describe, expect, it } from 'vitest';
import { numberReadings, numbersIn, sameAmount } from './numbers-in';

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

  it('gives both readings to a lone separator before three digits, each marked as such', () => {
    expect(numbersIn('1,234')).toEqual([1234, 1.234]);
    expect(numbersIn('1.234')).toEqual([1234, 1.234]);
    expect(numberReadings('12.345')).toEqual([
      { value: 12345, lone: { mark: '.', decimal: false, text: '12.345' } },
      { value: 12.345, lone: { mark: '.', decimal: true, text: '12.345' } },
    ]);
  });

  it.each([
    ['¥1,234', 1234],
    ['￥1,234', 1234],
    ['JPY 1,234', 1234],
    ['1.234 €', 1234],
    ['1.234,- €', 1234],
    ['EUR 1.234', 1234],
    ['$12,345', 12345],
    ['USD 1,234', 1234],
    ['₹1,234', 1234],
    ["CHF 1'234", 1234],
    ["1'234", 1234],
    ['1,23,456', 123456],
    ['1,23,456.78', 123456.78],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1.234.567', 1234567],
    ['1234', 1234],
    ['0,500', 0.5],
    ['0.250', 0.25],
  ])('reads %s as %d alone, with no ambiguous reading', (text, value) => {
    const readings = numberReadings(text);
    expect(readings.map((reading) => reading.value)).toContain(value);
    expect(readings.filter((reading) => reading.lone)).toEqual([]);
    expect(
      readings.some(
        (reading) => sameAmount(reading.value, value * 1000) || sameAmount(reading.value, value / 1000),
      ),
    ).toBe(false);
  });

  it('keeps both readings beside a currency with three decimals, or a code that is no currency', () => {
    expect(numbersIn('KWD 1.234')).toEqual([1234, 1.234]);
    expect(numbersIn('VAT 1.234')).toEqual([1234, 1.234]);
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
