import { describe, expect, it } from 'vitest';
import type { GroundedField } from '../plan/grounded-field';
import { valueAgreement } from './value-agreement';

function field(kind: GroundedField['kind'], extra: Partial<GroundedField> = {}): GroundedField {
  return { pattern: 'f', kind, mode: 'require', nullable: false, enumValues: [], labels: {}, ...extra };
}

describe('valueAgreement', () => {
  it('checks strings as whole words of the span', () => {
    expect(
      valueAgreement({ field: field('string'), value: 'INV-2026-0042', span: 'Invoice No.: INV-2026-0042' }),
    ).toEqual({ verdict: 'agrees' });
    expect(
      valueAgreement({ field: field('string'), value: 'INV-2026-0043', span: 'Invoice No.: INV-2026-0042' }),
    ).toEqual({
      verdict: 'mismatch',
      reason: 'the quoted passage "Invoice No.: INV-2026-0042" does not contain it',
    });
  });

  it('checks numbers under the span formats, and numbers held in strings', () => {
    expect(valueAgreement({ field: field('number'), value: 1234.56, span: 'Total 1.234,56 €' }).verdict).toBe(
      'agrees',
    );
    expect(valueAgreement({ field: field('number'), value: -12, span: 'Discount (12.00)' }).verdict).toBe(
      'agrees',
    );
    expect(valueAgreement({ field: field('number'), value: 0.19, span: 'VAT 19 %' }).verdict).toBe('agrees');
    expect(
      valueAgreement({ field: field('number', { pattern: 'n' }), value: '1,234.56', span: '1 234,56' })
        .verdict,
    ).toBe('agrees');
    expect(
      valueAgreement({ field: field('number'), value: 1243.56, span: 'Total 1.234,56 € (4 items)' }),
    ).toEqual({
      verdict: 'mismatch',
      reason: 'the quoted passage holds the numbers 1234.56, 4',
    });
    expect(valueAgreement({ field: field('number'), value: 5, span: 'five' })).toEqual({
      verdict: 'mismatch',
      reason: 'the quoted passage holds no number',
    });
    expect(valueAgreement({ field: field('number'), value: 'lots', span: '5' })).toEqual({
      verdict: 'mismatch',
      reason: 'the value is not a number',
    });
  });

  it('checks dates as ISO values, with the day/month order of the field', () => {
    expect(
      valueAgreement({ field: field('date'), value: '2026-03-05', span: 'Date: 5 March 2026' }).verdict,
    ).toBe('agrees');
    expect(
      valueAgreement({ field: field('date'), value: '2026-03-05T00:00:00Z', span: '2026-03-05' }).verdict,
    ).toBe('agrees');
    expect(valueAgreement({ field: field('date'), value: '2026-03-06', span: 'Date: 5 March 2026' })).toEqual(
      {
        verdict: 'mismatch',
        reason: 'the quoted passage holds the dates 2026-03-05',
      },
    );
    expect(
      valueAgreement({
        field: field('date', { dateOrder: 'month-first' }),
        value: '2026-05-03',
        span: '05/03/2026',
      }).verdict,
    ).toBe('agrees');
    expect(
      valueAgreement({
        field: field('date', { dateOrder: 'month-first' }),
        value: '2026-03-05',
        span: '05/03/2026',
      }).verdict,
    ).toBe('mismatch');
    expect(
      valueAgreement({
        field: field('date', { pattern: 'issued' }),
        value: '2026-03-05',
        span: '05/03/2026',
      }),
    ).toEqual({
      verdict: 'ambiguous',
      note: 'the date reads as 2026-03-05, 2026-05-03; set dateOrder for issued',
    });
    expect(valueAgreement({ field: field('date'), value: 'March 5', span: '5 March 2026' }).verdict).toBe(
      'mismatch',
    );
  });

  it('checks enum values by their labels, else by name', () => {
    const status = field('enum', {
      enumValues: ['paid', 'net_30'],
      labels: { paid: ['settled', 'bezahlt'] },
    });
    expect(valueAgreement({ field: status, value: 'paid', span: 'Status: BEZAHLT' }).verdict).toBe('agrees');
    expect(valueAgreement({ field: status, value: 'paid', span: 'Paid in full' }).verdict).toBe('agrees');
    expect(valueAgreement({ field: status, value: 'net_30', span: 'Terms: Net 30 days' }).verdict).toBe(
      'agrees',
    );
    expect(valueAgreement({ field: status, value: 'paid', span: 'Status: unpaid' })).toEqual({
      verdict: 'mismatch',
      reason: 'the quoted passage "Status: unpaid" names none of paid, settled, bezahlt',
    });
  });
});
