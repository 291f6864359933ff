import { describe, expect, it } from 'vitest';
import { formatPath } from './json-path';
import { applyMutation, type MutationKind, mutationCandidates } from './mutation';
import { invoiceSchema, invoiceTruth } from './test-corpus';

const candidates = (kind: MutationKind, schema: typeof invoiceSchema | null = invoiceSchema) =>
  mutationCandidates({ value: invoiceTruth, kind, schema }).map(formatPath);

const mutated = (path: (string | number)[], kind: MutationKind) => {
  const target = structuredClone(invoiceTruth);
  const applied = applyMutation({ target, path, kind, schema: invoiceSchema });
  return { applied, target };
};

describe('mutations', () => {
  it('finds where each kind of mistake is a real mistake', () => {
    expect(candidates('dateFormat')).toEqual(['issueDate', 'dueDate']);
    expect(candidates('badEnum')).toEqual(['status']);
    expect(candidates('badEnum', null)).toEqual([]);
    expect(candidates('arithmeticOff')).toEqual(['lineItems[0].amount', 'lineItems[1].amount']);
    expect(candidates('missingField')).not.toContain('status');
    expect(candidates('missingField')).toContain('lineItems[1].quantity');
    expect(candidates('missingField', null)).toContain('status');
    expect(candidates('wrongType')).toEqual(expect.arrayContaining(['subtotal', 'lineItems[0].unitPrice']));
    expect(candidates('wrongType')).not.toContain('vendorName');
  });

  it('changes the value at a path, or nothing when the mutation does not apply there', () => {
    expect(mutated(['issueDate'], 'dateFormat').target.issueDate).toBe('01/03/2024');
    expect(mutated(['status'], 'badEnum').target.status).toBe('Open');
    expect(mutated(['lineItems', 1, 'amount'], 'arithmeticOff').target.lineItems[1]?.amount).toBe(33);
    expect(mutated(['tax'], 'wrongType').target.tax).toBe('5.5');
    const removed = mutated(['lineItems', 0, 'quantity'], 'missingField');
    expect(removed.target.lineItems[0]).toEqual({ description: 'Hammer', unitPrice: 12.5, amount: 25 });
    const untouched = mutated(['vendorName'], 'dateFormat');
    expect(untouched).toEqual({ applied: false, target: invoiceTruth });
    expect(mutated(['lineItems', 0], 'missingField').applied).toBe(false);
  });
});
