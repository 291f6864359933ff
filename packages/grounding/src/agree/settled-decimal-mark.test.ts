import { describe, expect, it } from 'vitest';
import { settledDecimalMark } from './settled-decimal-mark';

describe('settledDecimalMark', () => {
  it.each([
    ['de-DE', ','],
    ['fr-FR', ','],
    ['fr-CH', ','],
    ['en-US', '.'],
    ['ja-JP', '.'],
    ['de-CH', '.'],
    ['en-IN', '.'],
  ])('takes the decimal mark of locale %s (%s) where the document shows none or both', (locale, mark) => {
    for (const document of ['Total 1.234', 'Total 1.234,56 and 1,234.56']) {
      expect(settledDecimalMark({ locale, document })).toEqual({ mark, settledBy: `locale ${locale}` });
    }
  });

  it('settles nothing when the document shows only the mark its locale does not use', () => {
    expect(
      settledDecimalMark({ locale: 'en-US', document: 'Netto 1.037,00 €\nGesamt 1.234' }),
    ).toBeUndefined();
    expect(settledDecimalMark({ locale: 'de-DE', document: 'Net 1,037.00\nTotal 1,234' })).toBeUndefined();
    expect(settledDecimalMark({ locale: 'de-DE', document: 'Netto 1.037,00 €\nGesamt 1.234' })).toEqual({
      mark: ',',
      settledBy: 'locale de-DE',
    });
  });

  it.each([
    ['Netto 1.234,56 €', ','],
    ['Summe 12,50', ','],
    ['Amount 1 234,56', ','],
    ['Stück 1.234.567', ','],
    ['Subtotal 1,234.56', '.'],
    ['Fee 12.50', '.'],
    ["Betrag CHF 1'234.50", '.'],
    ['Total ₹1,23,456.78', '.'],
  ])('reads the decimal mark off the document’s other numbers: %s', (document, mark) => {
    expect(settledDecimalMark({ document })).toEqual({ mark, settledBy: "the document's other numbers" });
  });

  it.each([
    ['Total 1,234'],
    ['Datum 05.03.2026, Rechnung 1.234'],
    ['Version 2.1, Betrag 1.234'],
    ["Menge 1'234'567"],
    ['Fee 12.50 and Netto 1.234,56'],
  ])('settles nothing when the document shows no decimal mark, or both: %s', (document) => {
    expect(settledDecimalMark({ document })).toBeUndefined();
  });

  it('falls back to the document for a locale whose decimal mark is neither . nor ,', () => {
    expect(settledDecimalMark({ locale: 'ar-EG', document: 'Fee 12.50' })).toEqual({
      mark: '.',
      settledBy: "the document's other numbers",
    });
  });
});
