import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { BatchLaneStore } from './batch-lane-store';
import { BATCH_RECORD_RETENTION_SECONDS } from './batch-records';
import { BatchesView } from './batches-view';
import { quarryKeys } from './keys';

describe('BatchesView and BatchRecords (real Redis)', () => {
  it('shows a batch from submission to its end: counts per result type once, cost, requests and collectors', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new BatchLaneStore({ redis, keys, resultTtlSeconds: 60 });
    const view = new BatchesView({ redis, keys });
    for (const [ref, jobId, nowMs] of [
      ['j1@1#1', 'j1', 1000],
      ['j2@2#2', 'j2', 1500],
      ['j3@3#1', 'j3', 2500],
    ] as const) {
      await store.park({ ref, jobId, model: 'm', nowMs, deadlineMs: null });
    }
    await store.takeIntent({
      intentId: 'i1',
      model: 'm',
      nowMs: 3000,
      entries: [
        { ref: 'j1@1#1', customId: 'c1' },
        { ref: 'j2@2#2', customId: 'c2' },
      ],
    });
    expect(await store.saveBatchId({ intentId: 'i1', batchId: 'b1', nowMs: 4000 })).toBe(true);

    expect(await view.collectors()).toEqual([
      { model: 'm', waiting: 1, oldestWaitingSince: new Date(2500).toISOString() },
    ]);
    const fresh = {
      batchId: 'b1',
      model: 'm',
      status: 'in_progress',
      submittedAt: new Date(4000).toISOString(),
      endedAt: null,
      requests: 2,
      results: { succeeded: 0, errored: 0, expired: 0, canceled: 0 },
      pending: 2,
      costUsd: 0,
    };
    expect(await view.list({ limit: 20 })).toEqual([fresh]);

    const result = { batchId: 'b1', customId: 'c1', type: 'succeeded', costUsd: 0.0125 } as const;
    expect(await store.records.countResult(result)).toBe(true);
    expect(await store.records.countResult(result)).toBe(false);
    expect(
      await store.records.countResult({ batchId: 'b1', customId: 'c2', type: 'canceled', costUsd: null }),
    ).toBe(true);
    await store.records.markCanceling('b1');
    expect(await view.show({ batchId: 'b1', requestLimit: 100 })).toEqual({
      ...fresh,
      status: 'canceling',
      results: { succeeded: 1, errored: 0, expired: 0, canceled: 1 },
      pending: 0,
      costUsd: 0.0125,
      requestList: [
        { customId: 'c1', jobId: 'j1', attempt: 1, result: 'succeeded' },
        { customId: 'c2', jobId: 'j2', attempt: 2, result: 'canceled' },
      ],
    });

    await store.finishBatch({ batchId: 'b1', model: 'm' });
    await store.records.end({ batchId: 'b1', endedAtMs: 9000 });
    const ended = await view.show({ batchId: 'b1', requestLimit: 1 });
    expect(ended).toMatchObject({ status: 'ended', endedAt: new Date(9000).toISOString(), pending: 0 });
    expect(ended?.requestList).toEqual([{ customId: 'c1', jobId: 'j1', attempt: 1, result: 'succeeded' }]);
    const ttl = await redis.ttl(keys.batch.record('b1'));
    expect(ttl).toBeGreaterThan(BATCH_RECORD_RETENTION_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(BATCH_RECORD_RETENTION_SECONDS);
    expect(await view.show({ batchId: 'nope', requestLimit: 10 })).toBeNull();
  });

  it('lists a batch in flight that has no record, newest first, within the limit', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new BatchLaneStore({ redis, keys, resultTtlSeconds: 60 });
    const view = new BatchesView({ redis, keys });
    for (const [n, at] of [
      [1, 4000],
      [2, 5000],
    ] as const) {
      await store.park({ ref: `j${n}@1#1`, jobId: `j${n}`, model: 'm', nowMs: 1000, deadlineMs: null });
      await store.takeIntent({
        intentId: `i${n}`,
        model: 'm',
        nowMs: at,
        entries: [{ ref: `j${n}@1#1`, customId: `c${n}` }],
      });
      await store.saveBatchId({ intentId: `i${n}`, batchId: `b${n}`, nowMs: at });
    }
    await redis.del(keys.batch.record('b1'));
    const listed = await view.list({ limit: 20 });
    expect(listed.map((batch) => [batch.batchId, batch.status, batch.requests])).toEqual([
      ['b2', 'in_progress', 1],
      ['b1', 'in_progress', 1],
    ]);
    expect((await view.list({ limit: 1 })).map((batch) => batch.batchId)).toEqual(['b2']);
    // A nonsense limit is clamped, never an error or an unbounded read.
    expect(await view.list({ limit: -5 })).toHaveLength(1);
    expect(await view.list({ limit: Number.NaN })).toHaveLength(1);
  });
});
