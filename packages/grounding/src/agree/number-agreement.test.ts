import { describe, expect, it } from 'vitest';
import { numberAgreement } from './number-agreement';
import { settledDecimalMark } from './settled-decimal-mark';

const agreement = (value: unknown, span: string, locale?: string, document = span) =>
  numberAgreement({ pattern: 'total', value, span, decimalMark: settledDecimalMark({ locale, document }) });

describe('numberAgreement', () => {
  it('row 146: a value agreeing only under one reading of a lone . or , before three digits is ambiguous', () => {
    expect(agreement(1.234, 'Total: 1,234')).toEqual({
      verdict: 'ambiguous',
      note: '"1,234" reads as 1234 or 1.234 ("," may group thousands or mark decimals); set locale on the workflow or the job for total',
    });
    expect(agreement(1234, 'Total: 1,234').verdict).toBe('ambiguous');
    expect(agreement(12.345, 'Summe: 12.345').verdict).toBe('ambiguous');
    expect(agreement(12345, 'Summe: 12.345').verdict).toBe('ambiguous');
    expect(agreement(1.234, 'KWD 1.234').verdict).toBe('ambiguous');
  });

  it('row 146: the 1000× reading of a yen or euro amount is a mismatch, the currency settling it', () => {
    expect(agreement(1.234, 'Total: ¥1,234')).toEqual({
      verdict: 'mismatch',
      reason: 'the quoted passage holds the numbers 1234',
    });
    expect(agreement(1.234, 'Gesamtbetrag: 1.234 €').verdict).toBe('mismatch');
    expect(agreement(1.234, 'Gesamtbetrag: 1.234,- €').verdict).toBe('mismatch');
    expect(agreement(1234, 'Total: ¥1,234').verdict).toBe('agrees');
    expect(agreement(1234, 'Gesamtbetrag: 1.234 €').verdict).toBe('agrees');
  });

  it('row 146: a locale settles the reading: the other one is a mismatch that says why', () => {
    expect(agreement(1.234, 'Gesamtbetrag: 1.234', 'de-DE')).toEqual({
      verdict: 'mismatch',
      reason: 'the quoted passage holds the numbers 1234; under locale de-DE, "," is the decimal mark',
    });
    expect(agreement(1234, 'Gesamtbetrag: 1.234', 'de-DE').verdict).toBe('agrees');
    expect(agreement(1.234, 'Total: 1.234', 'en-US').verdict).toBe('agrees');
    expect(agreement(1234, 'Total: 1.234', 'en-US').verdict).toBe('mismatch');
    expect(agreement(1234, 'Total: 1,234', 'ja-JP').verdict).toBe('agrees');
    expect(agreement(1.234, 'Betrag: 1.234', 'de-CH').verdict).toBe('agrees');
    expect(agreement(1234, 'Betrag: 1.234', 'de-CH').verdict).toBe('mismatch');
  });

  it('row 146: the document’s other numbers settle the reading', () => {
    const german = 'Netto: 1.037,00 €\nMwSt: 197,03\nGesamt: 1.234';
    expect(agreement(1234, 'Gesamt: 1.234', undefined, german).verdict).toBe('agrees');
    expect(agreement(1.234, 'Gesamt: 1.234', undefined, german)).toEqual({
      verdict: 'mismatch',
      reason: `the quoted passage holds the numbers 1234; under the document's other numbers, "," is the decimal mark`,
    });
    const english = 'Rate: 0.75 per unit\nWeight: 1.234';
    expect(agreement(1.234, 'Weight: 1.234', undefined, english).verdict).toBe('agrees');
    expect(agreement(1234, 'Weight: 1.234', undefined, english).verdict).toBe('mismatch');
  });

  it.each([
    ['yen', 'Total: ¥1,234', 1234],
    ['yen code', 'Total JPY 630,476', 630476],
    ['euro', 'Summe 1.234,56 €', 1234.56],
    ['Swiss', "Total CHF 1'234.50", 1234.5],
    ['Swiss apostrophe grouping', "Menge 1'234", 1234],
    ['Indian', 'Total ₹1,23,456.78', 123456.78],
    ['Indian, no decimals', 'Total 1,23,456', 123456],
    ['plain grouping', 'Total 1,234,567', 1234567],
    ['plain grouping with decimals', 'Total 1,234.56', 1234.56],
    ['no grouping', 'Total 1234', 1234],
  ])('keeps unambiguous forms exact (%s)', (_kind, span, value) => {
    expect(agreement(value, span)).toEqual({ verdict: 'agrees' });
    expect(agreement(value * 1000, span).verdict).toBe('mismatch');
    expect(agreement(value / 1000, span).verdict).toBe('mismatch');
  });

  it('compares a number held in a string by every reading of it', () => {
    expect(agreement('1.234', 'Total 1234').verdict).toBe('agrees');
    expect(agreement('lots', 'Total 1234')).toEqual({
      verdict: 'mismatch',
      reason: 'the value is not a number',
    });
  });
});
