import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { BATCH_ENTRY_SETTLED, BatchLaneStore } from './batch-lane-store';
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

  it('never sends an answered attempt again: park after its result refuses, a second entry of it ends unpaid', async ({
    redis,
    prefix,
  }) => {
    const store = storeFor({ redis, prefix });
    const entry = { ref: 'j3@1#1', jobId: 'j3', model: 'm3', nowMs: 1, deadlineMs: null };
    const toBatch = async (batchId: string, customId: string) => {
      await store.takeIntent({
        intentId: batchId,
        model: 'm3',
        nowMs: 2,
        entries: [{ ref: entry.ref, customId }],
      });
      await store.saveBatchId({ intentId: batchId, batchId, nowMs: 3 });
    };
    await store.park(entry);
    await toBatch('b3', 'c3');
    // The job looked for a result before this settle, and parks after it.
    expect(await store.settle({ ref: entry.ref, owner: 'b3', model: 'm3', outcome: '{"n":1}' })).toBe('j3');
    expect(await store.park(entry)).toBe(BATCH_ENTRY_SETTLED);
    expect(await store.waiting('m3')).toEqual({ count: 0, oldestMs: null });

    // An entry of the same attempt in a later batch (parked before the fix, or by a stale run) ends
    // when its result comes, instead of going back to wait and being paid for again.
    await redis.del(quarryKeys({ prefix }).batch.result(entry.ref));
    await store.park(entry);
    await redis.set(quarryKeys({ prefix }).batch.result(entry.ref), '{"n":1}');
    await toBatch('b4', 'c4');
    expect(await store.settle({ ref: entry.ref, owner: 'b4', model: 'm3', outcome: '{"n":2}' })).toBe('');
    expect(await store.result(entry.ref)).toBe('{"n":1}');
    expect(await store.finishBatch({ batchId: 'b4', model: 'm3' })).toEqual([]);
    expect(await store.waiting('m3')).toEqual({ count: 0, oldestMs: null });
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

  it('keeps the file id a request referenced, and puts an entry back once marked with a lost one', async ({
    redis,
    prefix,
  }) => {
    const store = storeFor({ redis, prefix });
    const ref = 'j3@1#1';
    await store.park({ ref, jobId: 'j3', model: 'm3', nowMs: 5, deadlineMs: null });
    const submit = async (batchId: string, fileId: string | null) => {
      await store.takeIntent({
        intentId: batchId,
        model: 'm3',
        nowMs: 6,
        entries: [{ ref, customId: 'c3', fileId }],
      });
      await store.saveBatchId({ intentId: batchId, batchId, nowMs: 7 });
    };
    await submit('b4', 'file_a');
    expect(await store.entries([ref])).toMatchObject([{ owner: 'b4', fileId: 'file_a', lostFileId: null }]);
    const back = { ref, model: 'm3', lostFileId: 'file_a' };
    expect(await store.requeueLostFile({ ...back, batchId: 'b-other' })).toBe('');
    expect(await store.requeueLostFile({ ...back, batchId: 'b4' })).toBe('j3');
    expect(await store.requeueLostFile({ ...back, batchId: 'b4' })).toBe('');
    expect(await store.waiting('m3')).toEqual({ count: 1, oldestMs: 5 });
    expect(await store.entries([ref])).toMatchObject([{ owner: '', fileId: 'file_a', lostFileId: 'file_a' }]);
    await submit('b5', null);
    expect(await store.entries([ref])).toMatchObject([{ owner: 'b5', fileId: null, lostFileId: 'file_a' }]);
  });
});
