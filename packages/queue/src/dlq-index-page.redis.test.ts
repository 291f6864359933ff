import { describe, expect } from 'vitest';
import { countDlqIndexes, type DlqIndexItem, type DlqIndexName, readDlqIndexPage } from './dlq-index-page';
import type { DlqRecord } from './dlq-record';
import { dlqIndexTestKit, it, type RedisTestContext } from './test-fixtures/dlq-index-test-kit';
import { dlqRecordFor } from './test-fixtures/dlq-record-for';
import { unindexDlqRecord } from './unindex-dlq-record';

const T0 = Date.parse('2025-06-01T08:00:00.000Z');
async function setup(ctx: RedisTestContext, records: readonly DlqRecord[]) {
  const { redis, keys, writer } = dlqIndexTestKit(ctx);
  for (const record of records) await writer.write(record);
  const page = (index: DlqIndexName, limit: number, after?: DlqIndexItem, window = {}) =>
    readDlqIndexPage({ redis, keys, index, limit, after, window });
  /** Every page of `size`, concatenated, calling `between` after each page. */
  const walk = async (index: DlqIndexName, size: number, between?: (item: DlqIndexItem) => Promise<void>) => {
    const items: DlqIndexItem[] = [];
    for (let last: DlqIndexItem | undefined; ; ) {
      const next = await page(index, size, last);
      items.push(...next);
      last = next.at(-1);
      if (!last || next.length < size) return items;
      await between?.(last);
    }
  };
  return { redis, keys, writer, page, walk };
}

/** Records in bursts of `burst` sharing one millisecond. */
const bursts = (count: number, burst: number, prefix = 'p') =>
  Array.from({ length: count }, (_, i) =>
    dlqRecordFor({
      jobId: `${prefix}${i}`,
      at: T0 + Math.floor(i / burst) * 1000,
      workflow: i % 2 === 0 ? 'invoice' : 'ticket',
      kind: i % 5 === 0 ? 'refused' : 'validation_exhausted',
      ...(i % 10 === 0 ? { refusalCategory: 'cyber' as const } : {}),
    }),
  );

/** Newest first, ties by DLQ id descending: the order of every index. */
const indexOrder = (records: readonly DlqRecord[]) =>
  records
    .map((record) => ({ dlqId: record.dlqId, at: Date.parse(record.deadLetteredAt) }))
    .sort((a, b) => b.at - a.at || (a.dlqId < b.dlqId ? 1 : -1));

describe('DLQ index pages', () => {
  it('walk an index newest first, completely and once, across ties', async ({ ctx }) => {
    const records = bursts(120, 10);
    const { walk } = await setup(ctx, records);
    expect(await walk({ by: 'time' }, 7)).toEqual(indexOrder(records));
    expect(await walk({ by: 'workflow', workflow: 'ticket' }, 4)).toEqual(
      indexOrder(records.filter((record) => record.workflow === 'ticket')),
    );
    expect((await walk({ by: 'reason', reason: 'refused' }, 5)).length).toBe(24);
    expect((await walk({ by: 'reason', reason: 'refused:cyber' }, 5)).length).toBe(12);
    expect(
      await walk({ by: 'fingerprint', fingerprint: records[1]?.fingerprint as string }, 50),
    ).toHaveLength(96);
  });

  it('stay within a time window, both ends inclusive, and count it', async ({ ctx }) => {
    const records = bursts(60, 10);
    const { redis, keys, page } = await setup(ctx, records);
    const window = { since: T0 + 2000, until: T0 + 3000 };
    const inside = records.filter((record) => {
      const at = Date.parse(record.deadLetteredAt);
      return at >= window.since && at <= window.until;
    });
    const first = await page({ by: 'time' }, 15, undefined, window);
    const second = await page({ by: 'time' }, 15, first.at(-1), window);
    expect([...first, ...second]).toEqual(indexOrder(inside));
    expect(
      await countDlqIndexes({
        redis,
        keys,
        indexes: [
          { by: 'time' },
          { by: 'workflow', workflow: 'invoice' },
          { by: 'workflow', workflow: 'none' },
        ],
        window,
      }),
    ).toEqual([20, 10, 0]);
  });

  it('row 100: records written and removed -> never repeat or skip a record that stays indexed, whatever changes between pages', async ({
    ctx,
  }) => {
    const records = bursts(80, 8);
    const { redis, keys, writer, walk } = await setup(ctx, records);
    const removed = new Set<string>();
    let round = 0;
    const items = await walk({ by: 'time' }, 6, async (cursor) => {
      round += 1;
      // A newer record, an older one, the cursor itself and a record not reached yet come and go.
      await writer.write(dlqRecordFor({ jobId: `new${round}`, at: T0 + 99_000 }));
      await writer.write(dlqRecordFor({ jobId: `late${round}`, at: T0 - 1000 * round }));
      const ahead = indexOrder(records).find((item) => item.at < cursor.at && !removed.has(item.dlqId));
      for (const dlqId of [cursor.dlqId, ahead?.dlqId]) {
        const record = records.find((r) => r.dlqId === dlqId);
        if (!record || removed.has(record.dlqId)) continue;
        removed.add(record.dlqId);
        await unindexDlqRecord({ redis, keys, sourceJobId: record.sourceJobId, dlqId: record.dlqId });
      }
    });
    const ids = items.map((item) => item.dlqId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const record of records) if (!removed.has(record.dlqId)) expect(ids).toContain(record.dlqId);
    expect(ids.filter((id) => !records.some((record) => record.dlqId === id))).toHaveLength(round);
    expect(items).toEqual([...items].sort((a, b) => b.at - a.at || (a.dlqId < b.dlqId ? 1 : -1)));
  });

  it('refuse a page of no records', async ({ ctx }) => {
    const { page } = await setup(ctx, []);
    await expect(page({ by: 'time' }, 0)).rejects.toThrow('at least one record, got a limit of 0');
  });
});
