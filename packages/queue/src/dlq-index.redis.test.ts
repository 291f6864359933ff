import { describe, expect } from 'vitest';
import { readDlqIndexEntries } from './dlq-index-entries';
import { dlqIndexEntry } from './dlq-index-entry';
import type { DlqRecord } from './dlq-record';
import { markReplayed } from './mark-replayed';
import { readReplayedDlqIds } from './replayed-dlq-ids';
import { dlqIndexTestKit, it, type RedisTestContext } from './test-fixtures/dlq-index-test-kit';
import { dlqRecordFor } from './test-fixtures/dlq-record-for';
import { unindexDlqRecord } from './unindex-dlq-record';

const T0 = Date.parse('2025-06-01T08:00:00.000Z');
const setup = (ctx: RedisTestContext) => dlqIndexTestKit(ctx);

describe('DLQ indexes', () => {
  it('index a written record by time, workflow, reason kind and label, and fingerprint, with its group', async ({
    ctx,
  }) => {
    const { redis, keys, writer, placesOf, groups } = setup(ctx);
    const record = dlqRecordFor({
      jobId: 'a',
      at: T0,
      kind: 'refused',
      refusalCategory: 'cyber',
      attempts: [['total'], ['total', 'date']],
    });
    expect(await writer.write(record)).toEqual({ dlqId: record.dlqId, created: true });
    expect(await placesOf(record)).toEqual({
      byTime: T0,
      byWorkflow: T0,
      byKind: T0,
      byLabel: T0,
      byFingerprint: T0,
    });
    expect(await readDlqIndexEntries({ redis, keys, dlqIds: [record.dlqId, 'dlq-none'] })).toEqual([
      { entry: dlqIndexEntry(record), state: 'dead' },
      null,
    ]);
    const { kept, tallied } = await groups();
    expect(kept).toEqual(tallied);
    expect(kept).toEqual([
      {
        fingerprint: record.fingerprint,
        count: 1,
        workflows: { 'invoice@v1': 1 },
        states: { replayed: 0, quarantined: 0, deadByRedrives: { '0': 1 } },
        issues: expect.arrayContaining([
          { signature: 'schema:total:invalid_type', count: 2, example: 'total is wrong in a' },
          { signature: 'schema:date:invalid_type', count: 1, example: 'date is wrong in a' },
        ]),
        oldest: dlqIndexEntry(record),
        newest: dlqIndexEntry(record),
      },
    ]);
    expect(await redis.get(keys.dlq.version())).toBe('1');
    expect(await writer.write(record)).toEqual({ dlqId: record.dlqId, created: false });
    expect((await groups()).kept[0]?.count).toBe(1);
  });

  it('move a replayed record to replayed: its state, its group and the replay-time index', async ({
    ctx,
  }) => {
    const { redis, queues, keys, writer, placesOf, groups } = setup(ctx);
    const record = dlqRecordFor({ jobId: 'r', at: T0, redriveCount: 1 });
    const other = dlqRecordFor({ jobId: 's', at: T0 + 1 });
    await writer.write(record);
    await writer.write(other);
    const replay = (at: number) =>
      markReplayed({
        redis,
        queue: queues.queue,
        dlq: queues.dlq,
        keys,
        dlqId: record.dlqId,
        job: { name: 'extract', data: { workflow: 'invoice', input: {} }, opts: { jobId: 'replay-r' } },
        replayedAt: new Date(at),
        audit: 'replayed as job replay-r',
      });
    expect(await replay(T0 + 5000)).toEqual({ outcome: 'replayed' });
    expect(await replay(T0 + 9000)).toEqual({ outcome: 'already-replayed', jobId: 'replay-r' });
    expect((await placesOf(record)).replayed).toBe(T0 + 5000);
    expect(await readReplayedDlqIds({ redis, keys, before: T0 + 5000 })).toEqual([]);
    expect(await readReplayedDlqIds({ redis, keys, before: T0 + 5001 })).toEqual([record.dlqId]);
    await expect(readReplayedDlqIds({ redis, keys, before: Number.NaN })).rejects.toThrow(
      'The replay-time cutoff must be a finite number of milliseconds, got NaN',
    );
    expect(await readDlqIndexEntries({ redis, keys, dlqIds: [record.dlqId, other.dlqId] })).toEqual([
      { entry: dlqIndexEntry(record), state: 'replayed' },
      { entry: dlqIndexEntry(other), state: 'dead' },
    ]);
    const { kept, tallied } = await groups();
    expect(kept).toEqual(tallied);
    expect(kept[0]?.states).toEqual({ replayed: 1, quarantined: 0, deadByRedrives: { '0': 1 } });
  });

  it('unindex a removed record everywhere, passing its examples on and deleting emptied groups', async ({
    ctx,
  }) => {
    const { redis, keys, writer, placesOf, groups } = setup(ctx);
    const [oldest, middle, newest] = [0, 1, 2].map((i) =>
      dlqRecordFor({ jobId: `g${i}`, at: T0 + i * 1000 }),
    );
    const apart = dlqRecordFor({ jobId: 'apart', at: T0, kind: 'no_progress', workflow: 'ticket' });
    for (const record of [newest, apart, oldest, middle] as DlqRecord[]) await writer.write(record);
    expect((await groups()).kept.map((group) => group.issues[0]?.example)).toContain('total is wrong in g0');

    const unindex = (record: DlqRecord) =>
      unindexDlqRecord({ redis, keys, sourceJobId: record.sourceJobId, dlqId: record.dlqId });
    expect(await unindex(oldest as DlqRecord)).toBe(true);
    expect(await placesOf(oldest as DlqRecord)).toEqual({});
    expect(await redis.hget(keys.dlqIndex(), 'g0')).toBeNull();
    let { kept, tallied } = await groups();
    expect(kept).toEqual(tallied);
    const group = kept.find((summary) => summary.fingerprint === oldest?.fingerprint);
    expect(group).toMatchObject({
      count: 2,
      issues: [{ signature: 'schema:total:invalid_type', count: 2, example: 'total is wrong in g1' }],
      oldest: dlqIndexEntry(middle as DlqRecord),
      newest: dlqIndexEntry(newest as DlqRecord),
    });

    expect(await unindex(newest as DlqRecord)).toBe(true);
    expect(await unindex(middle as DlqRecord)).toBe(true);
    expect(await unindex(middle as DlqRecord)).toBe(false);
    ({ kept, tallied } = await groups());
    expect(kept).toEqual(tallied);
    expect(kept.map((summary) => summary.fingerprint)).toEqual([apart.fingerprint]);
    expect(await unindex(apart)).toBe(true);
    const left = await redis.keys(`${keys.dlq.version().replace(/index-version$/, '')}*`);
    expect(left).toEqual([keys.dlq.version()]);
  });
});
