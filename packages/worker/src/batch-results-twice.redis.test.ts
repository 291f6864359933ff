import Anthropic from '@anthropic-ai/sdk';
import { defaultModelTable } from '@quarry/core';
import { BatchesView, BatchLaneStore, quarryKeys } from '@quarry/queue';
import { pino } from 'pino';
import { describe, expect } from 'vitest';
import { batchLaneDefaults } from './batch/batch-lane-settings';
import { consumeBatch } from './batch/consume-batch';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, waitFor } from './worker-test-harness';

describe('batch results read twice (real Redis, SDK against the stand-in)', () => {
  it('changes nothing: the job completes once, with one attempt, no dead letter and its cost counted once', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    await h.startWorker({ BATCH_MAX_WAIT_MS: '0', BATCH_POLL_INTERVAL_MS: '100' });
    const { jobId } = await h.client.enqueue('note', { text: doc('twice') }, { lane: 'batch' });
    const first = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(first).toMatchObject({ data: goodNote, attempts: 1 });
    const keys = quarryKeys({ prefix: h.prefix });
    const view = new BatchesView({ redis: h.redis, keys });
    await waitFor(
      async () => (await view.list({ limit: 10 }))[0]?.status === 'ended',
      10_000,
      'the batch ended',
    );
    const [ended] = await view.list({ limit: 10 });
    const batchId = h.requestsFor('twice')[0]?.batch?.id ?? '';
    expect(ended?.batchId).toBe(batchId);

    // A second reader consumes the same ended batch's results again, as after a crash.
    const again = {
      store: new BatchLaneStore({ redis: h.redis, keys, resultTtlSeconds: 3600 }),
      client: new Anthropic({ apiKey: 'test', baseURL: h.standin.url, maxRetries: 0, logLevel: 'off' }),
      queue: h.rawQueue(),
      settings: batchLaneDefaults,
      models: defaultModelTable,
      callTimeoutMs: 10_000,
      intentGraceMs: 70_000,
      log: pino({ level: 'silent' }),
      metrics: { batchResult: () => {} },
      now: Date.now,
      uploader: null,
      rebuild: () => Promise.reject(new Error('nothing is rebuilt while consuming')),
    };
    await consumeBatch(again, { batchId, model: 'claude-haiku-5-5', submittedAtMs: Date.now() });

    expect(await h.client.getStatus(jobId)).toMatchObject({ state: 'completed' });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 5_000 })).toEqual(first);
    expect(await h.dlqCount()).toBe(0);
    expect(h.standin.stats.billing.batch.messages).toBe(1);
    expect(h.requestsFor('twice')).toHaveLength(1);
    const [after] = await view.list({ limit: 10 });
    expect(after).toMatchObject({ batchId, status: 'ended', results: { succeeded: 1, errored: 0 } });
    expect(after?.costUsd).toBeCloseTo(h.standin.stats.billing.batch.costUsd, 12);
    expect(first.costUsd).toBeCloseTo(h.standin.stats.billing.batch.costUsd, 12);
  });
});
