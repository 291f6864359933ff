import { describe, expect, it } from 'vitest';
import { blankAnswer } from './blank-answer';
import { invoiceSchema } from './test-corpus';

describe('blankAnswer', () => {
  it('gives every required field the blank of its type, and leaves optional fields out', () => {
    expect(blankAnswer(invoiceSchema)).toEqual({
      vendorName: '',
      invoiceNumber: '',
      issueDate: '',
      dueDate: '',
      currency: '',
      lineItems: [],
      subtotal: 0,
      tax: 0,
      total: 0,
    });
  });

  it('follows local refs, takes null where allowed and the first enum value', () => {
    const schema = {
      type: 'object',
      $defs: { status: { enum: ['open', 'paid'] } },
      properties: {
        status: { $ref: '#/$defs/status' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        paid: { type: 'boolean' },
        party: { type: 'object', properties: { name: { type: ['string', 'null'] } }, required: ['name'] },
      },
      required: ['status', 'note', 'paid', 'party'],
    };
    expect(blankAnswer(schema)).toEqual({ status: 'open', note: null, paid: false, party: { name: null } });
  });
});
