import { describe, expect, it } from 'vitest';
import { normaliseText, originalRange } from './normalise-text';

/** The original text behind the normalised occurrence of `needle`. */
function backFrom(original: string, needle: string): string {
  const normalised = normaliseText(original);
  const at = normalised.text.indexOf(needle);
  expect(at, `"${needle}" in "${normalised.text}"`).toBeGreaterThanOrEqual(0);
  const { start, end } = originalRange(normalised, { start: at, end: at + needle.length });
  return original.slice(start, end);
}

describe('normaliseText', () => {
  it('folds case, whitespace runs, line breaks, tabs and table rules into single spaces', () => {
    expect(normaliseText('  Invoice\tNo.:\r\n   INV-42  ').text).toBe('invoice no.: inv-42');
    expect(normaliseText('| SKU-1 |  2 | 10,00 € |').text).toBe('sku-1 2 10,00 €');
    expect(normaliseText('a\u00A0b\u2003c\u3000d').text).toBe('a b c d');
  });

  it('applies NFKC: full-width forms, ligatures, compatibility characters', () => {
    expect(normaliseText('ＩＮＶ－１２３').text).toBe('inv-123');
    expect(normaliseText('ﬁnal ½').text).toBe('final 1⁄2');
    expect(normaliseText('ｶﾞｽ').text).toBe('ガス');
  });

  it('makes quotes and dashes plain and drops invisible characters', () => {
    expect(normaliseText('“Net 30” – don’t').text).toBe('"net 30" - don\'t');
    expect(normaliseText('in\u00ADvoice\u200B 7\uFEFF').text).toBe('invoice 7');
  });

  it('composes accents across clusters, both ways', () => {
    expect(normaliseText('Cafe\u0301').text).toBe(normaliseText('Café').text);
    expect(normaliseText('CAFÉ').text).toBe('café');
  });

  it('maps a normalised range back to the exact original characters', () => {
    expect(backFrom('Total:   1 234,56\tEUR', 'total: 1 234,56 eur')).toBe('Total:   1 234,56\tEUR');
    expect(backFrom('Line one\n  line two', 'one line')).toBe('one\n  line');
    expect(backFrom('| Widget |   4 |', 'widget 4')).toBe('Widget |   4');
    expect(backFrom('请款单：发票号码 ＩＮＶ－１２３ 日期', 'inv-123')).toBe('ＩＮＶ－１２３');
    expect(backFrom('Lieferung an Cafe\u0301 Müller', 'café')).toBe('Cafe\u0301');
    expect(backFrom('Ｔｏｔａｌ 💶 12 👍🏽 done', '💶 12 👍🏽')).toBe('💶 12 👍🏽');
    expect(backFrom('the ﬁnal sum', 'final')).toBe('ﬁnal');
    expect(backFrom('👩‍👩‍👧 family', 'family')).toBe('family');
  });

  it('keeps surrogate pairs whole: every unit of an emoji maps to the whole emoji', () => {
    const original = 'a😀b';
    const normalised = normaliseText(original);
    expect(normalised.text).toBe('a😀b');
    expect(originalRange(normalised, { start: 1, end: 2 })).toEqual({ start: 1, end: 3 });
    expect(originalRange(normalised, { start: 2, end: 3 })).toEqual({ start: 1, end: 3 });
  });

  // Its speed is measured, not asserted (grounding README, Bounds): timing belongs in `pnpm bench`.
  it('normalises a megabyte of mixed text, every character mapping back to the original', () => {
    const original = 'Rechnung Nr. 2026-0042 — Müller GmbH | 1.234,56 € |\n請求書 ＩＮＶ\n'.repeat(20_000);
    const normalised = normaliseText(original);
    expect(normalised.starts).toHaveLength(normalised.text.length);
    expect(normalised.ends).toHaveLength(normalised.text.length);
    const last = normalised.text.lastIndexOf('inv');
    expect(last).toBeGreaterThan(normalised.text.length - 10);
    expect(original.slice(normalised.starts[last], normalised.ends[last + 2])).toBe('ＩＮＶ');
  });
});
