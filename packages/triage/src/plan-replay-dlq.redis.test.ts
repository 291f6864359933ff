import { describe, expect } from 'vitest';
import { DlqRecordNotFoundError } from './errors/dlq-record-not-found-error';
import { ReplayOptionsError } from './errors/replay-options-error';
import { SelectorError } from './errors/selector-error';
import { replayJobId } from './replay-job-id';
import { it, type TriageTestKit } from './test-fixtures/triage-test-kit';

/** Four `note` v1 records: one that fits v2, one too short for it, one quarantined, one replayed. */
async function seedFour(kit: TriageTestKit) {
  const fits = await kit.seed({
    jobId: 'fits',
    text: 'long enough for v2',
    deadLetteredAt: '2025-06-01T10:00:00Z',
  });
  const short = await kit.seed({ jobId: 'short', text: 'tiny', deadLetteredAt: '2025-06-01T11:00:00Z' });
  const tired = await kit.seed({
    jobId: 'tired',
    text: 'long enough for v2 too',
    lineage: { rootJobId: 'root-t', replayOf: 'dlq-old', redriveCount: 3 },
    deadLetteredAt: '2025-06-01T12:00:00Z',
  });
  const replayed = await kit.seed({
    jobId: 'done',
    text: 'replayed before this',
    deadLetteredAt: '2025-06-01T13:00:00Z',
  });
  await kit.triage.replayDlq({ selectors: { ids: [replayed.dlqId] } });
  return { fits, short, tired, replayed };
}

describe('planReplayDlq', () => {
  it('plans what replayDlq would do, with each new job data, and changes nothing', async ({ kit }) => {
    const { fits, short, tired, replayed } = await seedFour(kit);
    const before = await kit.snapshot();
    const replay = {
      selectors: { workflow: 'note' },
      overrides: { toVersion: 2, model: 'claude-sonnet-4-5' },
    };
    const plan = await kit.triage.planReplayDlq(replay);
    expect(await kit.snapshot()).toEqual(before);

    expect(plan.matched).toBe(4);
    expect(plan.steps.map((step) => step.dlqId)).toEqual([fits.dlqId]);
    expect(plan.steps[0]?.data).toEqual({
      workflow: 'note',
      version: 2,
      input: { text: 'long enough for v2' },
      overrides: { model: 'claude-sonnet-4-5' },
      lineage: { rootJobId: 'fits', replayOf: fits.dlqId, redriveCount: 1 },
    });
    expect(plan.steps[0]?.record).toEqual(fits);
    expect(plan.failed).toEqual([
      {
        dlqId: short.dlqId,
        error: 'the input does not match note@v2: input.text: text must have at least 10 characters',
      },
    ]);
    // Oldest first, as a replay goes.
    expect(plan.skipped.map(({ dlqId, reason }) => [dlqId, reason])).toEqual([
      [tired.dlqId, 'quarantined'],
      [replayed.dlqId, 'replayed'],
    ]);

    // The same plan a dry run reports.
    const dryRun = await kit.triage.replayDlq({ ...replay, dryRun: true });
    expect(dryRun.planned).toEqual(plan.planned);
    expect(dryRun.skipped).toEqual(plan.skipped);
    expect(dryRun.failed).toEqual(plan.failed);
    expect(plan.planned.map((step) => step.newJobId)).toEqual([replayJobId(fits.dlqId, 1)]);

    const forced = await kit.triage.planReplayDlq({ ...replay, force: true });
    expect(forced.steps.map((step) => step.dlqId)).toEqual([fits.dlqId, tired.dlqId]);
    expect(await kit.snapshot()).toEqual(before);
  });

  it('selects as replayDlq does: ids, other selectors, limit newest first', async ({ kit }) => {
    const { fits, short, tired } = await seedFour(kit);
    const byIds = await kit.triage.planReplayDlq({
      selectors: { ids: [tired.dlqId, fits.dlqId] },
      force: true,
    });
    expect(byIds.steps.map((step) => step.dlqId)).toEqual([fits.dlqId, tired.dlqId]);
    const newest = await kit.triage.planReplayDlq({ selectors: { workflow: 'note', version: 1, limit: 3 } });
    expect(newest.matched).toBe(3);
    expect(newest.steps.map((step) => step.dlqId)).toEqual([short.dlqId]);
    const window = await kit.triage.planReplayDlq({
      selectors: { until: new Date('2025-06-01T10:30:00Z') },
    });
    expect(window.steps.map((step) => step.dlqId)).toEqual([fits.dlqId]);
  });

  it('refuses bad selectors and options, and unknown ids, before anything is read', async ({ kit }) => {
    await kit.seed({ jobId: 'x' });
    await expect(kit.triage.planReplayDlq({ selectors: { limit: 5 } })).rejects.toBeInstanceOf(SelectorError);
    await expect(kit.triage.planReplayDlq({ selectors: { version: 2 } })).rejects.toBeInstanceOf(
      SelectorError,
    );
    await expect(
      kit.triage.planReplayDlq({ selectors: { all: true }, overrides: { toVersion: 0 } }),
    ).rejects.toBeInstanceOf(ReplayOptionsError);
    await expect(
      kit.triage.planReplayDlq({ selectors: { ids: ['dlq-00000000000000000000000000000000'] } }),
    ).rejects.toBeInstanceOf(DlqRecordNotFoundError);
  });
});
