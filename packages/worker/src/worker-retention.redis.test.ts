import { describe, expect, vi } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc } from './worker-test-harness';

describe('completed-job retention (real Redis, SDK against the stand-in)', () => {
  it('removes completed jobs past KEEP_COMPLETED_COUNT at the next sweep, keeping the newest', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ env: { WORKER_CONCURRENCY: '1' } });
    const worker = await h.startWorker({ KEEP_COMPLETED_COUNT: '3', KEEP_COMPLETED_SWEEP_MS: '200' });
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const { jobId } = await h.client.enqueue('note', { text: doc(`kept-${i}`) });
      await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
      ids.push(jobId);
    }
    const { queue } = worker.queues;
    await vi.waitUntil(async () => (await queue.getCompletedCount()) <= 3, { timeout: 10_000, interval: 50 });
    const kept = (await queue.getCompleted(0, -1)).map((job) => job.id);
    expect(kept).toContain(ids.at(-1));
    expect(await queue.getJob(ids[0] as string)).toBeUndefined();
  });
});
