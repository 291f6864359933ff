import { BatchesView, quarryKeys } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, type WorkerHarness } from './worker-test-harness';

/** The batch lane only: a batch is due once three attempts wait, rounds every 100 ms. */
const threePerBatch = {
  QUARRY_DEFAULT_LANE: 'batch',
  BATCH_MAX_REQUESTS: '3',
  BATCH_MAX_WAIT_MS: '3600000',
  BATCH_POLL_INTERVAL_MS: '100',
};

async function runThree(h: WorkerHarness, names: readonly string[]): Promise<void> {
  const jobs = await Promise.all(names.map((name) => h.client.enqueue('note', { text: doc(name) })));
  for (const { jobId } of jobs) {
    expect(await h.client.waitForResult(jobId, { timeoutMs: 30_000 })).toMatchObject({
      data: goodNote,
      attempts: 1,
    });
  }
}

describe('batch lane: an unanswered create among another client’s batches (real Redis, SDK against the stand-in)', () => {
  it('row 144: adopts only its own batch, pays no custom_id twice and never lists the other queue’s batch', async ({
    testBed,
  }) => {
    // Two Quarry queues (two prefixes) on one API key and one API: `ours` owns the stand-in.
    const ours = await testBed.harness({ batches: { delayMs: 500 } });
    const other = await testBed.harness();
    await other.startWorker({ ...threePerBatch, ANTHROPIC_BASE_URL: ours.standin.url });
    await runThree(other, ['f1', 'f2', 'f3']);
    const foreignId = ours.requestsFor('f1')[0]?.batch?.id;
    expect(foreignId).toMatch(/^msgbatch_/);

    ours.standin.dropNextBatchCreateResponses(1);
    await ours.startWorker(threePerBatch);
    await runThree(ours, ['o1', 'o2', 'o3']);

    const stats = ours.standin.stats;
    expect(stats.batches.droppedCreateResponses).toBe(1);
    expect(stats.batches.created).toBe(2);
    const paidTwice = Object.entries(stats.batchAnswersPerCustomId).filter(([, n]) => n > 1);
    expect(paidTwice).toEqual([]);
    for (const name of ['o1', 'o2', 'o3', 'f1', 'f2', 'f3']) expect(ours.requestsFor(name)).toHaveLength(1);
    const ownId = ours.requestsFor('o1')[0]?.batch?.id;
    expect(ownId).not.toBe(foreignId);

    const view = new BatchesView({ redis: ours.redis, keys: quarryKeys({ prefix: ours.prefix }) });
    const listed = (await view.list({ limit: 50 })).map((batch) => batch.batchId);
    expect(listed).toEqual([ownId]);
    expect(await view.show({ batchId: foreignId as string, requestLimit: 10 })).toBeNull();
  });
});
