import { describe, expect, it } from 'vitest';
import { isVisible, numberForms, visibleTruth } from './visible-truth';

describe('visibleTruth', () => {
  const truth = {
    holder: 'Jane Okafor',
    balance: 1234.5,
    active: true,
    missing: null,
    rows: [
      { description: 'Item 0001 Rent', amount: -42.1, note: null },
      { description: 'Item 0002 Fuel', amount: 7 },
      { description: 'Item 0003 Books', amount: 19.99 },
    ],
    tags: ['alpha', 'beta'],
  };

  it('keeps what the part shows, nulls absent scalars, and drops array items not wholly shown, in order', () => {
    const document = 'Holder:  Jane   Okafor\nItem 0001 Rent   -42.10\nItem 0003 Books 18.99\nalpha';
    expect(visibleTruth({ truth, document })).toEqual({
      holder: 'Jane Okafor',
      balance: null,
      active: null,
      missing: null,
      rows: [{ description: 'Item 0001 Rent', amount: -42.1, note: null }],
      tags: ['alpha'],
    });
  });

  it('reads numbers in the forms documents print them, standing alone', () => {
    expect(numberForms(1234.5)).toEqual(['1234.5', '1234.50', '1,234.5', '1,234.50']);
    expect(isVisible(1234.5, 'Balance 1,234.50 EUR')).toBe(true);
    expect(isVisible(1234.5, 'Balance 1234.5')).toBe(true);
    expect(isVisible(34.5, 'Balance 1,234.50')).toBe(false);
    expect(isVisible(1234.5, 'Balance 11234.50')).toBe(false);
    expect(isVisible(1234.5, 'Balance 1234.505')).toBe(false);
    expect(isVisible(42.1, 'Amount -42.10')).toBe(false);
    expect(isVisible(-42.1, 'Amount -42.10.')).toBe(true);
    expect(isVisible(7, 'qty 7, price 3')).toBe(true);
    expect(isVisible(true, 'Active: true')).toBe(true);
    expect(isVisible(null, '')).toBe(true);
  });
});
