import { describe, expect } from 'vitest';
import { DlqReader } from './dlq-reader';
import { replayJobId } from './replay-job-id';
import { runReplay } from './run-replay';
import { childPart, splitOf } from './test-fixtures/split-records';
import { it, type TriageTestKit, testRegistry } from './test-fixtures/triage-test-kit';

const note = { workflow: 'note', version: 1, input: { text: 'thirty pages of a note' } };

/** A split parent dead-lettered after two of its children (children fail first). */
async function seedSplit(kit: TriageTestKit, parentId: string) {
  const children = await Promise.all(
    [1, 2].map((index) =>
      kit.seed({
        jobId: `${parentId}-c${index}`,
        data: { ...note, part: childPart(parentId, index) },
        deadLetteredAt: `2025-06-01T12:0${index}:00.000Z`,
      }),
    ),
  );
  const parent = await kit.seed({
    jobId: parentId,
    data: note,
    kind: 'split_child_failed',
    split: splitOf(parentId),
    deadLetteredAt: '2025-06-01T12:05:00.000Z',
  });
  return { parent, children };
}

const jobIds = async (kit: TriageTestKit) =>
  (await kit.queues.queue.getJobs(['waiting', 'delayed', 'prioritized'])).map((job) => job.id).sort();

describe('replayDlq of split jobs', () => {
  it("replays a split parent once and reports its children's records skipped through it", async ({ kit }) => {
    const { parent, children } = await seedSplit(kit, 'split-1');
    const dry = await kit.triage.replayDlq({ selectors: { all: true }, dryRun: true });
    expect(dry.planned.map((plan) => plan.dlqId)).toEqual([parent.dlqId]);
    const report = await kit.triage.replayDlq({ selectors: { all: true } });
    expect(report).toMatchObject({
      matched: 3,
      replayed: 1,
      failed: [],
      jobs: [{ dlqId: parent.dlqId, newJobId: replayJobId(parent.dlqId, 1) }],
    });
    expect(report.skipped).toEqual(
      children.map((child, i) => ({
        dlqId: child.dlqId,
        reason: 'through_parent',
        why: `replayed through its parent: child ${i + 1} of job split-1 (DLQ record ${parent.dlqId})`,
      })),
    );
    expect(await jobIds(kit)).toEqual([replayJobId(parent.dlqId, 1)]);
    // The children's records stay dead: a later replay of a child alone is still possible.
    const [first] = children;
    if (!first) throw new Error('no child');
    const alone = await kit.triage.replayDlq({ selectors: { ids: [first.dlqId] } });
    expect(alone).toMatchObject({ replayed: 1, skipped: [] });
    const childJob = await kit.queues.queue.getJob(replayJobId(first.dlqId, 1));
    expect(childJob?.data).toMatchObject({ ...note, part: childPart('split-1', 1) });
  });

  it('skips children whose parent is on a later page of the selection, and counts only the jobs added', async ({
    kit,
  }) => {
    const { parent, children } = await seedSplit(kit, 'split-2');
    const other = await kit.seed({ jobId: 'plain', deadLetteredAt: '2025-06-01T12:06:00.000Z' });
    const totals: number[] = [];
    const report = await runReplay({
      replay: { selectors: { all: true }, onProgress: (progress) => totals.push(progress.total) },
      overrides: {},
      concurrency: 1,
      // Oldest first: the children's records come before their parent's, one per page.
      dlqIds: [...children.map((child) => child.dlqId), parent.dlqId, other.dlqId],
      reader: new DlqReader({ dlq: kit.queues.dlq }),
      pageSize: 1,
      connection: kit.redis,
      queues: kit.queues,
      registry: testRegistry(),
      maxRedrives: 3,
      now: Date.now,
      sleep: async () => {},
    });
    expect(report.jobs.map((job) => job.dlqId)).toEqual([parent.dlqId, other.dlqId]);
    expect(report.skipped.map((skip) => [skip.dlqId, skip.reason])).toEqual(
      children.map((child) => [child.dlqId, 'through_parent']),
    );
    expect(totals).toEqual([2, 2]);
    expect(await jobIds(kit)).toEqual([replayJobId(other.dlqId, 1), replayJobId(parent.dlqId, 1)].sort());
  });

  it("plans a canary's replay the same way", async ({ kit }) => {
    const { parent, children } = await seedSplit(kit, 'split-3');
    const plan = await kit.triage.planReplayDlq({ selectors: { all: true } });
    expect(plan.steps.map((step) => step.dlqId)).toEqual([parent.dlqId]);
    expect(plan.skipped.map((skip) => skip.dlqId).sort()).toEqual(
      children.map((child) => child.dlqId).sort(),
    );
  });
});
