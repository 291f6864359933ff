import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect } from 'vitest';
import { type ClientTestKit, it, jobResult, startTestWorker } from './test-fixtures/client-test-kit';

const input = { text: 'Invoice INV-1 from ACME GmbH, total 119.00 EUR' };
const jobCount = (kit: ClientTestKit) =>
  kit.queues.queue.getJobCountByTypes('wait', 'delayed', 'active', 'completed', 'failed', 'prioritized');

describe('idempotency', () => {
  it('gives the same job and no second one for the same key, also from concurrent producers', async ({
    kit: k,
  }) => {
    const other = k.newClient();
    const results = await Promise.all([
      k.client.enqueue(invoiceWorkflow, input, { idempotencyKey: 'order-1' }),
      other.enqueue('invoice', input, { idempotencyKey: 'order-1' }),
      k.client.enqueue('invoice', input, { idempotencyKey: 'order-1' }),
      other.enqueue('invoice', input, { idempotencyKey: 'order-1' }),
    ]);
    expect(new Set(results.map((job) => job.jobId)).size).toBe(1);
    expect(results.filter((job) => job.created)).toHaveLength(1);
    expect(await jobCount(k)).toBe(1);
    const another = await k.client.enqueue('invoice', input, { idempotencyKey: 'order-2' });
    expect(another.jobId).not.toBe(results[0]?.jobId);
    expect(await jobCount(k)).toBe(2);
  });

  it('still gives the same job after it completed, and after retention removed it', async ({ kit: k }) => {
    const first = await k.client.enqueue('invoice', input, { idempotencyKey: 'order-3' });
    k.track(startTestWorker({ url: k.url, queues: k.queues, outcome: () => ({ complete: jobResult() }) }));
    expect(await k.client.waitForResult(first.jobId, { timeoutMs: 10_000 })).toEqual(jobResult());

    const afterCompletion = await k.client.enqueue('invoice', input, { idempotencyKey: 'order-3' });
    expect(afterCompletion).toEqual({ ...first, created: false });

    await (await k.queues.queue.getJob(first.jobId))?.remove();
    expect(await k.client.getStatus(first.jobId)).toEqual({ jobId: first.jobId, state: 'unknown' });
    const afterRemoval = await k.client.enqueue('invoice', input, { idempotencyKey: 'order-3' });
    expect(afterRemoval).toEqual({ ...first, created: false });
    expect(await jobCount(k)).toBe(0);
  });

  it('lets a key map to a new job once the configured retention window is over', async ({ kit: k }) => {
    // Long enough for the second enqueue to land inside the window on a busy machine.
    const retentionMs = 2000;
    const client = k.newClient({ idempotencyRetentionMs: retentionMs });
    const first = await client.enqueue('invoice', input, { idempotencyKey: 'order-4' });
    expect((await client.enqueue('invoice', input, { idempotencyKey: 'order-4' })).jobId).toBe(first.jobId);
    const record = k.queues.keys.idempotency('order-4');
    const ttl = await k.redis.pttl(record);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(retentionMs);
    await expect.poll(() => k.redis.exists(record), { timeout: 10_000, interval: 50 }).toBe(0);
    const later = await client.enqueue('invoice', input, { idempotencyKey: 'order-4' });
    expect(later.created).toBe(true);
    expect(later.jobId).not.toBe(first.jobId);
  });

  it('enqueueMany adds a batch atomically, honouring keys within the batch and across calls', async ({
    kit: k,
  }) => {
    const existing = await k.client.enqueue('invoice', input, { idempotencyKey: 'order-5' });
    const jobs = await k.client.enqueueMany([
      { workflow: 'invoice', input, options: { idempotencyKey: 'order-5' } },
      { workflow: 'invoice', input, options: { idempotencyKey: 'order-6' } },
      { workflow: 'support-ticket', input: { text: 'My login fails' } },
      { workflow: 'invoice', input, options: { idempotencyKey: 'order-6' } },
    ]);
    expect(jobs.map((job) => job.created)).toEqual([false, true, true, false]);
    expect(jobs[0]?.jobId).toBe(existing.jobId);
    expect(jobs[3]?.jobId).toBe(jobs[1]?.jobId);
    expect(jobs[2]).toMatchObject({ workflow: 'support-ticket', version: 1 });
    expect(await jobCount(k)).toBe(3);
    const job = await k.queues.queue.getJob(jobs[1]?.jobId ?? '');
    expect(job?.data).toEqual({ workflow: 'invoice', version: 2, input, idempotencyKey: 'order-6' });
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'quarry', delay: 2000 } });
  });
});
