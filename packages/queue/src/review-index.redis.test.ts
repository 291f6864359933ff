import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import type { ReviewEntry } from './review-entry';
import { ReviewIndex } from './review-index';

const entry = (jobId: string, flaggedAt: string, workflow = 'support-ticket'): ReviewEntry => ({
  jobId,
  workflow,
  version: 1,
  reasons: ['confidence is 0.4, below the review threshold 0.6'],
  flaggedAt,
  attempts: 1,
  costUsd: 0.0012,
  data: { category: 'other', confidence: 0.4 },
});

describe('ReviewIndex', () => {
  it('lists flagged jobs oldest first, filters by workflow, and removes them on ack', async ({
    redis,
    prefix,
  }) => {
    const index = new ReviewIndex({ redis, keys: quarryKeys({ prefix }) });
    await index.flag(entry('b', '2025-01-02T00:00:00.000Z'));
    await index.flag(entry('a', '2025-01-01T00:00:00.000Z', 'invoice'));
    await index.flag({ ...entry('b', '2025-01-03T00:00:00.000Z'), attempts: 2 });

    expect(await index.count()).toBe(2);
    const { entries, unreadable } = await index.list();
    expect(entries.map((e) => [e.jobId, e.attempts])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(unreadable).toEqual([]);
    expect((await index.list({ workflow: 'invoice' })).entries.map((e) => e.jobId)).toEqual(['a']);
    expect((await index.list({ limit: 1 })).entries.map((e) => e.jobId)).toEqual(['a']);
    expect(await index.get('b')).toMatchObject({ jobId: 'b', reasons: [expect.stringContaining('0.4')] });

    expect(await index.ack('a')).toBe(true);
    expect(await index.ack('a')).toBe(false);
    expect(await index.get('a')).toBeNull();
    expect((await index.list()).entries.map((e) => e.jobId)).toEqual(['b']);
  });

  it('reports an unreadable entry instead of hiding it', async ({ redis, prefix }) => {
    const keys = quarryKeys({ prefix, queueName: 'other' });
    const index = new ReviewIndex({ redis, keys });
    await redis.zadd(keys.reviewPending(), 1, 'broken');
    await redis.hset(keys.reviewEntries(), 'broken', '{"jobId":');
    expect(await index.list()).toEqual({
      entries: [],
      unreadable: [{ jobId: 'broken', problem: 'the entry is not JSON' }],
    });
  });

  it('rejects an entry without reasons', async ({ redis, prefix }) => {
    const index = new ReviewIndex({ redis, keys: quarryKeys({ prefix }) });
    await expect(index.flag({ ...entry('c', '2025-01-01T00:00:00.000Z'), reasons: [] })).rejects.toThrow();
  });
});
