import { defineWorkflow, type Provenance } from '@quarry/core';
import type { ExtractionJobResult, ReviewEntry } from '@quarry/queue';
import { z } from 'zod';

/** A grounded workflow: every field checked, the invoice number reviewed below 0.9. */
export const groundedInvoice = defineWorkflow({
  name: 'grounded-invoice',
  version: 1,
  description: 'An invoice, every value grounded',
  input: z.object({ text: z.string().min(1) }),
  output: z.object({
    number: z.string(),
    vendor: z.string(),
    vendorName: z.string(),
    total: z.number(),
    due: z.string(),
  }),
  rules: [],
  instructions: 'Extract the invoice.',
  grounding: { mode: 'check', fields: { number: { reviewBelow: 0.9 } } },
});

/** A document with markup in it; the vendor's quote holds a script tag, and the vendor name sits inside it. */
export const groundedText = [
  'Invoice <b>INV-7</b>',
  'From: <script>alert("doc")</script> ACME & Co.',
  'Total: 1.234,56 EUR',
  'Due: next month',
].join('\n');

/** The span of `quote` in {@link groundedText}. */
function span(quote: string, match: 'exact' | 'fuzzy' = 'exact') {
  const start = groundedText.indexOf(quote);
  if (start < 0) throw new Error(`${quote} is not in the document`);
  return { start, end: start + quote.length, quote, match };
}

/** The data of the grounded job. */
export const groundedData = {
  number: 'INV-7',
  vendor: '<script>alert("doc")</script> ACME & Co.',
  vendorName: 'ACME <i>& Co.</i>',
  total: 1243.56,
  due: '2026-03-05',
};

/**
 * The result of a grounded job: the number matched fuzzily (weak: 0.76 < 0.9), vendor and vendor
 * name overlapping, the total's quote found but disagreeing (0), the due date's quote not found (0).
 */
export function groundedResult(provenance: Provenance = groundedProvenance()): ExtractionJobResult {
  return {
    data: groundedData,
    needsReview: true,
    reviewReasons: ['grounding: number: confidence 0.76 is below 0.9 (fuzzy match)'],
    attempts: 1,
    usage: { inputTokens: 900, outputTokens: 120, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
    costUsd: 0.0015,
    model: 'claude-haiku-4-5',
    workflow: 'grounded-invoice',
    version: 1,
    durationMs: 1500,
    provenance,
    fieldConfidence: { number: 0.76, vendor: 1, vendorName: 1, total: 0, due: 0 },
    weakFields: [
      { path: 'number', confidence: 0.76, reviewBelow: 0.9, reason: 'fuzzy match' },
      { path: 'total', confidence: 0, reviewBelow: null, reason: 'failed grounding' },
      { path: 'due', confidence: 0, reviewBelow: null, reason: 'failed grounding' },
    ],
  };
}

/** Where the grounded job's quotes are. */
export function groundedProvenance(): Provenance {
  return {
    number: span('INV-7', 'fuzzy'),
    vendor: span('<script>alert("doc")</script> ACME & Co.'),
    vendorName: span('ACME & Co.'),
    total: span('1.234,56 EUR'),
  };
}

/** The review entry the worker writes for a job that completed with `result`, flagged now. */
export function reviewEntryOf(jobId: string, result: ExtractionJobResult): ReviewEntry {
  return {
    jobId,
    workflow: result.workflow,
    version: result.version,
    reasons: result.reviewReasons,
    flaggedAt: new Date().toISOString(),
    attempts: result.attempts,
    costUsd: result.costUsd,
    data: result.data,
    fieldConfidence: result.fieldConfidence,
    weakFields: result.weakFields,
  };
}
