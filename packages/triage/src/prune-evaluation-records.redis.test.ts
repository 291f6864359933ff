import { buildDlqRecord, DeadLetterWriter, type DlqRecord, findDlqIdBySource } from '@quarry/queue';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { attempt, issueAt, it, type TriageTestKit } from './test-fixtures/triage-test-kit';

const RUN = 'canary-note-v2-1';

/**
 * Adds a `note` job with `data` to the extraction queue and fails it for good (as a worker would),
 * then writes its DLQ record as the worker does: the pair an evaluation job leaves when it dead-letters.
 */
async function failedJob(
  kit: TriageTestKit,
  jobId: string,
  data: Record<string, unknown>,
): Promise<DlqRecord> {
  const connection = new Redis(kit.url, { maxRetriesPerRequest: null });
  const worker = new Worker(kit.queues.config.queueName, null, { connection, prefix: kit.prefix });
  try {
    await kit.queues.queue.add('extract', data, { jobId, attempts: 1 });
    const job = await worker.getNextJob('token');
    if (!job) throw new Error(`job ${jobId} was not taken`);
    await job.moveToFailed(new Error('no valid reply'), 'token', false);
    const record = buildDlqRecord({
      job: { id: jobId, timestamp: job.timestamp, data, attemptsMade: 1 },
      reason: { kind: 'validation_exhausted', message: `gave up on ${jobId}` },
      attempts: [attempt(1, [issueAt('title')])],
      deadLetteredAt: new Date(),
      jobAttempts: 1,
    });
    await new DeadLetterWriter({ queue: kit.queues.dlq, keys: kit.queues.keys }).write(record);
    return record;
  } finally {
    await worker.close();
    connection.disconnect();
  }
}

const note = (evaluation?: { runId: string; itemId: string }) => ({
  workflow: 'note',
  version: 2,
  input: { text: 'a note of some length' },
  ...(evaluation ? { evaluation: { ...evaluation, lessons: 'off' } } : {}),
});

describe('pruneEvaluationRecords', () => {
  it("removes the run's own dead letters with their failed jobs, nothing else; the reconciler writes none again", async ({
    kit,
  }) => {
    const { triage, queues } = kit;
    const own = await failedJob(kit, 'own', note({ runId: RUN, itemId: 'dlq-a' }));
    const otherRun = await failedJob(kit, 'other-run', note({ runId: 'canary-other', itemId: 'dlq-b' }));
    const production = await failedJob(kit, 'production', note());
    const seeded = await kit.seed({ jobId: 'seeded' });
    const groupsBefore = await triage.fingerprintGroups();
    const totalBefore = groupsBefore.reduce((sum, group) => sum + group.count, 0);

    const pruned = await triage.pruneEvaluationRecords({
      runId: RUN,
      records: [
        { dlqId: own.dlqId, jobId: 'own' },
        { dlqId: otherRun.dlqId, jobId: 'other-run' },
        { dlqId: production.dlqId, jobId: 'production' },
        { dlqId: seeded.dlqId, jobId: 'own' },
        { dlqId: 'dlq-00000000000000000000000000000000', jobId: 'gone' },
      ],
    });
    expect(pruned).toEqual({
      removed: [own.dlqId],
      kept: [
        { dlqId: otherRun.dlqId, why: `it is not a dead letter of evaluation run ${RUN}` },
        { dlqId: production.dlqId, why: `it is not a dead letter of evaluation run ${RUN}` },
        { dlqId: seeded.dlqId, why: 'it is the record of job seeded, not own' },
        { dlqId: 'dlq-00000000000000000000000000000000', why: 'no such record' },
      ],
    });
    expect(await queues.dlq.getJob(own.dlqId)).toBeUndefined();
    expect(await queues.queue.getJob('own')).toBeUndefined();
    expect(await findDlqIdBySource({ redis: kit.redis, keys: queues.keys, sourceJobId: 'own' })).toBeNull();
    const left = (await triage.listDlq()).map((summary) => summary.dlqId).sort();
    expect(left).toEqual([otherRun.dlqId, production.dlqId, seeded.dlqId].sort());
    expect(await triage.countDlq({ all: true })).toBe(3);
    const totalAfter = (await triage.fingerprintGroups()).reduce((sum, group) => sum + group.count, 0);
    expect(totalAfter).toBe(totalBefore - 1);
    expect(await queues.queue.getJob('other-run')).toBeDefined();

    const writer = new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys });
    expect((await writer.reconcile({ sourceQueue: queues.queue, graceMs: 0 })).written).toEqual([]);
  });

  it('keeps a record of the run that was replayed meanwhile', async ({ kit }) => {
    const own = await failedJob(kit, 'own', note({ runId: RUN, itemId: 'dlq-a' }));
    await kit.triage.replayDlq({ selectors: { ids: [own.dlqId] } });
    const pruned = await kit.triage.pruneEvaluationRecords({
      runId: RUN,
      records: [{ dlqId: own.dlqId, jobId: 'own' }],
    });
    expect(pruned).toEqual({ removed: [], kept: [{ dlqId: own.dlqId, why: 'it is replayed' }] });
    expect(await kit.queues.dlq.getJob(own.dlqId)).toBeDefined();
  });
});
