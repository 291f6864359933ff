import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { BlobGcMarks } from './blob-gc-marks';
import { BlobGcSnapshotTooOldError } from './blob-gc-snapshot-too-old-error';
import { quarryKeys } from './keys';

const key = `sha256:${'ab'.repeat(32)}` as const;
const other = `sha256:${'cd'.repeat(32)}` as const;

describe('BlobGcMarks', () => {
  it('row 145: a mark made after the gc read its references keeps the blob; an old one does not', async ({
    redis,
    prefix,
  }) => {
    const marks = new BlobGcMarks({ redis, keys: quarryKeys({ prefix }) });
    const startedAt = await marks.now();
    expect(await marks.markUse({ key })).toBe('clear');
    expect(await marks.claimDeletion({ key, startedAt, owner: 'gc-1' })).toEqual({ type: 'marked' });
    // A mark from long before this run (its job since removed) keeps nothing.
    const later = startedAt + 2 * 3_600_000;
    expect(await marks.claimDeletion({ key, startedAt: later, owner: 'gc-1' })).toEqual({ type: 'claimed' });
    expect(await marks.claimDeletion({ key: other, startedAt, owner: 'gc-1' })).toEqual({ type: 'claimed' });
  });

  it('row 145: the mark slack follows the gc grace, up to an hour', async ({ redis, prefix }) => {
    const marks = new BlobGcMarks({ redis, keys: quarryKeys({ prefix }) });
    const markedAt = await marks.now();
    expect(await marks.markUse({ key })).toBe('clear');
    // A gc started 40 s after the mark: kept by the default (hour) slack and by a 1 min grace's slack, not by 0 s.
    const startedAt = markedAt + 40_000;
    expect(await marks.claimDeletion({ key, startedAt, owner: 'gc-1' })).toEqual({ type: 'marked' });
    expect(await marks.claimDeletion({ key, startedAt, owner: 'gc-1', graceMs: 60_000 })).toEqual({
      type: 'marked',
    });
    expect(await marks.claimDeletion({ key, startedAt, owner: 'gc-1', graceMs: 0 })).toEqual({
      type: 'claimed',
    });
    // A mark made after the gc began keeps the blob even at 0 s grace.
    await marks.releaseDeletion({ key, owner: 'gc-1' });
    expect(await marks.claimDeletion({ key, startedAt: markedAt - 1, owner: 'gc-2', graceMs: 0 })).toEqual({
      type: 'marked',
    });
  });

  it('row 145: a claim holds off other collectors and makes a producer wait until it is released', async ({
    redis,
    prefix,
  }) => {
    const marks = new BlobGcMarks({ redis, keys: quarryKeys({ prefix }) });
    const startedAt = await marks.now();
    expect(await marks.claimDeletion({ key, startedAt, owner: 'gc-1' })).toEqual({ type: 'claimed' });
    expect(await marks.claimDeletion({ key, startedAt, owner: 'gc-2' })).toEqual({ type: 'busy' });
    let settled: string | null = null;
    const producer = marks.markUse({ key }).then((outcome) => {
      settled = outcome;
      return outcome;
    });
    // The producer is held while the claim stands (its mark is written: the claim was first).
    await expect.poll(() => redis.zscore(quarryKeys({ prefix }).blobGc.marks(), key)).not.toBeNull();
    expect(settled).toBeNull();
    await marks.releaseDeletion({ key, owner: 'gc-2' }); // not its claim: nothing happens
    expect(settled).toBeNull();
    await marks.releaseDeletion({ key, owner: 'gc-1' });
    expect(await producer).toBe('waited');
    // Its mark now keeps the blob from the next claim.
    expect(await marks.claimDeletion({ key, startedAt, owner: 'gc-2' })).toEqual({ type: 'marked' });
  });

  it('row 145: a claim left by a gc that died lapses; a run older than the kept marks stops', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const marks = new BlobGcMarks({ redis, keys });
    const startedAt = await marks.now();
    await redis.hset(keys.blobGc.deleting(), key, `${startedAt - 10 * 60_000}:dead-gc`);
    expect(await marks.markUse({ key })).toBe('clear');
    expect(await redis.hexists(keys.blobGc.deleting(), key)).toBe(0);
    await expect(
      marks.claimDeletion({ key: other, startedAt: startedAt - 8 * 86_400_000, owner: 'gc-1' }),
    ).rejects.toBeInstanceOf(BlobGcSnapshotTooOldError);
  });
});
