import { readFileSync } from 'node:fs';
import { defaultRegistry } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { buildSamples } from './build-samples';
import { loadSamples, sampleFile } from './load-samples';
import { SampleFileError } from './sample-file-error';
import { serializeSamples } from './serialize-samples';

const invoices = loadSamples('invoice');
const tickets = loadSamples('support-ticket');
const EMAIL = /[\w.'+-]+@[\w-]+(\.[\w-]+)+/g;

describe('shipped samples', () => {
  it('hold at least 35 invoices and 25 support tickets, 60 in all', () => {
    expect(invoices.length).toBeGreaterThanOrEqual(35);
    expect(tickets.length).toBeGreaterThanOrEqual(25);
    expect(loadSamples()).toEqual([...invoices, ...tickets]);
  });

  it('are exactly what the seeded generator writes', () => {
    for (const [workflow, samples] of Object.entries(buildSamples())) {
      expect(readFileSync(sampleFile(workflow), 'utf8'), `${workflow}: run samples:generate`).toBe(
        serializeSamples(samples),
      );
    }
  });

  it('have truths that pass their workflow schema and every rule', async () => {
    const registry = defaultRegistry();
    for (const sample of loadSamples()) {
      const workflow = registry.get(sample.workflow, sample.version);
      expect(workflow.output.safeParse(sample.truth).success, sample.id).toBe(true);
      expect(workflow.input.safeParse({ text: sample.text }).success, sample.id).toBe(true);
      for (const rule of workflow.rules) {
        expect(
          await rule.check(sample.truth, { input: { text: sample.text } }),
          `${sample.id} ${rule.id}`,
        ).toEqual([]);
      }
    }
  });

  it('have invoice texts that contain the vendor, the invoice number and every line description', () => {
    for (const { id, text, truth } of invoices) {
      expect(text, id).toContain(truth.vendorName);
      expect(text, id).toContain(truth.invoiceNumber);
      for (const line of truth.lineItems) expect(text, id).toContain(line.description);
    }
  });

  it('have invoices of varied currencies, line counts and layouts', () => {
    expect(new Set(invoices.map((s) => s.truth.currency)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(invoices.map((s) => s.truth.vendorName)).size).toBeGreaterThanOrEqual(20);
    const lineCounts = invoices.map((s) => s.truth.lineItems.length);
    expect(Math.min(...lineCounts)).toBe(1);
    expect(Math.max(...lineCounts)).toBeGreaterThanOrEqual(10);
    for (const marker of [
      'TAX INVOICE',
      'RECHNUNG',
      'FACTURE',
      '請求書',
      'Page 1 of 1',
      '| Field |',
      'Subject:',
    ]) {
      expect(
        invoices.some((s) => s.text.includes(marker)),
        marker,
      ).toBe(true);
    }
    expect(invoices.some((s) => s.truth.tax === 0)).toBe(true);
  });

  it('have ticket texts that contain the customer email exactly when the truth has one', () => {
    for (const { id, text, truth } of tickets) {
      if (truth.customerEmail === null) expect(text.match(EMAIL), id).toBeNull();
      else expect(text, id).toContain(truth.customerEmail);
    }
  });

  it('cover every category and priority, with some tickets below the review threshold', () => {
    const categories = new Set(tickets.map((s) => s.truth.category));
    const priorities = new Set(tickets.map((s) => s.truth.priority));
    expect([...categories].sort()).toEqual([
      'account',
      'billing',
      'feature_request',
      'other',
      'shipping',
      'technical',
    ]);
    expect([...priorities].sort()).toEqual(['high', 'low', 'normal', 'urgent']);
    expect(tickets.filter((s) => s.truth.confidence < 0.6).length).toBeGreaterThanOrEqual(2);
    expect(tickets.filter((s) => s.truth.customerEmail === null).length).toBeGreaterThanOrEqual(2);
  });

  it('throws SampleFileError for a workflow without samples', () => {
    expect(() => loadSamples('receipt')).toThrow(SampleFileError);
    expect(() => loadSamples('receipt')).toThrow(
      /receipt\.json: cannot be read; sample files there: invoice\.json, support-ticket\.json/,
    );
  });
});
