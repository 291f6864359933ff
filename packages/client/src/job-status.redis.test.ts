import type { ExtractionJobResult } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { DeadLetteredError } from './errors/dead-lettered-error';
import { JobNotFoundError } from './errors/job-not-found-error';
import { WaitTimeoutError } from './errors/wait-timeout-error';
import { type ClientTestKit, it, jobResult, startTestWorker } from './test-fixtures/client-test-kit';

const input = { text: 'Invoice INV-9, total 10.00 EUR' };
const stuck = <T>(): { promise: Promise<T>; release: (value: T) => void } => {
  let release: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

/** Starts a worker that takes one job and holds it until `gate.release()`, then completes it with `result`. */
async function heldWorker(k: ClientTestKit, result: ExtractionJobResult) {
  const gate = stuck<void>();
  const running = stuck<void>();
  k.track(
    startTestWorker({
      url: k.url,
      queues: k.queues,
      outcome: async () => {
        running.release();
        await gate.promise;
        return { complete: result };
      },
    }),
  );
  await running.promise;
  return gate;
}

describe('getStatus and waitForResult', () => {
  it('reports queued, active and completed, and returns a result that finished before the call', async ({
    kit: k,
  }) => {
    const job = await k.client.enqueue('invoice', input);
    expect(await k.client.getStatus(job.jobId)).toEqual({
      jobId: job.jobId,
      state: 'queued',
      attemptsMade: 0,
    });
    const gate = await heldWorker(k, jobResult({ attempts: 2 }));
    expect(await k.client.getStatus(job.jobId)).toMatchObject({ state: 'active' });
    gate.release();
    await expect.poll(async () => (await k.client.getStatus(job.jobId)).state).toBe('completed');
    expect(await k.client.getStatus(job.jobId)).toEqual({
      jobId: job.jobId,
      state: 'completed',
      result: jobResult({ attempts: 2 }),
    });
    expect(await k.client.waitForResult(job.jobId, { timeoutMs: 1000 })).toEqual(jobResult({ attempts: 2 }));
  });

  it('throws DeadLetteredError with the DLQ id and reason, before and after retention removed the job', async ({
    kit: k,
  }) => {
    const job = await k.client.enqueue('invoice', input);
    const reason = { kind: 'validation_exhausted', message: 'no valid reply in 3 attempts' } as const;
    k.track(startTestWorker({ url: k.url, queues: k.queues, outcome: () => ({ deadLetter: reason }) }));
    const error = await k.client.waitForResult(job.jobId, { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeadLetteredError);
    const dead = error as DeadLetteredError;
    expect(dead).toMatchObject({ jobId: job.jobId, reason, record: { sourceJobId: job.jobId, reason } });
    expect(dead.dlqId).toMatch(/^dlq-/);
    expect(await k.queues.dlq.getJob(dead.dlqId)).toBeDefined();

    const late = await k.client.waitForResult(job.jobId, { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(late).toMatchObject({ name: 'DeadLetteredError', dlqId: dead.dlqId });
    await (await k.queues.queue.getJob(job.jobId))?.remove();
    expect(await k.client.getStatus(job.jobId)).toMatchObject({
      state: 'dead-lettered',
      dlqId: dead.dlqId,
      reason,
    });
  });

  it('reports a failed job that has no record yet as dead-lettered under its future DLQ id', async ({
    kit: k,
  }) => {
    await k.queues.queue.add('extract', { workflow: 'invoice', input }, { jobId: 'no-record', attempts: 1 });
    k.track(startTestWorker({ url: k.url, queues: k.queues, outcome: () => ({ fail: 'worker crashed' }) }));
    await expect.poll(async () => (await k.client.getStatus('no-record')).state).toBe('dead-lettered');
    const status = await k.client.getStatus('no-record');
    expect(status).toMatchObject({ reason: { kind: 'unexpected', message: 'worker crashed' }, record: null });
    expect(status.state === 'dead-lettered' && status.dlqId).toMatch(/^dlq-/);
  });

  it('reports a job waiting to be retried as failed-retrying', async ({ kit: k }) => {
    const job = await k.client.enqueue('invoice', input);
    k.track(startTestWorker({ url: k.url, queues: k.queues, outcome: () => ({ fail: 'overloaded' }) }));
    await expect.poll(async () => (await k.client.getStatus(job.jobId)).state).toBe('failed-retrying');
    expect(await k.client.getStatus(job.jobId)).toEqual({
      jobId: job.jobId,
      state: 'failed-retrying',
      attemptsMade: 1,
    });
    const error = await k.client.waitForResult(job.jobId, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toMatchObject({ jobId: job.jobId, timeoutMs: 200, lastState: 'failed-retrying' });
  });

  it('reports a delayed job as delayed and an unknown id as unknown', async ({ kit: k }) => {
    const delayed = await k.queues.queue.add(
      'extract',
      { workflow: 'invoice', input },
      { jobId: 'later', delay: 60_000 },
    );
    expect(await k.client.getStatus(delayed.id ?? '')).toEqual({
      jobId: 'later',
      state: 'delayed',
      attemptsMade: 0,
    });
    expect(await k.client.getStatus('never-enqueued')).toEqual({ jobId: 'never-enqueued', state: 'unknown' });
    await expect(k.client.waitForResult('never-enqueued', { timeoutMs: 500 })).rejects.toBeInstanceOf(
      JobNotFoundError,
    );
  });

  it('waits for a job that finishes during the wait', async ({ kit: k }) => {
    const job = await k.client.enqueue('invoice', input);
    const gate = await heldWorker(k, jobResult());
    const waiting = k.client.waitForResult(job.jobId, { timeoutMs: 10_000 });
    // The wait's first look (on the same connection, before this one) found the job still running.
    expect(await k.client.getStatus(job.jobId)).toMatchObject({ state: 'active' });
    gate.release();
    expect(await waiting).toEqual(jobResult());
  });
});
