import type { LabelledItemInput } from '@quarry/core';
import { type EvalItemOutcome, type EvalReport, runEvaluation } from '@quarry/eval';
import { EvalRunStore, LabelledSetStore, type QuarryKeys, type RedisClient } from '@quarry/queue';

/** The labelled set the test runs are of. */
export const evalSet = 'invoices-eval';

/** An invoice's expected output. */
const invoice = (number: string, total: number, vendor: string) => ({
  number,
  total,
  vendor,
  lines: [{ sku: `${number}-A`, amount: total }],
});

/** The set's items: three text invoices. */
export const evalItems = (): LabelledItemInput[] =>
  [
    ['inv-1', invoice('INV-1', 10, 'ACME'), 'Invoice INV-1 from ACME, total 10.00'],
    ['inv-2', invoice('INV-2', 20, 'Globex'), 'Invoice INV-2 from Globex, total 20.00'],
    ['inv-3', invoice('INV-3', 30, 'Initech'), 'Invoice INV-3 from Initech, total 30.00'],
  ].map(([id, expected, text]) => ({
    id: id as string,
    document: { kind: 'text', text: text as string },
    expected,
    workflow: { name: 'invoice' },
  }));

/** What a test run's fake worker gives for an item: its output, or a dead letter. */
export type EvalTestOutcome = { readonly data: unknown } | 'dead-lettered';

/**
 * Stores `items` in {@link evalSet} (replacing those of the same id), runs `runEvaluation` over them
 * with a fake worker giving `outcomes` (by item id; the expected output when none is named), and
 * stores the run as `quarry eval run` does. Returns the report.
 */
export async function storeEvalRun(options: {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly runId: string;
  readonly items?: readonly LabelledItemInput[];
  readonly outcomes?: Readonly<Record<string, EvalTestOutcome>>;
}): Promise<EvalReport> {
  const { redis, keys, runId } = options;
  const items = options.items ?? evalItems();
  const sets = new LabelledSetStore({ redis, keys });
  for (const item of items) await sets.put(evalSet, item);
  const report = await runEvaluation({
    run: {
      runId,
      set: evalSet,
      workflow: { name: 'invoice', version: 1 },
      model: null,
      lane: null,
      lessons: false,
    },
    items: items.map((item) => ({ id: item.id, expected: item.expected })),
    runItem: async (item): Promise<EvalItemOutcome> => {
      const outcome = options.outcomes?.[item.id] ?? { data: item.expected };
      if (outcome === 'dead-lettered') {
        return {
          kind: 'dead_lettered',
          reason: { kind: 'validation_exhausted', message: 'no valid reply in 3 attempts' },
          modelCalls: 3,
          costUsd: 0.03,
          tokens: { input: 3000, output: 300, cacheRead: 0, cacheWrite: 0 },
        };
      }
      return {
        kind: 'completed',
        data: outcome.data,
        needsReview: false,
        reviewReasons: [],
        modelCalls: 1,
        firstAttemptValid: true,
        costUsd: 0.01,
        tokens: { input: 1000, output: 100, cacheRead: 0, cacheWrite: 0 },
        wallMs: 1200,
      };
    },
  });
  await new EvalRunStore({ redis, keys }).save({
    listing: {
      runId,
      storedAt: new Date().toISOString(),
      set: evalSet,
      workflow: 'invoice',
      version: 1,
      items: items.length,
      f1: report.summary.overall.f1,
      costUsd: report.summary.costUsd,
    },
    report,
  });
  return report;
}
