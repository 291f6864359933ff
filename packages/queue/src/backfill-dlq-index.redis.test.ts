import { describe, expect } from 'vitest';
import { ensureDlqIndex } from './backfill-dlq-index';
import { readDlqIndexEntries } from './dlq-index-entries';
import { dlqIndexEntry } from './dlq-index-entry';
import { dlqJobName } from './dlq-job-display';
import type { DlqRecord } from './dlq-record';
import { markReplayed } from './mark-replayed';
import { openQueues } from './open-queues';
import { readReplayedDlqIds } from './replayed-dlq-ids';
import { dlqIndexTestKit, it, type RedisTestContext } from './test-fixtures/dlq-index-test-kit';
import { dlqRecordFor } from './test-fixtures/dlq-record-for';

const T0 = Date.parse('2025-06-01T08:00:00.000Z');
function setup(ctx: RedisTestContext) {
  const kit = dlqIndexTestKit(ctx);
  const { redis, queues, keys } = kit;
  /** Writes a record as a version without the DLQ indexes did: the job and the source job's pointer only. */
  const writeAsOlderVersion = async (record: DlqRecord) => {
    await queues.dlq.add(dlqJobName(record), record, { jobId: record.dlqId, attempts: 1 });
    await redis.hset(keys.dlqIndex(), record.sourceJobId, record.dlqId);
  };
  const ensure = () => ensureDlqIndex({ redis, dlq: queues.dlq, keys, batchSize: 7 });
  return { ...kit, writeAsOlderVersion, ensure };
}

const records = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) =>
    dlqRecordFor({
      jobId: `old-${from + i}`,
      at: T0 + (from + i) * 10,
      kind: i % 3 === 0 ? 'no_progress' : 'validation_exhausted',
      attempts: [[i % 2 === 0 ? 'total' : 'date']],
    }),
  );

const replayedAsOlderVersion = (record: DlqRecord): DlqRecord => ({
  ...record,
  state: 'replayed',
  replay: { jobId: `replay-${record.dlqId}-1`, replayedAt: new Date(T0 + 60_000).toISOString() },
});

describe('ensureDlqIndex', () => {
  it('row 98: indexes a DLQ written by an older version once, in batches, replayed records included', async ({
    ctx,
  }) => {
    const { redis, keys, writeAsOlderVersion, ensure, groups } = setup(ctx);
    const old = records(30);
    old[4] = replayedAsOlderVersion(old[4] as DlqRecord);
    for (const record of old) await writeAsOlderVersion(record);
    expect(await redis.get(keys.dlq.version())).toBeNull();
    expect((await groups()).indexed).toBe(0);

    expect(await ensure()).toEqual({ ran: true, scanned: 30, indexed: 30, unreadable: [] });
    const { indexed, kept, tallied } = await groups();
    expect(indexed).toBe(30);
    expect(kept).toEqual(tallied);
    expect(kept.reduce((sum, group) => sum + group.states.replayed, 0)).toBe(1);
    expect(await readReplayedDlqIds({ redis, keys, before: T0 + 60_001 })).toEqual([old[4]?.dlqId]);
    expect(await readDlqIndexEntries({ redis, keys, dlqIds: [old[4]?.dlqId as string] })).toEqual([
      { entry: dlqIndexEntry(old[4] as DlqRecord), state: 'replayed' },
    ]);
    expect(await redis.get(keys.dlq.version())).toBe('1');
    expect(await ensure()).toEqual({ ran: false, scanned: 0, indexed: 0, unreadable: [] });
  });

  it('row 99: concurrent backfills, writes from several connections and replays of the same records -> counts every record once with concurrent backfills, writes and replays', async ({
    ctx,
  }) => {
    const { redis, queues, keys, writer, writeAsOlderVersion, ensure, groups } = setup(ctx);
    const old = records(40);
    for (const record of old) await writeAsOlderVersion(record);
    const fresh = records(20, 100);
    const replayed = old[0] as DlqRecord;
    const lane = redis.duplicate();
    const laneQueues = openQueues({ connection: lane, config: queues.config });
    const [first, second, third] = await Promise.all([
      ensure(),
      ensure(),
      ensure(),
      ...fresh.map((record) => writer.write(record)),
      markReplayed({
        redis: lane,
        queue: laneQueues.queue,
        dlq: laneQueues.dlq,
        keys,
        dlqId: replayed.dlqId,
        job: { name: 'extract', data: { workflow: 'invoice', input: {} }, opts: { jobId: 'replay-0' } },
        replayedAt: new Date(T0 + 5000),
        audit: 'replayed',
      }),
    ]);
    await laneQueues.close();
    await lane.quit();
    const backfills = [first, second, third] as { indexed: number }[];
    expect(backfills.reduce((sum, report) => sum + report.indexed, 0)).toBeLessThanOrEqual(40);
    const { indexed, kept, tallied } = await groups();
    expect(indexed).toBe(60);
    expect(kept).toEqual(tallied);
    expect(kept.reduce((sum, group) => sum + group.count, 0)).toBe(60);
    expect(kept.reduce((sum, group) => sum + group.states.replayed, 0)).toBe(1);
    expect(await readDlqIndexEntries({ redis, keys, dlqIds: [replayed.dlqId] })).toEqual([
      { entry: dlqIndexEntry(replayed), state: 'replayed' },
    ]);
  });

  it('a write to an older DLQ indexes itself but leaves the version to the backfill', async ({ ctx }) => {
    const { redis, keys, writer, writeAsOlderVersion, ensure, groups } = setup(ctx);
    const [old, fresh] = records(2);
    await writeAsOlderVersion(old as DlqRecord);
    await writer.write(fresh as DlqRecord);
    await writer.write(old as DlqRecord);
    expect(await redis.get(keys.dlq.version())).toBeNull();
    expect((await groups()).indexed).toBe(1);
    expect(await ensure()).toMatchObject({ ran: true, scanned: 2, indexed: 1 });
    expect((await groups()).indexed).toBe(2);
  });

  it('leaves out and reports DLQ jobs that are not DLQ records', async ({ ctx }) => {
    const { redis, queues, keys, writeAsOlderVersion, ensure, groups } = setup(ctx);
    await writeAsOlderVersion(records(1)[0] as DlqRecord);
    await queues.dlq.add('by hand', { hello: 'world' }, { jobId: 'dlq-0123456789abcdef0123456789abcdef' });
    const report = await ensure();
    expect(report).toMatchObject({ ran: true, scanned: 2, indexed: 1 });
    expect(report.unreadable).toEqual([
      { jobId: 'dlq-0123456789abcdef0123456789abcdef', problem: expect.stringContaining('dlqId') },
    ]);
    expect((await groups()).indexed).toBe(1);
    expect(await redis.get(keys.dlq.version())).toBe('1');
  });

  it('writes nothing when the DLQ is empty', async ({ ctx }) => {
    const { redis, queues, ensure } = setup(ctx);
    expect(await ensure()).toEqual({ ran: true, scanned: 0, indexed: 0, unreadable: [] });
    expect(await redis.keys(`${queues.keys.dlq.version().replace(/dlq:index-version$/, '')}*`)).toEqual([]);
  });
});
