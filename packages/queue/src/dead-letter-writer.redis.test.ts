import { it } from '@quarry/testing';
import { type Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect } from 'vitest';
import { attemptJobKey } from './attempt-job-key';
import { buildDlqRecord } from './build-dlq-record';
import { DeadLetterWriter } from './dead-letter-writer';
import { dlqIdFor } from './dlq-id';
import { findDlqIdBySource, readDlqRecord } from './dlq-lookup';
import { openQueues, type QuarryQueues } from './open-queues';
import { RedisAttemptStore } from './redis-attempt-store';
import { attemptRecord, schemaIssue } from './test-fixtures/attempt-record';

describe('DeadLetterWriter', () => {
  let ctx: { redis: Redis; prefix: string };
  it.beforeEach(({ redis, prefix }) => {
    ctx = { redis, prefix };
  });
  let queues: QuarryQueues;
  let writer: DeadLetterWriter;
  let attempts: RedisAttemptStore;

  let queueSeq = 0;
  /** Each test gets queues of its own, so one test's waiting jobs never reach another's worker. */
  beforeEach(async () => {
    await queues?.close();
    const { redis, prefix } = ctx;
    queueSeq += 1;
    queues = openQueues({
      connection: redis,
      config: { prefix, queueName: `src-${queueSeq}`, dlqName: `dlq-${queueSeq}` },
    });
    attempts = new RedisAttemptStore({ redis, keys: queues.keys, ttlSeconds: 600 });
    writer = new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys, attempts });
  });
  afterAll(async () => {
    await queues.close();
  });

  /** Adds jobs and fails each once, without writing a DLQ record (as a stalled job or a crashed worker would). */
  async function failWithoutRecord(data: readonly unknown[]) {
    const jobs = await Promise.all(
      data.map((d, i) => queues.queue.add('extract', d, { jobId: `src-${Date.now()}-${i}` })),
    );
    const worker = new Worker(
      queues.config.queueName,
      async () => {
        throw new UnrecoverableError('worker gave up');
      },
      { connection: ctx.redis.duplicate({ maxRetriesPerRequest: null }), prefix: queues.config.prefix },
    );
    try {
      await expect
        .poll(() => queues.queue.getFailedCount(), { timeout: 5000 })
        .toBeGreaterThanOrEqual(jobs.length);
    } finally {
      await worker.close();
    }
    return jobs;
  }

  it('writes one record when the same dead-letter is written twice', async () => {
    const [job] = await queues.queue.addBulk([
      {
        name: 'extract',
        data: { workflow: 'invoice', version: 1, input: { text: 'x' } },
        opts: { jobId: 'twice' },
      },
    ]);
    if (!job) throw new Error('no job');
    const records = [attemptRecord({ n: 1, issues: [schemaIssue('total')] }), attemptRecord({ n: 2 })];
    const reason = { kind: 'validation_exhausted', message: 'no valid reply in 2 attempts' } as const;
    const first = await writer.deadLetter({
      job,
      reason,
      attempts: records,
      lessonsInjected: ['schema:total:invalid_type'],
    });
    const second = await writer.deadLetter({ job, reason, attempts: records });
    expect(first).toEqual({ dlqId: dlqIdFor(job), created: true });
    expect(second).toEqual({ dlqId: dlqIdFor(job), created: false });
    expect(await queues.dlq.getWaitingCount()).toBe(1);
    const record = await readDlqRecord({ dlq: queues.dlq, dlqId: first.dlqId });
    expect(record).toMatchObject({
      sourceJobId: 'twice',
      workflow: 'invoice',
      version: 1,
      reason,
      input: job.data,
      lessonsInjected: ['schema:total:invalid_type'],
      totals: {
        modelCalls: 2,
        inputTokens: 2000,
        outputTokens: 400,
        cacheReadInputTokens: 1000,
        costUsd: 0.012,
      },
      lineage: { rootJobId: 'twice', redriveCount: 0 },
      state: 'dead',
    });
    expect(record?.attempts).toEqual(records);
    expect(await findDlqIdBySource({ redis: ctx.redis, keys: queues.keys, sourceJobId: 'twice' })).toBe(
      first.dlqId,
    );
  });

  it('names the DLQ job after workflow, version and reason, and logs one line per attempt, once', async () => {
    const job = await queues.queue.add(
      'extract',
      { workflow: 'invoice', version: 1, input: { text: 'x' } },
      { jobId: 'named' },
    );
    const records = [
      attemptRecord({ n: 1, durationMs: 1500, issues: [schemaIssue('total')] }),
      attemptRecord({
        n: 2,
        durationMs: 900,
        issues: [schemaIssue('total'), schemaIssue('lineItems[0].amount')],
      }),
    ];
    const reason = { kind: 'validation_exhausted', message: 'no valid reply in 2 attempts' } as const;
    const { dlqId } = await writer.deadLetter({ job, reason, attempts: records });
    await writer.deadLetter({ job, reason, attempts: records });
    expect((await queues.dlq.getJob(dlqId))?.name).toBe('invoice@v1 · validation_exhausted');
    expect((await queues.dlq.getJobLogs(dlqId)).logs).toEqual([
      'attempt 1 · 1.5 s · 1 issue: schema:total:invalid_type · 1000 in (+500 cached) / 200 out tokens',
      'attempt 2 · 0.9 s · 2 issues: schema:total:invalid_type, schema:lineItems[].amount:invalid_type · 1000 in (+500 cached) / 200 out tokens',
    ]);
  });

  it('write() is idempotent for a complete record too', async () => {
    const job = await queues.queue.add('extract', { workflow: 'invoice', input: {} }, { jobId: 'complete' });
    const record = buildDlqRecord({ job, reason: { kind: 'permanent', message: '400' }, attempts: [] });
    expect((await writer.write(record)).created).toBe(true);
    expect((await writer.write(record)).created).toBe(false);
  });

  it('reconciles each failed job lacking a record exactly once, with its saved attempts', async () => {
    const [valid, poisoned] = await failWithoutRecord([
      { workflow: 'invoice', version: 1, input: { text: 'doc' } },
      { hello: 'world' },
    ]);
    if (!valid?.id || !poisoned?.id) throw new Error('no jobs');
    const saved = attemptRecord({ n: 1, issues: [schemaIssue('lineItems[0].amount')] });
    await attempts.append(attemptJobKey(valid), saved);
    // Records of an earlier job with the same id (another generation) are not this job's.
    await attempts.append(
      attemptJobKey({ id: valid.id, timestamp: valid.timestamp - 1 }),
      attemptRecord({ n: 1 }),
    );

    const fresh = await writer.reconcile({ sourceQueue: queues.queue });
    expect(fresh.written).toEqual([]);
    const first = await writer.reconcile({ sourceQueue: queues.queue, graceMs: 0, pageSize: 1 });
    const again = await writer.reconcile({ sourceQueue: queues.queue, graceMs: 0 });
    expect(first.written.sort()).toEqual([dlqIdFor(valid), dlqIdFor(poisoned)].sort());
    expect(again.written).toEqual([]);

    const validRecord = await readDlqRecord({ dlq: queues.dlq, dlqId: dlqIdFor(valid) });
    expect(validRecord).toMatchObject({
      reason: { kind: 'unexpected', message: 'worker gave up' },
      jobAttempts: 1,
    });
    expect(validRecord?.attempts).toEqual([saved]);
    // The record holds them now: the job's own attempt records are gone, the other generation's stay.
    expect(await attempts.load(attemptJobKey(valid))).toEqual([]);
    expect(await attempts.load(attemptJobKey({ id: valid.id, timestamp: valid.timestamp - 1 }))).toHaveLength(
      1,
    );
    const poisonedRecord = await readDlqRecord({ dlq: queues.dlq, dlqId: dlqIdFor(poisoned) });
    expect(poisonedRecord).toMatchObject({ workflow: '', version: null, input: { hello: 'world' } });
    expect(poisonedRecord?.reason.kind).toBe('invalid_payload');
  });

  it('releases attempt records only once a DLQ record of the same job generation holds them', async () => {
    const job = await queues.queue.add(
      'extract',
      { workflow: 'invoice', input: { text: 'x' } },
      { jobId: 'rel' },
    );
    const key = attemptJobKey(job);
    const saved = [attemptRecord({ n: 1, issues: [schemaIssue('total')] }), attemptRecord({ n: 2 })];
    for (const record of saved) await attempts.append(key, record);

    // No record yet (e.g. the write failed and the reconciler still needs them): kept.
    expect(await writer.releaseAttempts(job)).toBe(false);
    expect(await attempts.load(key)).toEqual(saved);
    // A record of an earlier job with the same id is not this job's record: kept.
    const earlier = { ...job, id: 'rel', timestamp: job.timestamp - 1000, data: job.data, attemptsMade: 0 };
    await writer.deadLetter({ job: earlier, reason: { kind: 'permanent', message: '400' }, attempts: [] });
    expect(await writer.releaseAttempts(job)).toBe(false);
    expect(await attempts.load(key)).toEqual(saved);

    const { dlqId } = await writer.deadLetter({
      job,
      reason: { kind: 'validation_exhausted', message: 'x' },
    });
    expect(await writer.releaseAttempts(job)).toBe(true);
    expect(await ctx.redis.exists(queues.keys.attempts(key))).toBe(0);
    // Nothing of the history was lost: the record holds every attempt.
    expect((await readDlqRecord({ dlq: queues.dlq, dlqId }))?.attempts).toEqual(saved);
  });

  it("attemptsOf reads a failed job's attempts from the store before its record exists and from the record once they are released", async () => {
    const job = await queues.queue.add(
      'extract',
      { workflow: 'invoice', input: { text: 'x' } },
      { jobId: 'of' },
    );
    const key = attemptJobKey(job);
    const saved = [attemptRecord({ n: 1, issues: [schemaIssue('total')] })];
    for (const record of saved) await attempts.append(key, record);
    expect(await writer.attemptsOf(job)).toEqual(saved);
    await writer.deadLetter({ job, reason: { kind: 'validation_exhausted', message: 'x' } });
    expect(await writer.releaseAttempts(job)).toBe(true);
    expect(await attempts.load(key)).toEqual([]);
    expect(await writer.attemptsOf(job)).toEqual(saved);
  });

  it('keeps the DLQ under the same hash-tagged prefix as the source queue', () => {
    const dlq: Queue = queues.dlq;
    expect(dlq.opts.prefix).toBe(ctx.prefix);
    expect(queues.queue.opts.prefix).toBe(ctx.prefix);
  });
});
