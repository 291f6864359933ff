import { describe, expect, it } from 'vitest';
import { createQuoteLocator } from './quote-locator';

const invoice = [
  'ACME Industrial Supplies GmbH',
  'Rechnung / Invoice   No.:  INV-2026-0042',
  'Date:\t05.03.2026',
  '| Item            | Qty | Amount     |',
  '|-----------------|-----|------------|',
  '| Widget, blue    |   4 | 1.234,56 € |',
  '| Café crème      |  12 |    (12,00) |',
  '請求書番号：ＩＮＶ－２０２６－００４２ 📦',
].join('\n');

function spanOf(document: string, quote: string, limits = {}) {
  const location = createQuoteLocator({ document, limits }).locate(quote);
  return location.match === 'none'
    ? location
    : {
        match: location.match,
        text: document.slice(location.start, location.end),
        similarity: location.similarity,
      };
}

describe('createQuoteLocator', () => {
  it('finds a verbatim quote (trimmed) at its exact offsets', () => {
    const location = createQuoteLocator({ document: invoice }).locate('  INV-2026-0042 ');
    expect(location).toEqual({
      match: 'exact',
      start: invoice.indexOf('INV-2026-0042'),
      end: invoice.indexOf('INV-2026-0042') + 13,
      similarity: 1,
    });
  });

  it('finds quotes that differ in spacing, line breaks, tabs, table rules or case, and maps them back', () => {
    expect(spanOf(invoice, 'Invoice No.: INV-2026-0042')).toEqual({
      match: 'normalised',
      text: 'Invoice   No.:  INV-2026-0042',
      similarity: 1,
    });
    expect(spanOf(invoice, 'date: 05.03.2026')).toMatchObject({
      match: 'normalised',
      text: 'Date:\t05.03.2026',
    });
    expect(spanOf(invoice, 'Widget, blue 4 1.234,56 €')).toMatchObject({
      match: 'normalised',
      text: 'Widget, blue    |   4 | 1.234,56 €',
    });
    expect(spanOf(invoice, 'GmbH Rechnung')).toMatchObject({ match: 'normalised', text: 'GmbH\nRechnung' });
  });

  it('finds non-Latin, full-width, accented and emoji text', () => {
    expect(spanOf(invoice, '請求書番号：INV-2026-0042')).toMatchObject({
      match: 'normalised',
      text: '請求書番号：ＩＮＶ－２０２６－００４２',
    });
    expect(spanOf(invoice, 'ＩＮＶ－２０２６－００４２ 📦')).toMatchObject({ match: 'exact' });
    expect(spanOf(invoice, 'CAFE\u0301 CRÈME')).toMatchObject({ match: 'normalised', text: 'Café crème' });
  });

  it('accepts a quote with a few slips as fuzzy, with the real text as the span', () => {
    expect(spanOf(invoice, 'ACME Industrial Suplies GmbH')).toEqual({
      match: 'fuzzy',
      text: 'ACME Industrial Supplies GmbH',
      similarity: 1 - 1 / 28,
    });
    expect(spanOf(invoice, 'Invoice No: INV-2026-0042')).toMatchObject({
      match: 'fuzzy',
      text: 'Invoice   No.:  INV-2026-0042',
    });
  });

  it('does not accept a made-up quote, nor fuzzy matching of short quotes', () => {
    expect(spanOf(invoice, 'Purchase order PO-7781 dated 2026-02-01')).toEqual({
      match: 'none',
      reason: 'absent',
    });
    expect(spanOf(invoice, 'INV-9')).toEqual({ match: 'none', reason: 'absent' });
    expect(spanOf(invoice, ' \n ')).toEqual({ match: 'none', reason: 'empty' });
    expect(spanOf(invoice, '\u200B')).toEqual({ match: 'none', reason: 'empty' });
  });

  it('keeps to its bounds', () => {
    expect(spanOf(invoice, 'x'.repeat(1_001))).toEqual({ match: 'none', reason: 'quote_too_long' });
    expect(spanOf(invoice, 'invoice no.: inv-2026-0042', { maxNormalisedChars: 100 })).toEqual({
      match: 'none',
      reason: 'document_too_long',
    });
    expect(spanOf(invoice, 'INV-2026-0042', { maxNormalisedChars: 100 })).toMatchObject({ match: 'exact' });
    const locator = createQuoteLocator({ document: invoice, limits: { fuzzyBudget: 32 * invoice.length } });
    expect(locator.locate('ACME Industrial Suplies GmbH').match).toBe('fuzzy');
    expect(locator.locate('Widgett, blue')).toEqual({ match: 'none', reason: 'budget_spent' });
  });

  it('answers a repeated quote from memory, without spending the budget twice', () => {
    const locator = createQuoteLocator({ document: invoice, limits: { fuzzyBudget: 32 * invoice.length } });
    const first = locator.locate('ACME Industrial Suplies GmbH');
    expect(locator.locate('ACME Industrial Suplies GmbH')).toBe(first);
  });

  // Its speed is measured, not asserted (grounding README, Bounds): timing belongs in `pnpm bench`.
  it('searches a megabyte document within the default budget', () => {
    const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. 1.234,56 EUR | ';
    const document = `${filler.repeat(14_000)}Payment reference: RF18 5390 0754 7034\n${filler.repeat(100)}`;
    const locator = createQuoteLocator({ document });
    expect(spanOf(document, 'Payment reference RF18 5390 0754 7043')).toMatchObject({ match: 'fuzzy' });
    expect(locator.locate('Payment referense: RF18 5390 0754 7034').match).toBe('fuzzy');
    expect(locator.locate('Payment ref: RF18 5390 0754 7034').match).toBe('none');
  });
});

describe('limits', () => {
  it('refuses limits out of range, naming each', () => {
    expect(() =>
      createQuoteLocator({ document: 'x', limits: { maxQuoteChars: 0, fuzzyThreshold: Number.NaN } }),
    ).toThrow(
      'Invalid grounding setting: limits.maxQuoteChars: Too small: expected number to be >=1; limits.fuzzyThreshold: Invalid input: expected number, received NaN',
    );
  });
});
