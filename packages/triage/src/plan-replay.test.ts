import { buildDlqRecord, type DlqRecord, type DlqSplit } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { planReplay } from './plan-replay';
import { replayJobId } from './replay-job-id';
import { childPart, splitOf } from './test-fixtures/split-records';
import { attempt, testRegistry } from './test-fixtures/triage-test-kit';

function record(options: {
  readonly jobId: string;
  readonly data: Record<string, unknown>;
  readonly split?: DlqSplit;
  readonly lineage?: DlqRecord['lineage'];
}): DlqRecord {
  return buildDlqRecord({
    job: {
      id: options.jobId,
      timestamp: Date.parse('2025-06-01T00:00:00Z'),
      data: { ...options.data, ...(options.lineage ? { lineage: options.lineage } : {}) },
      attemptsMade: 1,
    },
    reason: { kind: options.split ? 'split_child_failed' : 'validation_exhausted', message: 'failed' },
    attempts: [attempt(1)],
    deadLetteredAt: new Date('2025-06-01T00:01:00Z'),
    ...(options.split ? { split: options.split } : {}),
  });
}

const note = { workflow: 'note', version: 1, input: { text: 'thirty pages of a note' } };
const parent = (jobId = 'parent-1', lineage?: DlqRecord['lineage']) =>
  record({ jobId, data: note, split: splitOf(jobId), ...(lineage ? { lineage } : {}) });
const child = (parentId: string, index: number, data: Record<string, unknown> = {}) =>
  record({ jobId: `${parentId}-c${index}`, data: { ...note, part: childPart(parentId, index), ...data } });

const rules = {
  registry: testRegistry(),
  overrides: {},
  force: false,
  maxRedrives: 3,
  allowedModels: ['claude-haiku-4-5'],
};

describe('planReplay of split jobs', () => {
  it("replays a split parent only, skipping its own children's records whatever their order", () => {
    const [first, second] = [child('parent-1', 1), child('parent-1', 2)];
    const top = parent();
    const plan = planReplay({ records: [first, top, second], ...rules });
    expect(plan.steps.map((step) => step.dlqId)).toEqual([top.dlqId]);
    expect(plan.planned).toMatchObject([{ dlqId: top.dlqId, newJobId: replayJobId(top.dlqId, 1) }]);
    expect(plan.skipped).toEqual([
      {
        dlqId: first.dlqId,
        reason: 'through_parent',
        why: `replayed through its parent: child 1 of job parent-1 (DLQ record ${top.dlqId})`,
      },
      {
        dlqId: second.dlqId,
        reason: 'through_parent',
        why: `replayed through its parent: child 2 of job parent-1 (DLQ record ${top.dlqId})`,
      },
    ]);
    expect(plan.failed).toEqual([]);
    // The parent's job data is its own: no part.
    expect(plan.steps[0]?.data).not.toHaveProperty('part');
  });

  it('replays a child alone as that child: its part is kept', () => {
    const alone = child('parent-1', 1);
    const plan = planReplay({ records: [alone], ...rules });
    expect(plan.skipped).toEqual([]);
    expect(plan.steps).toMatchObject([
      { dlqId: alone.dlqId, data: { ...note, part: childPart('parent-1', 1) } },
    ]);
  });

  it("replays the children of another job's split, and of a parent that is not replayed, on their own", () => {
    const tired = parent('parent-2', { rootJobId: 'root-2', replayOf: 'dlq-x', redriveCount: 3 });
    const ofTired = child('parent-2', 0);
    const ofOther = child('parent-3', 0);
    const top = parent();
    const plan = planReplay({ records: [top, tired, ofTired, ofOther], ...rules });
    expect(plan.steps.map((step) => step.dlqId)).toEqual([top.dlqId, ofTired.dlqId, ofOther.dlqId]);
    expect(plan.skipped).toMatchObject([{ dlqId: tired.dlqId, reason: 'quarantined' }]);
  });

  it('skips the children of a parent replayed on another page (splitParents)', () => {
    const ofParent = child('parent-1', 1);
    const plan = planReplay({
      records: [ofParent],
      ...rules,
      splitParents: new Map([['parent-1', 'dlq-of-parent']]),
    });
    expect(plan.steps).toEqual([]);
    expect(plan.skipped).toEqual([
      {
        dlqId: ofParent.dlqId,
        reason: 'through_parent',
        why: 'replayed through its parent: child 1 of job parent-1 (DLQ record dlq-of-parent)',
      },
    ]);
  });

  it('skips a refused child through its parent, and keeps the skip of a child replayed already', () => {
    const refused = child('parent-1', 1, { version: 9 });
    const plan = planReplay({ records: [parent(), refused], ...rules });
    expect(plan.failed).toEqual([]);
    expect(plan.skipped).toMatchObject([{ dlqId: refused.dlqId, reason: 'through_parent' }]);
    const replayed = {
      ...child('parent-1', 2),
      state: 'replayed' as const,
      replay: { jobId: 'replay-x', replayedAt: '2025-06-02T00:00:00.000Z' },
    };
    const again = planReplay({ records: [parent(), replayed], ...rules });
    expect(again.skipped).toMatchObject([{ dlqId: replayed.dlqId, reason: 'replayed' }]);
  });

  it('refuses a child whose part breaks the job contract, naming the field', () => {
    const broken = record({
      jobId: 'broken-c0',
      data: { ...note, part: { ...childPart('parent-9', 0), splitId: 'a b' } },
    });
    const plan = planReplay({ records: [broken], ...rules });
    expect(plan.failed).toEqual([
      {
        dlqId: broken.dlqId,
        error: expect.stringMatching(
          /^the replayed job data breaks the job contract: part\.splitId: must be a split id/,
        ),
      },
    ]);
  });
});
