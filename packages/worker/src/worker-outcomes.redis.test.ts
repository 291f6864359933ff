import { DeadLetteredError } from '@quarry/client';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, type WorkerHarness } from './worker-test-harness';

async function deadLetterOf(h: WorkerHarness, jobId: string): Promise<DeadLetteredError> {
  const error = await h.client.waitForResult(jobId, { timeoutMs: 15_000 }).then(
    () => {
      throw new Error(`job ${jobId} completed but was expected to be dead-lettered`);
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeadLetteredError);
  return error as DeadLetteredError;
}

describe('worker outcomes (real Redis, SDK against the stand-in)', () => {
  it('completes a job on the first reply and returns the extraction result', async ({ testBed }) => {
    const h = await testBed.harness();
    await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('ok') });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({
      data: goodNote,
      needsReview: false,
      attempts: 1,
      workflow: 'note',
      version: 2,
      model: 'claude-haiku-4-5',
    });
    expect(result.costUsd).toBeGreaterThan(0);
    expect(h.requestsFor('ok')).toHaveLength(1);
    expect(await h.dlqCount()).toBe(0);
  });

  it('retries with feedback inside the job and succeeds on the second reply', async ({ testBed }) => {
    const h = await testBed.harness({
      plan: { retry: [{ kind: 'json', value: { title: 'groceries', count: -1 } }] },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('retry') });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: goodNote, attempts: 2 });
    const requests = h.requestsFor('retry');
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(requests[1]?.body.messages)).toContain('count must be positive');
    const job = await h.rawQueue().getJob(jobId);
    expect(job?.attemptsMade).toBe(1);
  });

  it('dead-letters an exhausted job exactly once, with every attempt', async ({ testBed }) => {
    const bad = (count: number) => ({ kind: 'json', value: { title: 'groceries', count } }) as const;
    const h = await testBed.harness({ plan: { spent: [bad(-1), bad(-2), bad(-3)] } });
    const quarry = await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('spent') });
    const error = await deadLetterOf(h, jobId);
    expect(error.reason.kind).toBe('validation_exhausted');

    const record = await h.dlqRecordOf(jobId);
    expect(record).toMatchObject({
      sourceJobId: jobId,
      workflow: 'note',
      version: 2,
      reason: { kind: 'validation_exhausted' },
      jobAttempts: 1,
      totals: { modelCalls: 3 },
      lineage: { rootJobId: jobId, redriveCount: 0 },
      state: 'dead',
    });
    expect(record.attempts.map((attempt) => attempt.n)).toEqual([1, 2, 3]);
    expect(record.attempts.every((attempt) => attempt.issues.length > 0)).toBe(true);
    expect(record.input).toMatchObject({ workflow: 'note', input: { text: doc('spent') } });
    expect(h.requestsFor('spent')).toHaveLength(3);

    await quarry.reconcile();
    expect(await h.dlqCount()).toBe(1);
    expect(await h.rawQueue().getJobState(jobId)).toBe('failed');
  });

  it('dead-letters a permanent API error (400) after one call', async ({ testBed }) => {
    const h = await testBed.harness({
      plan: { bad: [{ kind: 'error', status: 400, message: 'max_tokens: too large' }] },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('bad') });
    const error = await deadLetterOf(h, jobId);
    expect(error.reason.kind).toBe('permanent');
    expect(error.reason.message).toContain('400');
    const record = await h.dlqRecordOf(jobId);
    expect(record.attempts).toEqual([]);
    expect(record.jobAttempts).toBe(1);
    expect(h.requestsFor('bad')).toHaveLength(1);
    expect(await h.dlqCount()).toBe(1);
  });

  it('dead-letters transient failures once the job attempts are used up', async ({ testBed }) => {
    const overloaded = { kind: 'error', status: 529 } as const;
    const h = await testBed.harness({
      plan: { down: [overloaded, overloaded, overloaded] },
      env: { JOB_ATTEMPTS: '3' },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('down') });
    const error = await deadLetterOf(h, jobId);
    expect(error.reason.kind).toBe('transient_exhausted');
    const record = await h.dlqRecordOf(jobId);
    expect(record.jobAttempts).toBe(3);
    expect(h.requestsFor('down')).toHaveLength(3);
    expect(await h.dlqCount()).toBe(1);
  });

  it('dead-letters a poisoned job added with plain BullMQ and keeps processing', async ({ testBed }) => {
    const h = await testBed.harness();
    await h.startWorker();
    const raw = h.rawQueue();
    const poisoned = await raw.add('extract', { workflow: 42, text: 'not the contract' });
    const unknown = await raw.add('extract', { workflow: 'nope', input: { text: 'x' } });
    const badInput = await raw.add('extract', { workflow: 'note', version: 1, input: { text: '' } });

    const poisonedRecord = await h.dlqRecordOf(poisoned.id as string);
    expect(poisonedRecord.reason.kind).toBe('invalid_payload');
    expect(poisonedRecord.reason.message).toContain('workflow');
    expect(poisonedRecord.input).toEqual({ workflow: 42, text: 'not the contract' });
    expect(poisonedRecord.version).toBeNull();
    const unknownRecord = await h.dlqRecordOf(unknown.id as string);
    expect(unknownRecord.reason).toMatchObject({ kind: 'unknown_workflow' });
    const badInputRecord = await h.dlqRecordOf(badInput.id as string);
    expect(badInputRecord).toMatchObject({
      reason: { kind: 'invalid_payload' },
      workflow: 'note',
      version: 1,
    });
    expect(badInputRecord.reason.message).toContain('input.text');

    const { jobId } = await h.client.enqueue('note', { text: doc('after') });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 15_000 })).toMatchObject({ data: goodNote });
    expect(h.standin.requests).toHaveLength(1);
    expect(await h.dlqCount()).toBe(3);
  });
});
