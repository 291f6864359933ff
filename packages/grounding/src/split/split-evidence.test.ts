import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { groundingPlan } from '../plan/grounding-plan';
import { splitEvidence } from './split-evidence';

const Invoice = z.strictObject({
  invoiceNumber: z.string(),
  paid: z.boolean(),
  lines: z.array(z.strictObject({ sku: z.string(), qty: z.number() })),
  meta: z.strictObject({ 'ref no': z.string() }),
});
const plan = groundingPlan({ output: Invoice, grounding: 'require' });

describe('splitEvidence', () => {
  it('returns data the workflow schema accepts and quotes keyed by concrete path', () => {
    const reply = {
      _evidence: { invoiceNumber: 'Invoice no. A-17' },
      invoiceNumber: 'A-17',
      paid: true,
      lines: [
        { _evidence: { sku: 'SKU 1', qty: '2 pcs' }, sku: 'SKU 1', qty: 2 },
        { _evidence: { sku: null, qty: '1' }, sku: 'X', qty: 1 },
      ],
      meta: { _evidence: { 'ref no': 'Ref 9' }, 'ref no': '9' },
    };
    const { data, evidence } = splitEvidence({ plan, reply });
    expect(Invoice.safeParse(data).success).toBe(true);
    expect(evidence).toEqual({
      invoiceNumber: 'Invoice no. A-17',
      'lines[0].sku': 'SKU 1',
      'lines[0].qty': '2 pcs',
      'lines[1].sku': null,
      'lines[1].qty': '1',
      'meta["ref no"]': 'Ref 9',
    });
    expect(reply._evidence).toEqual({ invoiceNumber: 'Invoice no. A-17' });
  });

  it('ignores evidence of the wrong shape and leaves a malformed reply for validation', () => {
    const { data, evidence } = splitEvidence({
      plan,
      reply: {
        _evidence: 'all of it',
        invoiceNumber: 7,
        lines: 'none',
        meta: { _evidence: { 'ref no': 5 } },
      },
    });
    expect(evidence).toEqual({});
    expect(data).toEqual({ invoiceNumber: 7, lines: 'none', meta: {} });
    expect(splitEvidence({ plan, reply: null })).toEqual({ data: null, evidence: {} });
    expect(splitEvidence({ plan, reply: [1] })).toEqual({ data: [1], evidence: {} });
  });

  it('passes the reply through untouched when nothing is grounded', () => {
    const reply = { _evidence: { a: 'b' }, invoiceNumber: 'x' };
    const split = splitEvidence({ plan: groundingPlan({ output: Invoice }), reply });
    expect(split.data).toBe(reply);
    expect(split.evidence).toEqual({});
  });
});
