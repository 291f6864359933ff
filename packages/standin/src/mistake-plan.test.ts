import { describe, expect, it } from 'vitest';
import { planMistakes } from './mistake-plan';
import { invoiceSchema, invoiceTruth } from './test-corpus';

const plan = (documentKey: string, mistakes: { rate: number; unfixableRate?: number; count?: number }) =>
  planMistakes({
    seed: 1,
    documentKey,
    truth: invoiceTruth,
    schema: invoiceSchema,
    mistakes: { unfixableRate: 0, count: 1, ...mistakes },
  });

describe('planMistakes', () => {
  it('gives the same plan for the same seed and document', () => {
    expect(plan('doc-1', { rate: 1, count: 3 })).toEqual(plan('doc-1', { rate: 1, count: 3 }));
  });

  it('affects about `rate` of documents, and `unfixableRate` of them for good', () => {
    const plans = Array.from({ length: 400 }, (_, index) =>
      plan(`doc-${index}`, { rate: 0.3, unfixableRate: 0.05 }),
    );
    const wrong = plans.filter((entry) => entry.mistakes.length > 0).length;
    const unfixable = plans.filter((entry) => entry.unfixable).length;
    expect(wrong).toBeGreaterThan(90);
    expect(wrong).toBeLessThan(150);
    expect(unfixable).toBeGreaterThan(8);
    expect(unfixable).toBeLessThan(35);
    expect(plans.every((entry) => !entry.unfixable || entry.mistakes.length > 0)).toBe(true);
  });

  it('plans `count` mistakes at paths that do not overlap', () => {
    const planned = plan('doc-1', { rate: 1, count: 5 }).mistakes;
    expect(planned).toHaveLength(5);
    for (const [index, mistake] of planned.entries())
      for (const other of planned.slice(index + 1)) {
        const shared = Math.min(mistake.path.length, other.path.length);
        expect(mistake.path.slice(0, shared)).not.toEqual(other.path.slice(0, shared));
      }
  });
});
