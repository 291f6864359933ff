import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, waitFor } from './worker-test-harness';

describe('a job whose lock this worker lost (real Redis, SDK against the stand-in)', () => {
  it('row 85: cuts off its in-flight model call and leaves the job to the worker that owns it', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      // The first call would answer after 20 s; the retry answers at once.
      plan: { slow: [{ kind: 'delay', ms: 20_000, reply: { kind: 'json', value: goodNote } }] },
      env: { WORKER_CONCURRENCY: '1', LOCK_DURATION_MS: '2000', ANTHROPIC_TIMEOUT_MS: '60000' },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('slow') });
    await waitFor(async () => h.requestsFor('slow').length === 1, 10_000, 'the first model call');
    const startedAt = Date.now();
    // Another worker took the job over: its lock now holds that worker's token.
    const lockKey = `${h.prefix}:${h.config.queue.queueName}:${jobId}:lock`;
    await waitFor(async () => (await h.redis.get(lockKey)) !== null, 5_000, 'the job lock');
    await h.redis.set(lockKey, 'token-of-another-worker', 'PX', 60_000);

    // The next lock renewal (every LOCK_DURATION_MS / 2) fails, and the 20 s call is cut off.
    await waitFor(
      async () => h.standin.stats.aborted === 1 || Date.now() - startedAt > 15_000,
      20_000,
      'the call to be cut off',
    );
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    const job = await h.rawQueue().getJob(jobId);
    // Neither failed nor moved by the worker that lost it: still active, owned by the other token.
    expect(await job?.getState()).toBe('active');
    expect(job?.attemptsMade).toBe(0);
    expect(await h.redis.get(lockKey)).toBe('token-of-another-worker');
    expect(h.requestsFor('slow')).toHaveLength(1);
  });
});
