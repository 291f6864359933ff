import { describe, expect, it } from 'vitest';
import type { Invoice } from './invoice';
import {
  dueAfterIssueRule,
  invoiceRules,
  lineAmountsRule,
  subtotalMatchesLinesRule,
  totalMatchesRule,
} from './invoice-rules';

const ctx = { input: { text: 'an invoice' } };

const valid = (): Invoice => ({
  vendorName: 'Northwind Office Supply Co.',
  invoiceNumber: 'NW-204311',
  issueDate: '2024-03-05',
  dueDate: '2024-04-04',
  currency: 'USD',
  lineItems: [
    { description: 'Copy paper', quantity: 3, unitPrice: 19.99, amount: 59.97 },
    { description: 'Consulting', quantity: 2.5, unitPrice: 120.33, amount: 300.83 },
    { description: 'Pens', quantity: 3, unitPrice: 0.1, amount: 0.3 },
  ],
  subtotal: 361.1,
  tax: 29.79,
  total: 390.89,
});

describe('invoice rules', () => {
  it('are the four rules of the issue, in order, all retrying', () => {
    expect(invoiceRules.map((rule) => [rule.id, rule.severity])).toEqual([
      ['line-amounts', 'retry'],
      ['subtotal-matches-lines', 'retry'],
      ['total-matches', 'retry'],
      ['due-after-issue', 'retry'],
    ]);
  });

  it('all pass on a consistent invoice, including rounding to the cent and float noise', () => {
    for (const rule of invoiceRules) expect(rule.check(valid(), ctx)).toEqual([]);
  });
});

describe('line-amounts', () => {
  it('reports each wrong line with its path and the expected value', () => {
    const invoice = valid();
    invoice.lineItems[0] = { description: 'Copy paper', quantity: 3, unitPrice: 19.99, amount: 59.79 };
    invoice.lineItems[2] = { description: 'Pens', quantity: 3, unitPrice: 0.1, amount: 3 };
    expect(lineAmountsRule.check(invoice, ctx)).toEqual([
      {
        path: 'lineItems[0].amount',
        message:
          "amount must equal quantity × unitPrice = 3 × 19.99 = 59.97, got 59.79; re-read this line's quantity, unit price and amount",
        received: 59.79,
      },
      {
        path: 'lineItems[2].amount',
        message:
          "amount must equal quantity × unitPrice = 3 × 0.10 = 0.30, got 3.00; re-read this line's quantity, unit price and amount",
        received: 3,
      },
    ]);
  });

  it('accepts a difference of exactly one cent and rejects anything more', () => {
    const invoice = valid();
    invoice.lineItems = [{ description: 'x', quantity: 1, unitPrice: 10, amount: 10.01 }];
    expect(lineAmountsRule.check(invoice, ctx)).toEqual([]);
    invoice.lineItems = [{ description: 'x', quantity: 1, unitPrice: 10, amount: 10.02 }];
    expect(lineAmountsRule.check(invoice, ctx)).toHaveLength(1);
  });
});

for (const { id, rule, passes, wrong, issue } of [
  {
    id: 'subtotal-matches-lines',
    rule: subtotalMatchesLinesRule,
    passes: 'the subtotal is the sum of the amounts',
    wrong: { subtotal: 391.1 },
    issue: {
      path: 'subtotal',
      message:
        'subtotal 391.10 does not equal the sum of the 3 line item amounts (361.10); check the subtotal and that every line was extracted',
      received: 391.1,
    },
  },
  {
    id: 'total-matches',
    rule: totalMatchesRule,
    passes: 'total = subtotal + tax',
    wrong: { total: 361.1 },
    issue: {
      path: 'total',
      message:
        'total 361.10 does not equal subtotal + tax = 361.10 + 29.79 = 390.89; check the total, the subtotal and the tax',
      received: 361.1,
    },
  },
]) {
  describe(id, () => {
    it(`passes when ${passes}`, () => {
      expect(rule.check(valid(), ctx)).toEqual([]);
    });

    it(`reports the ${issue.path} with the sum it should be`, () => {
      expect(rule.check({ ...valid(), ...wrong }, ctx)).toEqual([issue]);
    });
  });
}

describe('due-after-issue', () => {
  it('passes when the due date is the issue date or later', () => {
    expect(dueAfterIssueRule.check({ ...valid(), dueDate: '2024-03-05' }, ctx)).toEqual([]);
    expect(dueAfterIssueRule.check({ ...valid(), dueDate: '2025-01-01' }, ctx)).toEqual([]);
  });

  it('reports a due date before the issue date', () => {
    expect(dueAfterIssueRule.check({ ...valid(), dueDate: '2024-03-04' }, ctx)).toEqual([
      {
        path: 'dueDate',
        message:
          'dueDate 2024-03-04 is before issueDate 2024-03-05; a due date cannot precede the issue date, re-read both dates and their day/month order',
        received: '2024-03-04',
      },
    ]);
  });
});
