import type { DlqReasonKind, DlqRecord } from '@quarry/queue';
import { describe, expect } from 'vitest';
import type { DlqSelectors } from './dlq-selectors';
import { fingerprintGroupsOf } from './fingerprint-groups';
import { selectRecords } from './select-records';
import { countingConnection } from './test-fixtures/counting-connection';
import { issueAt, it, type TriageTestKit } from './test-fixtures/triage-test-kit';

const T0 = Date.parse('2025-06-01T00:00:00.000Z');
const kinds: readonly DlqReasonKind[] = ['validation_exhausted', 'no_progress', 'refused', 'permanent'];

/** Seeds `count` records varying in workflow, version, reason, issues and time (some share a millisecond). */
async function seedMany(
  kit: TriageTestKit,
  count: number,
  batch = 50,
  olderVersion = false,
): Promise<DlqRecord[]> {
  const seed = olderVersion ? kit.seedAsOlderVersion : kit.seed;
  const records: DlqRecord[] = [];
  for (let start = 0; start < count; start += batch) {
    const seeded = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
        const i = start + k;
        return seed({
          jobId: `m${i}`,
          workflow: i % 3 === 0 ? 'invoice' : 'note',
          version: i % 3 === 0 ? 1 : 1 + (i % 2),
          kind: kinds[i % 4] as DlqReasonKind,
          issues: [issueAt(['title', 'total', 'date'][i % 5 === 0 ? 1 : i % 3 === 0 ? 2 : 0] as string)],
          deadLetteredAt: new Date(T0 + Math.floor(i / 3) * 1000).toISOString(),
        });
      }),
    );
    records.push(...seeded);
  }
  return records;
}

describe('triage reads through the DLQ indexes', () => {
  it('lists a page of 50 out of 5,000 records reading 50 records, and groups them reading none', async ({
    kit,
  }) => {
    const records = await seedMany(kit, 5000, 250);
    const counter = countingConnection(kit.url);
    try {
      const triage = kit.newTriage({ connection: counter.connection });
      await triage.listDlq({ limit: 1 }); // opens the queues and checks the index version once
      counter.reset();
      const page = await triage.listDlq({ limit: 50 });
      expect(page.map((summary) => summary.dlqId)).toEqual(
        selectRecords(records, { limit: 50 }).map((record) => record.dlqId),
      );
      expect(counter.counts.get('hgetall')).toBe(50);
      expect(counter.total()).toBeLessThan(80);

      counter.reset();
      const groups = await triage.fingerprintGroups();
      expect(groups).toEqual(fingerprintGroupsOf(records, { maxRedrives: 3, topIssues: 5 }));
      expect(counter.counts.get('hgetall') ?? 0).toBe(0);
      expect(counter.total()).toBeLessThanOrEqual(groups.length + 3);
    } finally {
      await counter.connection.quit();
    }
  });

  it('selects what a full scan would, with selectors combined and cut at a limit', async ({ kit }) => {
    const records = await seedMany(kit, 300);
    const { triage } = kit;
    const at = (seconds: number) => new Date(T0 + seconds * 1000);
    const cases: DlqSelectors[] = [
      {},
      { limit: 7 },
      { workflow: 'note' },
      { workflow: 'note', version: 2 },
      { reason: 'refused', workflow: 'invoice' },
      { reason: 'no_progress', since: at(20), until: at(60) },
      { fingerprint: records[1]?.fingerprint as string, workflow: 'note', limit: 5 },
      { fingerprint: records[1]?.fingerprint as string, reason: 'validation_exhausted', until: at(50) },
      { since: at(99), until: at(99) },
      { workflow: 'nothing' },
    ];
    for (const selectors of cases) {
      const expected = selectRecords(records, selectors).map((record) => record.dlqId);
      expect((await triage.listDlq(selectors)).map((summary) => summary.dlqId)).toEqual(expected);
      const groups = await triage.fingerprintGroups(selectors);
      expect(groups).toEqual(
        fingerprintGroupsOf(selectRecords(records, selectors), { maxRedrives: 3, topIssues: 5 }),
      );
    }
  });

  it('indexes a DLQ written by an older version on its first read, and lists and groups all of it', async ({
    kit,
  }) => {
    const { redis, queues, triage } = kit;
    const older = await seedMany(kit, 30, 10, true);
    expect(await redis.get(queues.keys.dlq.version())).toBeNull();
    expect((await triage.listDlq()).map((summary) => summary.dlqId)).toEqual(
      selectRecords(older, {}).map((record) => record.dlqId),
    );
    expect(await triage.fingerprintGroups()).toEqual(
      fingerprintGroupsOf(older, { maxRedrives: 3, topIssues: 5 }),
    );
    expect(await redis.get(queues.keys.dlq.version())).toBe('1');
  });

  it('keeps lists and groups exact through replays and retention', async ({ kit }) => {
    const records = await seedMany(kit, 40);
    let clock = T0 + 100_000_000;
    const triage = kit.newTriage({ now: () => clock });
    const replayed = await triage.replayDlq({ selectors: { workflow: 'invoice', limit: 6 } });
    expect(replayed.replayed).toBe(6);
    let groups = await triage.fingerprintGroups();
    expect(groups.reduce((sum, group) => sum + group.states.replayed, 0)).toBe(6);
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(40);

    clock += 31 * 24 * 3600 * 1000;
    const { removed } = await triage.pruneReplayed();
    expect(removed.sort()).toEqual(replayed.jobs.map((job) => job.dlqId).sort());
    const left = records.filter((record) => !removed.includes(record.dlqId));
    expect((await triage.listDlq()).map((summary) => summary.dlqId)).toEqual(
      selectRecords(left, {}).map((record) => record.dlqId),
    );
    groups = await triage.fingerprintGroups();
    expect(groups).toEqual(fingerprintGroupsOf(left, { maxRedrives: 3, topIssues: 5 }));
    expect(await triage.pruneReplayed()).toEqual({ removed: [] });
  });

  it('replays a selection larger than a page completely, oldest first, with the total known up front', async ({
    kit,
  }) => {
    const records = await seedMany(kit, 450);
    const totals = new Set<number>();
    const report = await kit.triage.replayDlq({
      selectors: { all: true },
      concurrency: 8,
      onProgress: (progress) => totals.add(progress.total),
    });
    expect(report).toMatchObject({ dryRun: false, matched: 450, replayed: 450, skipped: [], failed: [] });
    expect(report.planned.map((step) => step.dlqId)).toEqual(
      selectRecords(records, {})
        .reverse()
        .map((record) => record.dlqId),
    );
    expect([...totals]).toEqual([450]);
    expect((await kit.triage.listDlq({ limit: 450 })).every((summary) => summary.state === 'replayed')).toBe(
      true,
    );
  });
});
