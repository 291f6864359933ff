import type { GroundedField } from '@quarry/grounding';
import { describe, expect, it } from 'vitest';
import { labelledQuote } from './labelled-quote';

const total: GroundedField = {
  pattern: 'total',
  kind: 'number',
  mode: 'require',
  nullable: false,
  enumValues: [],
  labels: {},
};
const description =
  'Quote the passage that carries this field\'s own label (such as "total", "amount due", "total \\"net\\"") with the value it introduces.';

function quote(document: string, withLabels = true): string | null {
  return labelledQuote({
    document,
    field: total,
    value: 1000,
    description: withLabels ? description : undefined,
  });
}

describe('labelledQuote', () => {
  it('row 147: quotes the line under the label the evidence schema names, not the first line with the value', () => {
    const document = 'Consulting 1,000.00\nSous-total : 1 000,00\nTotal TTC: 1,000.00';
    expect(quote(document)).toBe('Total TTC: 1,000.00');
    expect(quote(document, false)).toBe('Consulting 1,000.00');
  });

  it('row 147: takes a line that carries the label after other words, else the line right under the label', () => {
    expect(quote('Consulting 1,000.00\nInvoice amount due 1,000.00')).toBe('Invoice amount due 1,000.00');
    expect(quote('Consulting 1,000.00\nAmount due\n1,000.00')).toBe('1,000.00');
    expect(quote('Consulting 1,000.00\nSubtotal 1,000.00')).toBe('Consulting 1,000.00');
  });

  it('row 147: reads labels with escaped quotes, and none from a description that names none', () => {
    expect(quote('Consulting 1,000.00\nTotal "net" 1,000.00')).toBe('Total "net" 1,000.00');
    expect(
      labelledQuote({
        document: 'A 1,000.00\nTotal 1,000.00',
        field: total,
        value: 1000,
        description: 'Evidence',
      }),
    ).toBe('A 1,000.00');
  });
});
