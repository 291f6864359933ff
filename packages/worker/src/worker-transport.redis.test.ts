import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, waitFor } from './worker-test-harness';

describe('transport failures (real Redis, SDK against the stand-in)', () => {
  it('pauses the whole queue for retry-after on a 429 without consuming a job attempt', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { limited: [{ kind: 'error', status: 429, retryAfterSeconds: 1 }] },
      env: { WORKER_CONCURRENCY: '1' },
    });
    await h.startWorker();
    await h.startWorker();
    const raw = h.rawQueue();
    const limited = await h.client.enqueue('note', { text: doc('limited') });
    // The pause a 429 sets (BullMQ's manual rate limit) shows as a TTL for a limit of MAX_SAFE_INTEGER jobs.
    await waitFor(
      async () => (await raw.getRateLimitTtl(Number.MAX_SAFE_INTEGER)) > 0,
      10_000,
      'the queue-wide pause',
    );
    const rateLimitedAt = h.requestsFor('limited')[0]?.at ?? Number.NaN;
    const other = await h.client.enqueue('note', { text: doc('other') });

    const [limitedResult, otherResult] = await Promise.all([
      h.client.waitForResult(limited.jobId, { timeoutMs: 15_000 }),
      h.client.waitForResult(other.jobId, { timeoutMs: 15_000 }),
    ]);
    expect(limitedResult).toMatchObject({ data: goodNote, attempts: 1 });
    expect(otherResult).toMatchObject({ data: goodNote, attempts: 1 });

    const [, retried] = h.requestsFor('limited');
    const [otherFirst] = h.requestsFor('other');
    expect(h.requestsFor('limited')).toHaveLength(2);
    // Both the bounced job and a job enqueued during the pause waited for retry-after (1 s), generously bounded.
    expect((retried?.at ?? 0) - rateLimitedAt).toBeGreaterThanOrEqual(800);
    expect((otherFirst?.at ?? 0) - rateLimitedAt).toBeGreaterThanOrEqual(800);

    const [limitedJob, otherJob] = await Promise.all([raw.getJob(limited.jobId), raw.getJob(other.jobId)]);
    expect(limitedJob?.attemptsMade).toBe(otherJob?.attemptsMade);
    const bounces = await h.redis.get(`${h.prefix}:quarry:extraction:bounces:${limited.jobId}`);
    expect(bounces).toBe('1');
  });

  it('backs off after a 529, honouring retry-after, then succeeds on the next job attempt', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { busy: [{ kind: 'error', status: 529, retryAfterSeconds: 0.3 }] },
    });
    await h.startWorker();
    const busy = await h.client.enqueue('note', { text: doc('busy') });
    const clean = await h.client.enqueue('note', { text: doc('clean') });
    const result = await h.client.waitForResult(busy.jobId, { timeoutMs: 15_000 });
    await h.client.waitForResult(clean.jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: goodNote, attempts: 1 });

    const [first, second] = h.requestsFor('busy');
    expect(h.requestsFor('busy')).toHaveLength(2);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(250);
    const raw = h.rawQueue();
    const [busyJob, cleanJob] = await Promise.all([raw.getJob(busy.jobId), raw.getJob(clean.jobId)]);
    expect(busyJob?.attemptsMade).toBe((cleanJob?.attemptsMade ?? 0) + 1);
    expect(await h.dlqCount()).toBe(0);
  });

  it('row 52: the same through the worker -> aborts a call whose body stalls after its headers at ANTHROPIC_TIMEOUT_MS and retries the job later', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { stalled: [{ kind: 'stall' }] },
      env: { ANTHROPIC_TIMEOUT_MS: '500', WORKER_CONCURRENCY: '1' },
    });
    await h.startWorker();
    const stalled = await h.client.enqueue('note', { text: doc('stalled') });
    const result = await h.client.waitForResult(stalled.jobId, { timeoutMs: 20_000 });
    // The stalled call was not an attempt: the one attempt is the valid reply of the retry.
    expect(result).toMatchObject({ data: goodNote, attempts: 1 });
    expect(h.requestsFor('stalled')).toHaveLength(2);
    expect(h.standin.stats.byStatus).toMatchObject({ stall: 1, '200': 1 });
    // The transient policy: the cut-off call used a job attempt (BullMQ counts the completed run too).
    expect((await h.rawQueue().getJob(stalled.jobId))?.attemptsMade).toBe(2);
    expect(await h.dlqCount()).toBe(0);
  });

  it('stops a job from bouncing on 429 forever: past the guard it spends attempts and is dead-lettered', async ({
    testBed,
  }) => {
    const limited = { kind: 'error', status: 429, retryAfterSeconds: 0.05 } as const;
    const h = await testBed.harness({
      plan: { loop: Array.from({ length: 10 }, () => limited) },
      env: { RATE_LIMIT_MAX_BOUNCES: '2', JOB_ATTEMPTS: '2' },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('loop') });
    const record = await h.dlqRecordOf(jobId, 15_000);
    expect(record.reason.kind).toBe('rate_limit_loop');
    expect(record.jobAttempts).toBe(2);
    // Two bounces (no attempt consumed), then two job attempts.
    expect(h.requestsFor('loop')).toHaveLength(4);
  });
});
