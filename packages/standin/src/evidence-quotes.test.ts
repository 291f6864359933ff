import { createGrounder } from '@quarry/grounding';
import { loadSamples } from '@quarry/samples';
import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { addEvidence } from './evidence-quotes';

const grounder = createGrounder({ output: invoiceWorkflow.output, grounding: invoiceWorkflow.grounding });
if (!grounder) throw new Error('the invoice workflow is grounded');

describe('addEvidence', () => {
  it('quotes the line that shows each true value of every shipped invoice, which grounding accepts', () => {
    for (const sample of loadSamples('invoice')) {
      const value = structuredClone(sample.truth);
      addEvidence({ value, truth: sample.truth, schema: grounder.outputSchema, document: sample.text });
      expect(Object.keys(value as object)[0], sample.id).toBe('_evidence');
      const { data, evidence } = grounder.split(value);
      expect(data, sample.id).toEqual(sample.truth);
      const verdict = grounder.check({ document: sample.text, data, evidence });
      expect(verdict.issues, sample.id).toEqual([]);
      expect(verdict.reviewReasons, sample.id).toEqual([]);
      expect(Object.keys(verdict.provenance).sort(), sample.id).toEqual([
        'invoiceNumber',
        'issueDate',
        'total',
        'vendorName',
      ]);
    }
  });

  it('adds nothing when the schema asks for no evidence, and gives the quotes it is told to', () => {
    const truth = { invoiceNumber: 'INV-1', total: 5 };
    const plain = structuredClone(truth);
    addEvidence({ value: plain, truth, schema: invoiceWorkflow.output.toJSONSchema(), document: 'INV-1' });
    expect(plain).toEqual(truth);
    const made = { ...truth, invoiceNumber: 'INV-2' };
    addEvidence({
      value: made,
      truth,
      schema: grounder.outputSchema,
      document: 'Invoice INV-1\nTotal 5.00',
      quotes: new Map([['invoiceNumber', 'Invoice INV-2']]),
    });
    expect(made).toEqual({
      _evidence: { vendorName: null, invoiceNumber: 'Invoice INV-2', issueDate: null, total: 'Total 5.00' },
      invoiceNumber: 'INV-2',
      total: 5,
    });
  });
});
