import { createHash } from 'node:crypto';
import type { Lane } from '@quarry/core';
import { loadSamples, type Sample, type SampleRendering } from '@quarry/samples';
import { planHallucination, type SimulateOptions, type StandinOptions } from '@quarry/standin';

/**
 * The shipped samples, interleaved across workflows (invoice, ticket, invoice, …) so that a short
 * run with `--limit` still covers every workflow.
 */
export function demoSamples(limit: number | null): Sample[] {
  const byWorkflow = new Map<string, Sample[]>();
  for (const sample of loadSamples()) {
    const list = byWorkflow.get(sample.workflow) ?? [];
    list.push(sample);
    byWorkflow.set(sample.workflow, list);
  }
  const queues = [...byWorkflow.values()];
  const interleaved: Sample[] = [];
  for (let i = 0; queues.some((queue) => i < queue.length); i++) {
    for (const queue of queues) {
      const sample = queue[i];
      if (sample) interleaved.push(sample);
    }
  }
  return limit === null ? interleaved : interleaved.slice(0, limit);
}

const collapseBlanks = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Invented values in the simulated answers: a fifth of the invoices get an invoice number the
 * document does not show (the last digit changed; half with a made-up quote). No schema or rule can
 * tell it from the true one; grounding catches it.
 */
const demoHallucinations = { rate: 0.2, quoteRate: 0.5, paths: ['invoiceNumber'] };

/**
 * The simulated model of the demo: realistic mistake rates (a quarter of first answers wrong, a few
 * documents wrong for good), one persistent tendency per workflow that only a lesson prevents,
 * invented values in a fifth of the invoices ({@link demoHallucinations}), some latency, and rare
 * overloads and rate limits; in the batch lane, batches end after one second. It reads the page
 * images of the `pdfs` without a text layer as the real model does (the stand-in has no OCR: it is
 * told what they show).
 */
export function simulatedModel(options: {
  readonly samples: readonly Sample[];
  readonly pdfs?: readonly SampleRendering[];
  readonly seed: number;
  readonly lane: Lane;
}): StandinOptions {
  const { samples, seed } = options;
  const simulate: SimulateOptions = {
    corpus: samples.map((sample) => ({ workflow: sample.workflow, text: sample.text, truth: sample.truth })),
    mistakes: { rate: 0.25, unfixableRate: 0.05 },
    persistentMistakes: [
      { workflow: 'invoice', path: 'issueDate', mutation: 'dateFormat' },
      { workflow: 'support-ticket', path: 'priority', mutation: 'badEnum' },
    ],
    hallucinations: demoHallucinations,
    seed,
  };
  return {
    simulate,
    // Documents named by sample id, so that the invented values can be counted ({@link inventedValues}).
    pageImageText: new Map(
      (options.pdfs ?? []).flatMap((pdf) => {
        const sample = samples.find((candidate) => candidate.id === pdf.sampleId);
        return pdf.textLayer || !sample
          ? []
          : [[createHash('sha256').update(pdf.bytes).digest('hex'), sample.text] as const];
      }),
    ),
    // PDF text layers keep the words, not every blank: compared with runs of blanks as one space.
    documentKey: (document) => {
      const text = collapseBlanks(document);
      return samples.find((sample) => text.includes(collapseBlanks(sample.text)))?.id ?? 'unknown';
    },
    latency: { meanMs: 300, jitterMs: 200 },
    faults: { overloaded: 0.02, rateLimit: 0.01, retryAfterSeconds: 1 },
    seed,
    record: false,
    ...(options.lane === 'batch' ? { batches: { delayMs: 1000 } } : {}),
  };
}

/** How many of `samples` the simulated model of {@link simulatedModel} answers with an invented value. */
export function inventedValues(options: {
  readonly samples: readonly Sample[];
  readonly seed: number;
}): number {
  return options.samples.filter(
    (sample) =>
      planHallucination({
        seed: options.seed,
        documentKey: sample.id,
        truth: sample.truth,
        schema: null,
        hallucinations: demoHallucinations,
      }) !== null,
  ).length;
}
