import type { DlqReasonKind, DlqRecord } from '@quarry/queue';
import { describe, expect } from 'vitest';
import type { DlqSelectors } from './dlq-selectors';
import { DlqRecordNotFoundError } from './errors/dlq-record-not-found-error';
import { selectRecords } from './select-records';
import { countingConnection } from './test-fixtures/counting-connection';
import { issueAt, it, type TriageTestKit } from './test-fixtures/triage-test-kit';

const T0 = Date.parse('2025-06-01T00:00:00.000Z');
const kinds: readonly DlqReasonKind[] = ['validation_exhausted', 'no_progress', 'refused', 'permanent'];
const at = (seconds: number) => new Date(T0 + seconds * 1000);

/** Seeds `count` records varying in workflow, version, reason, fingerprint and time (three per second). */
async function seedVaried(kit: TriageTestKit, count: number): Promise<DlqRecord[]> {
  const records: DlqRecord[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, k) => start + k);
    records.push(
      ...(await Promise.all(
        batch.map((i) =>
          kit.seed({
            jobId: `c${i}`,
            workflow: i % 3 === 0 ? 'invoice' : 'note',
            version: i % 3 === 0 ? 1 : 1 + (i % 2),
            kind: kinds[i % 4] as DlqReasonKind,
            issues: [issueAt(i % 5 === 0 ? 'total' : 'title')],
            deadLetteredAt: at(Math.floor(i / 3)).toISOString(),
          }),
        ),
      )),
    );
  }
  return records;
}

describe('counting DLQ records', () => {
  it('counts what a full scan would select, for every kind of selector', async ({ kit }) => {
    const records = await seedVaried(kit, 240);
    const fingerprint = records[1]?.fingerprint as string;
    const cases: DlqSelectors[] = [
      {},
      { limit: 7 },
      { workflow: 'note' },
      { workflow: 'note', version: 2 },
      { reason: 'refused' },
      { reason: 'refused', workflow: 'invoice' },
      { fingerprint },
      { fingerprint, workflow: 'note', limit: 5 },
      { reason: 'no_progress', since: at(20), until: at(60) },
      { since: at(10), until: at(10) },
      { until: at(0) },
      { workflow: 'nothing' },
      { ids: [records[0]?.dlqId as string, records[1]?.dlqId as string, records[3]?.dlqId as string] },
      { ids: [records[0]?.dlqId as string, records[3]?.dlqId as string], workflow: 'invoice', limit: 1 },
    ];
    for (const selectors of cases) {
      expect({ selectors, count: await kit.triage.countDlq(selectors) }).toEqual({
        selectors,
        count: selectRecords(records, selectors).length,
      });
    }
  });

  it('counts 2,000 records with one ZCOUNT for one selector, and reads no record with several', async ({
    kit,
  }) => {
    const records = await seedVaried(kit, 2000);
    const counter = countingConnection(kit.url);
    try {
      const triage = kit.newTriage({ connection: counter.connection });
      await triage.countDlq(); // checks the index version once
      for (const selectors of [{}, { workflow: 'note' }, { reason: 'refused', since: at(100) }] as const) {
        counter.reset();
        expect(await triage.countDlq(selectors)).toBe(selectRecords(records, selectors).length);
        expect(Object.fromEntries(counter.counts)).toEqual({ zcount: 1 });
      }
      counter.reset();
      const several: DlqSelectors = { workflow: 'invoice', reason: 'no_progress' };
      expect(await triage.countDlq(several)).toBe(selectRecords(records, several).length);
      expect(counter.counts.get('hgetall') ?? 0).toBe(0);
      expect(counter.counts.get('hmget')).toBeGreaterThan(0);
    } finally {
      await counter.connection.quit();
    }
  });
});

describe('listing the DLQ page by page', () => {
  it('continues after the last record of a page and lists every record once, filtered or not', async ({
    kit,
  }) => {
    const records = await seedVaried(kit, 230);
    for (const selectors of [{}, { workflow: 'note' }, { reason: 'refused', workflow: 'note' }] as const) {
      const seen: string[] = [];
      for (let after: string | undefined; ; ) {
        const page = await kit.triage.listDlq({ ...selectors, limit: 40, after });
        seen.push(...page.map((summary) => summary.dlqId));
        if (page.length < 40 || seen.length > records.length) break;
        after = page.at(-1)?.dlqId;
      }
      expect(seen).toEqual(selectRecords(records, selectors).map((record) => record.dlqId));
    }
  });

  it('continues a list of ids after one of them', async ({ kit }) => {
    const records = await seedVaried(kit, 9);
    const ids = records.map((record) => record.dlqId);
    const expected = selectRecords(records, {}).map((record) => record.dlqId);
    const page = await kit.triage.listDlq({ ids, after: expected[3] as string, limit: 2 });
    expect(page.map((summary) => summary.dlqId)).toEqual(expected.slice(4, 6));
  });

  it('names a cursor that is no indexed record', async ({ kit }) => {
    await seedVaried(kit, 3);
    for (const after of ['dlq-00000000000000000000000000000000', 'meta', '']) {
      await expect(kit.triage.listDlq({ after })).rejects.toBeInstanceOf(DlqRecordNotFoundError);
    }
  });
});
