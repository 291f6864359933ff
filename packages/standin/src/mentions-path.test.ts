import { describe, expect, it } from 'vitest';
import { parsePath } from './json-path';
import { mentionsPath } from './mentions-path';

const mentions = (text: string, path: string) => mentionsPath(text, parsePath(path));

describe('mentionsPath', () => {
  it('matches the exact path, its normalised form and its ancestors', () => {
    expect(mentions('- lineItems[1].amount: expected 25', 'lineItems[1].amount')).toBe(true);
    expect(mentions('schema:lineItems[].amount:invalid_type', 'lineItems[1].amount')).toBe(true);
    expect(mentions('lineItems[1]: amount must equal quantity × unitPrice', 'lineItems[1].amount')).toBe(
      true,
    );
    expect(mentions('lineItems: expected at least one item', 'lineItems[1].amount')).toBe(true);
    expect(mentions('$.total is wrong', 'total')).toBe(true);
    expect(mentions('total.', 'total')).toBe(true);
  });

  it('does not match other paths that contain the name', () => {
    expect(mentions('subtotal: expected 55', 'total')).toBe(false);
    expect(mentions('invoice.total: expected 55', 'total')).toBe(false);
    expect(mentions('lineItems[0].amount: expected 25', 'lineItems[1].amount')).toBe(false);
    expect(mentions('lineItems[1].amountDue: expected 25', 'lineItems[1].amount')).toBe(false);
    expect(mentions('total[0] is odd', 'total')).toBe(false);
    expect(mentions('', 'total')).toBe(false);
  });
});
