import type { Rule, RuleFinding } from '@quarry/core';
import type { TextInput } from '../text-input';
import type { Invoice } from './invoice';

/** Money comparisons tolerate one cent, plus a hair for binary floating point. */
const TOLERANCE = 0.01 + 1e-9;

const money = (value: number): string => value.toFixed(2);
const differs = (actual: number, expected: number): boolean => Math.abs(actual - expected) > TOLERANCE;

/** Each line's amount equals quantity × unitPrice within 0.01; one finding per bad line. */
export const lineAmountsRule: Rule<Invoice, TextInput> = {
  id: 'line-amounts',
  description: 'Each line item amount equals quantity × unitPrice (within 0.01)',
  severity: 'retry',
  check(invoice) {
    const findings: RuleFinding[] = [];
    invoice.lineItems.forEach((item, i) => {
      const expected = item.quantity * item.unitPrice;
      if (!differs(item.amount, expected)) return;
      findings.push({
        path: `lineItems[${i}].amount`,
        message:
          `amount must equal quantity × unitPrice = ${item.quantity} × ${money(item.unitPrice)} = ` +
          `${money(expected)}, got ${money(item.amount)}; re-read this line's quantity, unit price and amount`,
        received: item.amount,
      });
    });
    return findings;
  },
};

/** The subtotal equals the sum of the line amounts within 0.01. */
export const subtotalMatchesLinesRule: Rule<Invoice, TextInput> = {
  id: 'subtotal-matches-lines',
  description: 'subtotal equals the sum of the line item amounts (within 0.01)',
  severity: 'retry',
  check(invoice) {
    const sum = invoice.lineItems.reduce((total, item) => total + item.amount, 0);
    if (!differs(invoice.subtotal, sum)) return [];
    const lines = invoice.lineItems.length;
    return [
      {
        path: 'subtotal',
        message:
          `subtotal ${money(invoice.subtotal)} does not equal the sum of the ${lines} line item ` +
          `amount${lines === 1 ? '' : 's'} (${money(sum)}); check the subtotal and that every line was extracted`,
        received: invoice.subtotal,
      },
    ];
  },
};

/** The total equals subtotal + tax within 0.01. */
export const totalMatchesRule: Rule<Invoice, TextInput> = {
  id: 'total-matches',
  description: 'total equals subtotal + tax (within 0.01)',
  severity: 'retry',
  check(invoice) {
    const expected = invoice.subtotal + invoice.tax;
    if (!differs(invoice.total, expected)) return [];
    return [
      {
        path: 'total',
        message:
          `total ${money(invoice.total)} does not equal subtotal + tax = ${money(invoice.subtotal)} + ` +
          `${money(invoice.tax)} = ${money(expected)}; check the total, the subtotal and the tax`,
        received: invoice.total,
      },
    ];
  },
};

/** The due date is on or after the issue date. */
export const dueAfterIssueRule: Rule<Invoice, TextInput> = {
  id: 'due-after-issue',
  description: 'dueDate is on or after issueDate',
  severity: 'retry',
  check(invoice) {
    // ISO dates (YYYY-MM-DD) order the same as strings.
    if (invoice.dueDate >= invoice.issueDate) return [];
    return [
      {
        path: 'dueDate',
        message:
          `dueDate ${invoice.dueDate} is before issueDate ${invoice.issueDate}; a due date cannot precede ` +
          'the issue date, re-read both dates and their day/month order',
        received: invoice.dueDate,
      },
    ];
  },
};

/** The business rules of the `invoice` workflow, in the order they run. */
export const invoiceRules = [lineAmountsRule, subtotalMatchesLinesRule, totalMatchesRule, dueAfterIssueRule];
