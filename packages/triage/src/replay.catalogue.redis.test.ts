import { describe, expect } from 'vitest';
import { DlqRecordUnreadableError } from './errors/dlq-record-unreadable-error';
import { it, type TriageTestKit } from './test-fixtures/triage-test-kit';

/** Overwrites a DLQ job's data by hand, as someone editing Redis directly would. */
async function editByHand(
  kit: TriageTestKit,
  dlqId: string,
  edit: (data: Record<string, unknown>) => unknown,
): Promise<void> {
  const { redis, queues } = kit;
  const key = queues.dlq.toKey(dlqId);
  const data = JSON.parse((await redis.hget(key, 'data')) ?? 'null') as Record<string, unknown>;
  await redis.hset(key, 'data', JSON.stringify(edit(data)));
}

const extractionJobCount = (kit: TriageTestKit) =>
  kit.queues.queue.getJobCountByTypes(
    'wait',
    'paused',
    'delayed',
    'prioritized',
    'active',
    'completed',
    'failed',
  );

describe('bad-input catalogue: a DLQ record edited by hand into an invalid shape, then replayed', () => {
  it('row 19: a DLQ record edited by hand into an invalid shape, replayed by id -> refuses to replay it by id, naming what is wrong, and adds no job', async ({
    kit,
  }) => {
    const { seed, triage } = kit;
    const record = await seed({ jobId: 'hand-edited' });
    await editByHand(kit, record.dlqId, (data) => ({ ...data, reason: 'it broke', attempts: 'three' }));
    const error = await triage
      .replayDlq({ selectors: { ids: [record.dlqId] } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DlqRecordUnreadableError);
    expect(error).toMatchObject({ dlqId: record.dlqId });
    const problems = (error as DlqRecordUnreadableError).problems.join('\n');
    expect(problems).toContain('reason');
    expect(problems).toContain('attempts');
    expect(await extractionJobCount(kit)).toBe(0);
  });

  it('row 20: the same in a replay of every record -> skips it in a replay of everything, reports it, and replays the readable records', async ({
    kit,
  }) => {
    const { seed, newTriage } = kit;
    const broken = await seed({ jobId: 'hand-edited-2' });
    const fine = await seed({ jobId: 'untouched' });
    await editByHand(kit, broken.dlqId, () => ['not', 'a', 'record']);
    const unreadable: DlqRecordUnreadableError[] = [];
    const triage = newTriage({ onUnreadable: (problem) => unreadable.push(problem) });
    const report = await triage.replayDlq({ selectors: { all: true } });
    expect(report.jobs.map((job) => job.dlqId)).toEqual([fine.dlqId]);
    expect(unreadable.map((problem) => problem.dlqId)).toEqual([broken.dlqId]);
    expect(await extractionJobCount(kit)).toBe(1);
  });

  it('row 21: refuses a hand-edited payload that no longer fits the workflow, naming the field', async ({
    kit,
  }) => {
    const { seed, triage } = kit;
    const record = await seed({ jobId: 'edited-input' });
    await editByHand(kit, record.dlqId, (data) => ({
      ...data,
      input: { workflow: 'note', version: 1, input: { text: 42 } },
    }));
    const report = await triage.replayDlq({ selectors: { ids: [record.dlqId] } });
    expect(report.replayed).toBe(0);
    expect(report.failed).toEqual([{ dlqId: record.dlqId, error: expect.stringContaining('input.text') }]);
    expect(await extractionJobCount(kit)).toBe(0);
  });
});
