import { createGrounder } from '@quarry/grounding';
import { loadSamples } from '@quarry/samples';
import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { addEvidence } from './evidence-quotes';
import { invent, planHallucination } from './hallucination';
import { formatPath, setAt } from './json-path';

const samples = loadSamples('invoice');
const grounder = createGrounder({ output: invoiceWorkflow.output, grounding: invoiceWorkflow.grounding });
const schema = grounder?.outputSchema ?? null;
const plan = (documentKey: string, truth: unknown, rate: number, quoteRate = 0.5) =>
  planHallucination({ seed: 3, documentKey, truth, schema, hallucinations: { rate, quoteRate } });

describe('invent', () => {
  it('swaps digits of amounts, shifts dates by a day and changes the last digit of numbered strings', () => {
    expect(invent(1234.56)).toBe(2134.56);
    expect(invent(1200)).toBe(2100);
    expect(invent(2)).toBe(3);
    expect(invent('2026-01-31')).toBe('2026-02-01');
    expect(invent('INV-2026-0042')).toBe('INV-2026-0043');
    expect(invent('RE 2026/9')).toBe('RE 2026/0');
    expect(invent('Acme Tools')).toBeNull();
    expect(invent(true)).toBeNull();
  });
});

describe('planHallucination', () => {
  it('invents for about the share of documents asked, the same value every time, never an enum', () => {
    const planned = samples.map((sample) => plan(sample.id, sample.truth, 0.3));
    const share = planned.filter(Boolean).length / samples.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.45);
    expect(samples.map((sample) => plan(sample.id, sample.truth, 0.3))).toEqual(planned);
    expect(samples.every((sample) => plan(sample.id, sample.truth, 0) === null)).toBe(true);
    const terms = { type: 'object', properties: { terms: { type: 'string', enum: ['net_30', 'net_60'] } } };
    const hallucinations = { rate: 1, quoteRate: 0 };
    const truth = { terms: 'net_30' };
    expect(
      planHallucination({ seed: 3, documentKey: 'doc', truth, schema: terms, hallucinations }),
    ).toBeNull();
    expect(
      planHallucination({ seed: 3, documentKey: 'doc', truth, schema: null, hallucinations })?.value,
    ).toBe('net_31');
  });

  it('invents only at the field patterns given in paths', () => {
    const paths = ['invoiceNumber', 'lineItems[].amount'];
    const planned = samples.map((sample) =>
      planHallucination({
        seed: 3,
        documentKey: sample.id,
        truth: sample.truth,
        schema,
        hallucinations: { rate: 1, quoteRate: 0, paths },
      }),
    );
    const fields = new Set(planned.map((one) => formatPath(one?.path ?? []).replace(/\[\d+\]/g, '[]')));
    expect([...fields].sort()).toEqual(['invoiceNumber', 'lineItems[].amount']);
  });

  it('makes up the quote for the share asked, and otherwise quotes the true passage', () => {
    const sample = samples[0]!;
    const madeUp = plan(sample.id, sample.truth, 1, 1);
    expect(madeUp?.quote).toBe(String(madeUp?.value));
    expect(plan(sample.id, sample.truth, 1, 0)?.quote).toBeNull();
  });

  it('invents values that grounding catches whenever the field is grounded, with either quote', () => {
    let grounded = 0;
    for (const sample of samples) {
      for (const quoteRate of [0, 1]) {
        const invented = plan(sample.id, sample.truth, 1, quoteRate);
        if (!invented) continue;
        const path = formatPath(invented.path);
        const value = structuredClone(sample.truth);
        setAt(value, invented.path, invented.value);
        const quotes = new Map(invented.quote === null ? [] : [[path, invented.quote]]);
        addEvidence({ value, truth: sample.truth, schema, document: sample.text, quotes });
        const { data, evidence } = grounder!.split(value);
        if (!(path in evidence)) continue;
        grounded += 1;
        const verdict = grounder!.check({ document: sample.text, data, evidence });
        expect(
          verdict.issues.map((issue) => issue.path),
          `${sample.id} ${path}`,
        ).toEqual([path]);
      }
    }
    expect(grounded).toBeGreaterThan(10);
  });
});
