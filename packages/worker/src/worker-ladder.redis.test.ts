import { defaultModelTable, type TokenPrices, type Usage } from '@quarry/core';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote } from './worker-test-harness';

const HAIKU = 'claude-haiku-5-5';
const SONNET = 'claude-sonnet-5-5';

/** A reply the `count-positive` rule rejects. */
const negative = { kind: 'json', value: { title: 'groceries', count: -1 } } as const;
const otherNegative = { kind: 'json', value: { title: 'groceries', count: -2 } } as const;

/** The price of some usage, written out here rather than taken from the code under test. */
const priced = (usage: Usage, model: string): number => {
  const prices = defaultModelTable[model]?.prices as TokenPrices;
  return (
    (usage.inputTokens * prices.input +
      usage.outputTokens * prices.output +
      usage.cacheCreationInputTokens * prices.cacheWrite5m +
      usage.cacheReadInputTokens * prices.cacheRead) /
    1e6
  );
};

describe('a workflow with a model ladder, through the SDK and the stand-in', () => {
  it('moves a job from Haiku 5.5 to Sonnet 5.5 after a repeated issue, each attempt priced at its model', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { climb: [negative, otherNegative] } });
    await h.startWorker({ WORKER_CONCURRENCY: '1' });
    const { jobId } = await h.client.enqueue('ladder-note', { text: doc('climb') });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: goodNote, attempts: 3, model: SONNET });
    expect(h.requestsFor('climb').map((request) => request.body.model)).toEqual([HAIKU, HAIKU, SONNET]);
    // The stand-in bills each message at its own model's table price: the job's cost is their sum.
    const billed = h.standin.stats.billing.realtime;
    expect(billed.messages).toBe(3);
    expect(result.costUsd).toBeCloseTo(billed.costUsd, 12);
    expect(result.costUsd).toBeGreaterThan(priced(result.usage, HAIKU));
    expect(result.costUsd).toBeLessThan(priced(result.usage, SONNET));
  });

  it("shows each attempt's model in the DLQ record of a job no model of the ladder could answer", async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { stuck: [negative, otherNegative, negative] } });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('ladder-note', { text: doc('stuck') });
    const record = await h.dlqRecordOf(jobId);
    expect(record.reason.kind).toBe('validation_exhausted');
    expect(record.attempts.map((attempt) => [attempt.model, attempt.climb ?? null])).toEqual([
      [HAIKU, null],
      [HAIKU, null],
      [SONNET, 'repeated_issue'],
    ]);
  });

  it('runs a job whose override names one model on that model alone', async ({ testBed }) => {
    const h = await testBed.harness({ plan: { single: [negative, otherNegative] } });
    await h.startWorker();
    const { jobId } = await h.client.enqueue(
      'ladder-note',
      { text: doc('single') },
      { overrides: { model: SONNET } },
    );
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ attempts: 3, model: SONNET });
    expect(h.requestsFor('single').map((request) => request.body.model)).toEqual([SONNET, SONNET, SONNET]);
  });

  it('sends each batch-lane attempt in a batch request naming the model of its rung', async ({ testBed }) => {
    const h = await testBed.harness({ plan: { batched: [negative, otherNegative] } });
    await h.startWorker({ BATCH_MAX_WAIT_MS: '0', BATCH_POLL_INTERVAL_MS: '100' });
    const { jobId } = await h.client.enqueue('ladder-note', { text: doc('batched') }, { lane: 'batch' });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 20_000 });
    expect(result).toMatchObject({ data: goodNote, attempts: 3, model: SONNET });
    const requests = h.requestsFor('batched');
    expect(
      requests.map((request) => [request.body.model, request.batch?.id.startsWith('msgbatch_')]),
    ).toEqual([
      [HAIKU, true],
      [HAIKU, true],
      [SONNET, true],
    ]);
    expect(result.costUsd).toBeCloseTo(h.standin.stats.billing.batch.costUsd, 12);
  });

  it('runs a job whose overrides name a ladder on that ladder, and dead-letters one naming an unpriced model', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { own: [negative, otherNegative] },
      env: { QUARRY_ALLOWED_MODELS: `${HAIKU},${SONNET},acme-1` },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue(
      'note',
      { text: doc('own') },
      { overrides: { models: [HAIKU, SONNET] } },
    );
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ attempts: 3, model: SONNET });
    expect(h.requestsFor('own').map((request) => request.body.model)).toEqual([HAIKU, HAIKU, SONNET]);

    const unpriced = await h.client.enqueue(
      'note',
      { text: doc('unpriced') },
      { overrides: { models: [HAIKU, 'acme-1'] } },
    );
    const record = await h.dlqRecordOf(unpriced.jobId);
    expect(record.reason).toMatchObject({
      kind: 'invalid_payload',
      message: 'The job\'s model ladder is refused: overrides.models: "acme-1" is not in the model table',
    });
    expect(h.requestsFor('unpriced')).toEqual([]);
  });
});
