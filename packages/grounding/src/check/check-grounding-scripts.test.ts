import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { groundingPlan } from '../plan/grounding-plan';
import { checkGrounding } from './check-grounding';

/**
 * Whole checks on documents in other scripts and layouts: every value's quote is found however the
 * model wrote it (half-width for full-width, composed for decomposed accents, one line for a passage
 * broken over lines or table cells), the value agrees, and each span is the original text.
 */
const Invoice = z.object({
  vendor: z.string(),
  number: z.string(),
  issued: z.iso.date(),
  total: z.number(),
});
const plan = groundingPlan({ output: Invoice, grounding: 'require' });

function spans(document: string, data: z.infer<typeof Invoice>, evidence: Record<string, string>) {
  const result = checkGrounding({ plan, document, data, evidence });
  expect(result.issues).toEqual([]);
  return Object.fromEntries(
    Object.entries(result.provenance).map(([path, p]) => [
      path,
      `${p.match}: ${document.slice(p.start, p.end)}`,
    ]),
  );
}

describe('checkGrounding across scripts and layouts', () => {
  it('grounds a Japanese invoice quoted in half-width characters', () => {
    const document = [
      '株式会社さくら翻訳',
      '請求書番号：ＩＮＶ－２０２６－０１７',
      '発行日：2026年3月5日',
      '｜ 合計 ｜ ￥３９，６００ ｜',
    ].join('\n');
    const data = { vendor: '株式会社さくら翻訳', number: 'INV-2026-017', issued: '2026-03-05', total: 39600 };
    expect(
      spans(document, data, {
        vendor: '株式会社さくら翻訳',
        number: '請求書番号:INV-2026-017',
        issued: '発行日：2026年3月5日',
        total: '合計 ￥39,600',
      }),
    ).toEqual({
      vendor: 'exact: 株式会社さくら翻訳',
      number: 'normalised: 請求書番号：ＩＮＶ－２０２６－０１７',
      issued: 'exact: 発行日：2026年3月5日',
      total: 'normalised: 合計 ｜ ￥３９，６００',
    });
  });

  it('grounds a French invoice whose quotes join lines and table cells, with accents composed or not', () => {
    const document = [
      'Société Générale d’Édition',
      'Facture n°',
      'FA-2026/0042',
      "Date d'émission :",
      '1er mars 2026',
      '| Total TTC |   1 234,56 € |',
    ].join('\n');
    const data = {
      vendor: 'Société Générale d’Édition',
      number: 'FA-2026/0042',
      issued: '2026-03-01',
      total: 1234.56,
    };
    expect(
      spans(document, data, {
        vendor: "Socie\u0301te\u0301 Ge\u0301ne\u0301rale d'E\u0301dition",
        number: 'Facture n° FA-2026/0042',
        issued: "Date d'émission : 1er mars 2026",
        total: 'Total TTC 1 234,56 €',
      }),
    ).toEqual({
      vendor: 'normalised: Société Générale d’Édition',
      number: 'normalised: Facture n°\nFA-2026/0042',
      issued: "normalised: Date d'émission :\n1er mars 2026",
      total: 'normalised: Total TTC |   1 234,56 €',
    });
  });

  it('reads Swiss, Indian and negative amounts in table rows', () => {
    const document = '| Betrag | CHF 1’234.50 |\n| Amount | ₹1,23,456.78 |\n| Credit | (12.00) |';
    const check = (total: number, quote: string) =>
      checkGrounding({
        plan,
        document,
        data: { vendor: '', number: '', issued: '', total } as never,
        evidence: { total: quote },
      }).fields.find((field) => field.path === 'total')?.status;
    expect(check(1234.5, 'Betrag CHF 1’234.50')).toBe('grounded');
    expect(check(123456.78, 'Amount | ₹1,23,456.78')).toBe('grounded');
    expect(check(-12, 'Credit (12.00)')).toBe('grounded');
    expect(check(12, 'Credit (12.00)')).toBe('mismatch');
  });
});
