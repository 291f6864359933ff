import { describe, expect } from 'vitest';
import { parseMetrics, sample } from './test-fixtures/metrics-text';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, waitFor } from './worker-test-harness';

const waits = async (metrics: { registry: { metrics(): Promise<string> } }) =>
  sample(parseMetrics(await metrics.registry.metrics()), 'quarry_rate_limit_waits_total', {
    class: 'haiku-4-5',
  }) ?? 0;

describe('pacing by the shared rate-limit budget (real Redis, SDK against the stand-in)', () => {
  it('row 122: more calls than the limit allows -> two workers draw from one budget learnt from the headers: nothing is answered 429, no attempt is spent waiting', async ({
    testBed,
  }) => {
    // 60 requests a minute: a burst of 60, then one a second. 64 jobs across 2 × 20 slots.
    const h = await testBed.harness({
      rateLimits: { requestsPerMinute: 60 },
      env: { WORKER_CONCURRENCY: '20' },
    });
    const workers = [await h.startWorker(), await h.startWorker()];
    const jobs = await Promise.all(
      Array.from({ length: 64 }, (_, n) => h.client.enqueue('note', { text: doc(`paced-${n}`) })),
    );
    const results = await Promise.all(
      jobs.map((job) => h.client.waitForResult(job.jobId, { timeoutMs: 30_000 })),
    );
    expect(results.every((result) => result.attempts === 1)).toBe(true);
    expect(results[0]).toMatchObject({ data: goodNote });
    expect(h.standin.stats.byStatus['429'] ?? 0).toBe(0);
    expect(h.standin.stats.byStatus['200']).toBe(64);
    const waited =
      (await waits(workers[0]?.metrics ?? never())) + (await waits(workers[1]?.metrics ?? never()));
    expect(waited).toBeGreaterThanOrEqual(1);
    const raw = h.rawQueue();
    const made = await Promise.all(jobs.map(async (job) => (await raw.getJob(job.jobId))?.attemptsMade));
    expect(made.every((attemptsMade) => attemptsMade === 0 || attemptsMade === 1)).toBe(true);
  }, 60_000);

  it('applies the configured ceilings when the API sends no rate-limit headers', async ({ testBed }) => {
    const h = await testBed.harness({ env: { WORKER_CONCURRENCY: '10', RATE_LIMIT_RPM: '60' } });
    const worker = await h.startWorker();
    const jobs = await Promise.all(
      Array.from({ length: 63 }, (_, n) => h.client.enqueue('note', { text: doc(`ceiling-${n}`) })),
    );
    await Promise.all(jobs.map((job) => h.client.waitForResult(job.jobId, { timeoutMs: 30_000 })));
    const times = h.standin.requests.map((request) => request.at).sort((a, b) => a - b);
    // 60 go at once, the last three wait a second each for the budget to refill: 63 calls cannot
    // span less than about 3 s. How many calls waited depends on how fast the 60 went out (on a busy
    // machine the budget refills meanwhile), so only that some did is held.
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(2500);
    expect(await waits(worker.metrics)).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('row 123: a worker closed while its calls wait a minute for budget -> lets a call waiting for budget go at once when the worker closes, and puts its job back unspent', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      env: { WORKER_CONCURRENCY: '2', RATE_LIMIT_RPM: '1', SHUTDOWN_GRACE_MS: '60000' },
    });
    const worker = await h.startWorker();
    const first = await h.client.enqueue('note', { text: doc('first') });
    const second = await h.client.enqueue('note', { text: doc('second') });
    await h.client.waitForResult(first.jobId, { timeoutMs: 10_000 });
    await waitFor(
      async () => (await waits(worker.metrics)) >= 1,
      10_000,
      'the second call to wait for budget',
    );
    // The second call waits a minute for the budget; closing must not wait for it (the test would time out).
    await worker.close();
    const job = await h.rawQueue().getJob(second.jobId);
    expect(await job?.getState()).toBe('prioritized'); // waiting its turn in the fair order
    expect(job?.attemptsMade).toBe(0);
    expect(h.requestsFor('second')).toHaveLength(0);
  }, 20_000);
});

function never(): never {
  throw new Error('no worker');
}
