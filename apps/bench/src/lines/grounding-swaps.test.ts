import { createGrounder } from '@quarry/grounding';
import { loadSamples } from '@quarry/samples';
import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { measureSwaps } from './grounding-swaps';

describe('measureSwaps', () => {
  it('row 147: every wrong-field value planted in the shipped invoices is caught by the shipped invoice workflow', () => {
    const grounder = createGrounder({ output: invoiceWorkflow.output, grounding: invoiceWorkflow.grounding });
    if (!grounder) throw new Error('the invoice workflow is grounded');
    const figures = measureSwaps(grounder, loadSamples('invoice'));
    expect(figures.planted).toBeGreaterThanOrEqual(80);
    expect(figures.caught, JSON.stringify(figures.byKind)).toBe(figures.planted);
  });
});
