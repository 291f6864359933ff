import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { BatchLaneStore } from './batch-lane-store';
import { quarryKeys } from './keys';

const storeFor = ({ redis, prefix }: { readonly redis: Redis; readonly prefix: string }) =>
  new BatchLaneStore({ redis, keys: quarryKeys({ prefix }), resultTtlSeconds: 60 });

describe('BatchLaneStore (real Redis)', () => {
  it('parks once, submits in two phases, and stores a result seen twice only once', async ({
    redis,
    prefix,
  }) => {
    const store = storeFor({ redis, prefix });
    const entry = { ref: 'j1@1#1', jobId: 'j1', model: 'm', nowMs: 1000, deadlineMs: null };
    expect(await store.park(entry)).toBe('');
    expect(await store.park({ ...entry, nowMs: 2000 })).toBe('');
    expect(await store.waiting('m')).toEqual({ count: 1, oldestMs: 1000 });

    const taken = await store.takeIntent({
      intentId: 'i1',
      model: 'm',
      nowMs: 3000,
      entries: [{ ref: 'j1@1#1', customId: 'c1' }],
    });
    expect(taken).toEqual(['j1@1#1']);
    expect(await store.park(entry)).toBe('intent:i1');
    expect(await store.saveBatchId({ intentId: 'i1', batchId: 'b1', nowMs: 4000 })).toBe(true);
    expect(await store.saveBatchId({ intentId: 'i1', batchId: 'b2', nowMs: 4000 })).toBe(false);
    expect(await store.memberRef('b1', 'c1')).toBe('j1@1#1');

    const settle = { ref: 'j1@1#1', owner: 'b1', model: 'm', outcome: '{"n":1}' };
    expect(await store.settle(settle)).toBe('j1');
    expect(await store.settle({ ...settle, outcome: '{"n":2}' })).toBe('');
    expect(await store.result('j1@1#1')).toBe('{"n":1}');
    expect(await store.requeue({ batchId: 'b1', model: 'm', refs: ['j1@1#1'] })).toEqual([]);
    expect(await store.finishBatch({ batchId: 'b1', model: 'm' })).toEqual([]);
    expect(await store.inFlight()).toEqual([]);
  });

  it('puts back only the entries a batch still owns, and an unanswered intent entirely', async ({
    redis,
    prefix,
  }) => {
    const store = storeFor({ redis, prefix });
    await store.park({ ref: 'j2@1#1', jobId: 'j2', model: 'm2', nowMs: 10, deadlineMs: 99 });
    await store.takeIntent({
      intentId: 'i2',
      model: 'm2',
      nowMs: 20,
      entries: [{ ref: 'j2@1#1', customId: 'c2' }],
    });
    expect(await store.intents()).toMatchObject([
      { intentId: 'i2', state: 'pending', entries: { c2: 'j2@1#1' } },
    ]);
    expect(await store.releaseIntent({ intentId: 'i2', model: 'm2' })).toEqual(['j2']);
    expect(await store.intents()).toEqual([]);
    expect(await store.waiting('m2')).toEqual({ count: 1, oldestMs: 10 });
    await store.takeIntent({
      intentId: 'i3',
      model: 'm2',
      nowMs: 30,
      entries: [{ ref: 'j2@1#1', customId: 'c2' }],
    });
    await store.saveBatchId({ intentId: 'i3', batchId: 'b3', nowMs: 40 });
    expect(await store.requeue({ batchId: 'b-old', model: 'm2', refs: ['j2@1#1'] })).toEqual([]);
    expect(await store.requeue({ batchId: 'b3', model: 'm2', refs: ['j2@1#1'] })).toEqual(['j2']);
    expect(await store.requeue({ batchId: 'b3', model: 'm2', refs: ['j2@1#1'] })).toEqual([]);
    expect(await store.dueByDeadline(100, 10)).toMatchObject([{ ref: 'j2@1#1', owner: '', deadlineMs: 99 }]);
  });
});
