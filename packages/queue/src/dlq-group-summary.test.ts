import { describe, expect, it } from 'vitest';
import { parseDlqGroupSummary, tallyDlqGroups } from './dlq-group-summary';
import { dlqIndexEntry, dlqIndexState } from './dlq-index-entry';
import type { DlqRecord } from './dlq-record';
import { dlqRecordFor } from './test-fixtures/dlq-record-for';

const T0 = Date.parse('2025-06-01T08:00:00.000Z');
const indexed = (record: DlqRecord) => ({ entry: dlqIndexEntry(record), state: dlqIndexState(record) });

describe('tallyDlqGroups', () => {
  it('sums a group up: counts, workflows, states by redrives, issues with the oldest example, oldest and newest', () => {
    const both = [['total', 'date']];
    const oldest = dlqRecordFor({ jobId: 'a', at: T0, attempts: [['total'], ['date', 'total']] });
    const newest = dlqRecordFor({ jobId: 'b', at: T0 + 2000, version: 2, redriveCount: 2, attempts: both });
    const replayed: DlqRecord = {
      ...dlqRecordFor({ jobId: 'c', at: T0 + 1000, attempts: both }),
      state: 'replayed',
      replay: { jobId: 'replay-c', replayedAt: new Date(T0 + 5000).toISOString() },
    };
    const quarantined: DlqRecord = {
      ...dlqRecordFor({ jobId: 'd', at: T0 + 1000, attempts: both }),
      state: 'quarantined',
    };
    const apart = dlqRecordFor({ jobId: 'e', at: T0, kind: 'no_progress' });
    const groups = tallyDlqGroups([newest, apart, replayed, oldest, quarantined].map(indexed));
    expect(groups.find((group) => group.fingerprint === apart.fingerprint)?.count).toBe(1);
    const group = groups.find((summary) => summary.fingerprint === oldest.fingerprint);
    const bySignature = (a: { signature: string }, b: { signature: string }) =>
      a.signature.localeCompare(b.signature);
    expect({ ...group, issues: [...(group?.issues ?? [])].sort(bySignature) }).toEqual({
      fingerprint: oldest.fingerprint,
      count: 4,
      workflows: { 'invoice@v1': 3, 'invoice@v2': 1 },
      states: { replayed: 1, quarantined: 1, deadByRedrives: { '0': 1, '2': 1 } },
      issues: [
        { signature: 'schema:date:invalid_type', count: 4, example: 'date is wrong in a' },
        { signature: 'schema:total:invalid_type', count: 5, example: 'total is wrong in a' },
      ],
      oldest: dlqIndexEntry(oldest),
      newest: dlqIndexEntry(newest),
    });
  });

  it('reads a kept group back from its hash, and no group from an empty one', () => {
    const record = dlqRecordFor({ jobId: 'a', at: T0 });
    const entry = JSON.stringify(dlqIndexEntry(record));
    const flat = ['count', '1', 'w:invoice@v1', '1', 'r:0', '1', 'i:schema:total:invalid_type', '1'];
    const reply = [[...flat, 'e:schema:total:invalid_type', 'total is wrong in a'], entry, entry] as const;
    expect(parseDlqGroupSummary(record.fingerprint, reply)).toEqual(tallyDlqGroups([indexed(record)])[0]);
    expect(parseDlqGroupSummary(record.fingerprint, [[], null, null])).toBeNull();
  });
});
