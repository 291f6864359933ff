import { describe, expect } from 'vitest';
import { DlqRecordNotFoundError } from './errors/dlq-record-not-found-error';
import { SelectorError } from './errors/selector-error';
import { issueAt, it, type TriageTestKit } from './test-fixtures/triage-test-kit';

/** Seeds five records that differ in workflow, version, reason, issues and time. */
async function seedFive(kit: TriageTestKit) {
  const { seed } = kit;
  const a = await seed({ jobId: 'a', deadLetteredAt: '2025-06-01T08:00:00.000Z' });
  const b = await seed({
    jobId: 'b',
    version: 2,
    text: 'a long enough note',
    deadLetteredAt: '2025-06-01T09:00:00.000Z',
  });
  const c = await seed({ jobId: 'c', kind: 'no_progress', deadLetteredAt: '2025-06-01T10:00:00.000Z' });
  const d = await seed({
    jobId: 'd',
    workflow: 'invoice',
    issues: [issueAt('total'), issueAt('lineItems[0].amount')],
    deadLetteredAt: '2025-06-01T11:00:00.000Z',
  });
  const e = await seed({
    jobId: 'e',
    kind: 'permanent',
    issues: [],
    deadLetteredAt: '2025-06-01T12:00:00.000Z',
  });
  return { a, b, c, d, e };
}

const sourceIds = (summaries: readonly { sourceJobId: string }[]) => summaries.map((s) => s.sourceJobId);

describe('DLQ selectors', () => {
  it('lists every record, newest first, without selectors', async ({ kit }) => {
    await seedFive(kit);
    expect(sourceIds(await kit.triage.listDlq())).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('selects by ids', async ({ kit }) => {
    const { a, c } = await seedFive(kit);
    expect(sourceIds(await kit.triage.listDlq({ ids: [a.dlqId, c.dlqId] }))).toEqual(['c', 'a']);
  });

  it('refuses unknown ids, naming them', async ({ kit }) => {
    const { a } = await seedFive(kit);
    const error = await kit.triage.listDlq({ ids: [a.dlqId, 'dlq-missing'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DlqRecordNotFoundError);
    expect((error as DlqRecordNotFoundError).dlqIds).toEqual(['dlq-missing']);
  });

  it('finds no record under the names BullMQ keeps beside the DLQ jobs', async ({ kit }) => {
    await seedFive(kit);
    for (const name of ['meta', 'id', 'events', 'stalled-check']) {
      await expect(kit.triage.showDlq(name)).rejects.toBeInstanceOf(DlqRecordNotFoundError);
      const error = await kit.triage.listDlq({ ids: [name] }).catch((e: unknown) => e);
      expect((error as DlqRecordNotFoundError).dlqIds).toEqual([name]);
    }
  });

  it('selects by fingerprint', async ({ kit }) => {
    const { a } = await seedFive(kit);
    // a and b share the reason kind and the issues, so the fingerprint.
    expect(sourceIds(await kit.triage.listDlq({ fingerprint: a.fingerprint }))).toEqual(['b', 'a']);
  });

  it('selects by workflow, and by workflow and version', async ({ kit }) => {
    await seedFive(kit);
    const { triage } = kit;
    expect(sourceIds(await triage.listDlq({ workflow: 'note' }))).toEqual(['e', 'c', 'b', 'a']);
    expect(sourceIds(await triage.listDlq({ workflow: 'note', version: 2 }))).toEqual(['b']);
    expect(sourceIds(await triage.listDlq({ workflow: 'invoice' }))).toEqual(['d']);
  });

  it('selects by reason kind', async ({ kit }) => {
    await seedFive(kit);
    expect(sourceIds(await kit.triage.listDlq({ reason: 'no_progress' }))).toEqual(['c']);
  });

  it('selects by since and until (inclusive)', async ({ kit }) => {
    await seedFive(kit);
    const { triage } = kit;
    expect(sourceIds(await triage.listDlq({ since: new Date('2025-06-01T11:00:00.000Z') }))).toEqual([
      'e',
      'd',
    ]);
    expect(sourceIds(await triage.listDlq({ until: new Date('2025-06-01T09:00:00.000Z') }))).toEqual([
      'b',
      'a',
    ]);
  });

  it('cuts at limit, newest first', async ({ kit }) => {
    await seedFive(kit);
    expect(sourceIds(await kit.triage.listDlq({ limit: 2 }))).toEqual(['e', 'd']);
  });

  it('selects everything with all', async ({ kit }) => {
    await seedFive(kit);
    expect(await kit.triage.listDlq({ all: true })).toHaveLength(5);
  });

  it('combines selectors with AND', async ({ kit }) => {
    await seedFive(kit);
    const { triage } = kit;
    const selected = await triage.listDlq({
      workflow: 'note',
      reason: 'validation_exhausted',
      since: new Date('2025-06-01T08:30:00.000Z'),
      until: new Date('2025-06-01T12:00:00.000Z'),
    });
    expect(sourceIds(selected)).toEqual(['b']);
    expect(await triage.listDlq({ workflow: 'invoice', reason: 'no_progress' })).toEqual([]);
  });

  it('refuses a version without a workflow, and until before since', async ({ kit }) => {
    const error = await kit.triage
      .listDlq({ version: 2, since: new Date('2025-06-02'), until: new Date('2025-06-01') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SelectorError);
    expect((error as SelectorError).problems).toEqual([
      'version: needs a workflow selector',
      'until: must not be before since (2025-06-02T00:00:00.000Z > 2025-06-01T00:00:00.000Z)',
    ]);
  });

  it('summarizes each record for tables', async ({ kit }) => {
    const { d } = await seedFive(kit);
    const [summary] = await kit.triage.listDlq({ ids: [d.dlqId] });
    expect(summary).toMatchObject({
      dlqId: d.dlqId,
      workflow: 'invoice',
      version: 1,
      reason: { kind: 'validation_exhausted', message: 'gave up on d' },
      fingerprint: d.fingerprint,
      attempts: 2,
      totals: { costUsd: 0.004, inputTokens: 2000 },
      topIssue: 'schema:lineItems[].amount:invalid_type',
      state: 'dead',
      replay: null,
      lineage: { rootJobId: 'd', redriveCount: 0 },
    });
  });

  it('groups records by fingerprint with counts, times and top issues', async ({ kit }) => {
    const { a } = await seedFive(kit);
    const groups = await kit.triage.fingerprintGroups();
    expect(groups).toHaveLength(4);
    expect(groups[0]).toEqual({
      fingerprint: a.fingerprint,
      count: 2,
      reason: 'validation_exhausted',
      message: 'gave up on b',
      workflows: ['note@v1', 'note@v2'],
      firstSeen: '2025-06-01T08:00:00.000Z',
      lastSeen: '2025-06-01T09:00:00.000Z',
      states: { dead: 2, replayed: 0, quarantined: 0 },
      topIssues: [
        { signature: 'schema:title:invalid_type', count: 4, example: 'expected a number at title' },
      ],
    });
  });
});
