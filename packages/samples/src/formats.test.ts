import { describe, expect, it } from 'vitest';
import { addDays, endOfNextMonth, formatDate } from './date-format';
import { formatMoney, formatNumber, formatQuantity, round } from './number-format';

describe('number formatting', () => {
  it('groups and marks decimals per style', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.50');
    expect(formatNumber(1234567.5, 'de')).toBe('1.234.567,50');
    expect(formatNumber(1234567.5, 'fr')).toBe('1 234 567,50');
    expect(formatNumber(1234567.5, 'ch')).toBe("1'234'567.50");
    expect(formatNumber(845350, 'en', 0)).toBe('845,350');
  });

  it('writes quantities with only the decimals they need', () => {
    expect(formatQuantity(12, 'en')).toBe('12');
    expect(formatQuantity(7.5, 'de')).toBe('7,5');
    expect(formatQuantity(32.25, 'en')).toBe('32.25');
    expect(formatQuantity(0.081 * 100, 'en')).toBe('8.1');
  });

  it('places currency symbols', () => {
    expect(formatMoney(1234.5, { prefix: '$', suffix: '', numbers: 'en', decimals: 2 })).toBe('$1,234.50');
    expect(formatMoney(1234.5, { prefix: '', suffix: ' €', numbers: 'de', decimals: 2 })).toBe('1.234,50 €');
  });

  it('rounds half away from zero', () => {
    expect(round(1.005)).toBe(1.01);
    expect(round(2.675)).toBe(2.68);
    expect(round(1234.5, 0)).toBe(1235);
  });
});

describe('date formatting', () => {
  it('writes each style', () => {
    expect(formatDate('2024-03-05', 'us-long')).toBe('March 5, 2024');
    expect(formatDate('2024-03-05', 'us-short')).toBe('Mar 05 2024');
    expect(formatDate('2024-03-05', 'gb-long')).toBe('5 March 2024');
    expect(formatDate('2024-03-05', 'de')).toBe('05.03.2024');
    expect(formatDate('2024-03-01', 'fr-long')).toBe('1er mars 2024');
    expect(formatDate('2024-03-05', 'jp')).toBe('2024/03/05');
    expect(formatDate('2024-03-05', 'email')).toBe('Tue, 5 Mar 2024');
  });

  it('adds days and finds the end of the next month across years and leap days', () => {
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2024-12-20', 30)).toBe('2025-01-19');
    expect(endOfNextMonth('2024-01-31')).toBe('2024-02-29');
    expect(endOfNextMonth('2024-12-05')).toBe('2025-01-31');
  });
});
