import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuePaths } from '../test-fixtures/issue-paths';
import { Invoice } from './invoice';
import { invoiceWorkflow } from './invoice-workflow';

const valid = {
  vendorName: 'Sakura Translation K.K.',
  invoiceNumber: '202403-017',
  issueDate: '2024-03-05',
  dueDate: '2024-04-30',
  currency: 'JPY',
  lineItems: [{ description: 'Translation EN to JA', quantity: 3, unitPrice: 12000, amount: 36000 }],
  subtotal: 36000,
  tax: 3600,
  total: 39600,
};

describe('Invoice schema', () => {
  it('accepts a complete invoice', () => {
    expect(Invoice.parse(valid)).toEqual(valid);
  });

  it.each([
    ['empty vendor name', { vendorName: '' }, 'vendorName'],
    ['empty invoice number', { invoiceNumber: '' }, 'invoiceNumber'],
    ['a US-style issue date', { issueDate: '03/05/2024' }, 'issueDate'],
    ['an impossible due date', { dueDate: '2024-02-30' }, 'dueDate'],
    ['a lower-case currency', { currency: 'usd' }, 'currency'],
    ['a currency symbol', { currency: '$' }, 'currency'],
    ['no line items', { lineItems: [] }, 'lineItems'],
    ['a negative subtotal', { subtotal: -1 }, 'subtotal'],
    ['tax as a string', { tax: '3600' }, 'tax'],
    ['a missing total', { total: undefined }, 'total'],
  ])('rejects %s', (_name, change, path) => {
    expect(issuePaths(Invoice, { ...valid, ...change })).toEqual([path]);
  });

  it.each([
    ['an empty description', { description: '' }, 'lineItems.0.description'],
    ['a zero quantity', { quantity: 0 }, 'lineItems.0.quantity'],
    ['a negative unit price', { unitPrice: -5 }, 'lineItems.0.unitPrice'],
    ['a negative amount', { amount: -36000 }, 'lineItems.0.amount'],
    ['an amount with a currency sign', { amount: '¥36,000' }, 'lineItems.0.amount'],
  ])('rejects a line item with %s', (_name, change, path) => {
    const line = { ...valid.lineItems[0], ...change };
    expect(issuePaths(Invoice, { ...valid, lineItems: [line] })).toEqual([path]);
  });

  it('names the expected currency form in its message', () => {
    const result = Invoice.safeParse({ ...valid, currency: 'eur' });
    expect(result.error?.issues[0]?.message).toBe(
      'currency must be a 3-letter ISO 4217 code in upper case, e.g. EUR',
    );
  });

  it('gives the model a JSON schema with every field required and described', () => {
    const schema = z.toJSONSchema(invoiceWorkflow.output, { io: 'input' }) as {
      required: string[];
      properties: Record<string, { description?: string }>;
    };
    expect(schema.required).toEqual(Object.keys(valid));
    for (const [field, property] of Object.entries(schema.properties)) {
      expect(property.description, field).toBeTruthy();
    }
  });
});

describe('invoice workflow input', () => {
  it('takes text of 1 to 200,000 characters', () => {
    expect(invoiceWorkflow.input.safeParse({ text: 'x' }).success).toBe(true);
    expect(invoiceWorkflow.input.safeParse({ text: 'x'.repeat(200_000) }).success).toBe(true);
    expect(invoiceWorkflow.input.safeParse({ text: '' }).error?.issues[0]?.message).toBe(
      'text must not be empty',
    );
    expect(invoiceWorkflow.input.safeParse({ text: 'x'.repeat(200_001) }).error?.issues[0]?.message).toBe(
      'text must be at most 200,000 characters',
    );
    expect(invoiceWorkflow.input.safeParse({}).error?.issues[0]?.message).toBe('text must be a string');
  });
});
