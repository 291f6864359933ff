import { describe, expect, it } from 'vitest';
import { containsTerm } from './contains-term';

describe('containsTerm', () => {
  it('finds a term as whole words, normalised', () => {
    expect(containsTerm('Invoice No. 42, dated', '42')).toBe(true);
    expect(containsTerm('ACME   Industrial\nSupplies GmbH', 'acme industrial supplies')).toBe(true);
    expect(containsTerm('Lieferung: Café  Crème', 'CAFE\u0301 CRÈME')).toBe(true);
    expect(containsTerm('Ref: INV-2026-0042.', 'INV-2026-0042')).toBe(true);
    expect(containsTerm('(paid)', 'paid')).toBe(true);
  });

  it('does not find a term inside a longer word or number', () => {
    expect(containsTerm('Invoice INV-421', 'INV-42')).toBe(false);
    expect(containsTerm('status: unpaid', 'paid')).toBe(false);
    expect(containsTerm('Total 1420', '42')).toBe(false);
    expect(containsTerm('anything', '')).toBe(false);
  });

  it('finds a term anywhere in text written without spaces', () => {
    expect(containsTerm('東京都千代田区丸の内1-1', '千代田区')).toBe(true);
    expect(containsTerm('株式会社ＡＣＭＥ', 'ACME')).toBe(true);
    expect(containsTerm('서울특별시 강남구', '강남')).toBe(true);
    expect(containsTerm('𠀀𠀁 x', '𠀁')).toBe(true);
  });
});
