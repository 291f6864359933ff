import { describe, expect, it } from 'vitest';
import type { GroundedField } from '../plan/grounded-field';
import { fieldBinding } from './field-binding';

const total: GroundedField = {
  pattern: 'total',
  kind: 'number',
  mode: 'require',
  nullable: false,
  enumValues: [],
  labels: {},
  cues: ['total', 'amount due'],
};
const cues = [
  { cue: 'subtotal', owner: 'subtotal' },
  { cue: 'sous-total', owner: 'subtotal' },
];

function bind(document: string, quote: string, value: unknown, field = total) {
  const start = document.indexOf(quote);
  return fieldBinding({ field, value, cues, document, start, end: start + quote.length }).verdict;
}

describe('fieldBinding', () => {
  it('row 147: binds a number to the first number after its own label, in the quote or just before it', () => {
    expect(bind('Total: 1,200.00', 'Total: 1,200.00', 1200)).toBe('bound');
    expect(bind('Amount due\n1,200.00', '1,200.00', 1200)).toBe('bound');
    expect(bind('Total: 3 items 1,200.00', 'Total: 3 items 1,200.00', 1200)).toBe('mismatch');
  });

  it('row 147: the longest label ending nearest the value wins (Sous-total over total)', () => {
    expect(bind('Sous-total : 1 000,00', 'Sous-total : 1 000,00', 1000)).toBe('mismatch');
    expect(bind('Subtotal 1,000.00', 'Subtotal 1,000.00', 1000)).toBe('mismatch');
  });

  it('row 147: a label further back than the previous line does not bind', () => {
    expect(bind('Total:\n\n1,200.00', '1,200.00', 1200)).toBe('unbound');
    expect(bind('Subtotal:\n\n1,200.00', '1,200.00', 1200)).toBe('unbound');
  });

  it('row 147: a label inside a longer word is not the label (total in Subtotal, Totalbetrag)', () => {
    expect(bind('Subtotal: 1,000.00', '1,000.00', 1000)).toBe('mismatch');
    expect(bind('Totalbetrag: 1,000.00', '1,000.00', 1000)).toBe('unbound');
  });

  it('row 147: a label broken across lines still labels the number after it', () => {
    expect(bind('Amount\ndue 1,200.00', 'Amount\ndue 1,200.00', 1200)).toBe('bound');
    expect(bind('Amount\ndue\n1,200.00', '1,200.00', 1200)).toBe('bound');
  });

  it("row 147: a label far back on the quote's own line still labels it (dot leaders, wide tables)", () => {
    const row = `Total ${'.'.repeat(80)} 1,200.00`;
    expect(bind(row, '1,200.00', 1200)).toBe('bound');
    expect(bind(`Subtotal ${'.'.repeat(80)} 1,000.00`, '1,000.00', 1000)).toBe('mismatch');
    expect(bind(`Total\n${' '.repeat(80)}1,200.00`, '1,200.00', 1200)).toBe('unbound');
  });

  it('row 147: full-width digits after the label are the number it introduces', () => {
    expect(bind('Total: １，２００．００', 'Total: １，２００．００', 1200)).toBe('bound');
    expect(bind('Total: ３ items １，２００．００', 'Total: ３ items １，２００．００', 1200)).toBe(
      'mismatch',
    );
  });

  it('row 147: right-to-left marks between the label and the number do not unbind it', () => {
    expect(bind('Total:\u200F 1,200.00', 'Total:\u200F 1,200.00', 1200)).toBe('bound');
  });

  it('row 147: a field without label terms stays unlabelled unless another field labels its line', () => {
    const plain = { ...total, cues: [] };
    expect(bind('Total: 1,200.00', '1,200.00', 1200, plain)).toBe('unlabelled');
    expect(bind('Subtotal: 1,000.00', '1,000.00', 1000, plain)).toBe('mismatch');
  });
});
