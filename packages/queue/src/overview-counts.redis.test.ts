import { it } from '@quarry/testing';
import { Queue } from 'bullmq';
import { afterEach, describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { OVERVIEW_MAX_BUCKETS, OverviewCounts } from './overview-counts';

const MINUTE = 60_000;
const now = Date.UTC(2025, 5, 1, 12, 30, 20);
const minute = Math.floor(now / MINUTE) * MINUTE;

describe('OverviewCounts', () => {
  let queue: Queue | null = null;
  afterEach(async () => {
    await queue?.close();
    queue = null;
  });

  it('counts completed, flagged and dead-lettered jobs per bucket, oldest bucket first', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    queue = new Queue(keys.queueName, { connection: redis, prefix });
    const counts = new OverviewCounts({ redis, keys, queue });
    await redis.zadd(
      queue.toKey('completed'),
      minute + 1,
      'a',
      minute - MINUTE,
      'b',
      minute - 5 * MINUTE,
      'old',
    );
    await redis.zadd(keys.reviewPending(), minute + 2, 'a');
    await redis.zadd(keys.dlq.byTime(), minute - MINUTE + 59_999, 'dlq-1', minute - 2 * MINUTE, 'dlq-2');
    const series = await counts.outcomes({ now, bucketMs: MINUTE, buckets: 3 });
    expect(series).toEqual({
      starts: [minute - 2 * MINUTE, minute - MINUTE, minute],
      completed: [0, 1, 1],
      flagged: [0, 0, 1],
      deadLettered: [1, 1, 0],
    });
    const arrivals = await counts.dlqArrivals(['fp-1', 'none'], { now, bucketMs: MINUTE, buckets: 2 });
    await redis.zadd(keys.dlq.byFingerprint('fp-1'), minute, 'dlq-3');
    expect((await counts.dlqArrivals(['fp-1'], { now, bucketMs: MINUTE, buckets: 2 })).get('fp-1')).toEqual({
      starts: [minute - MINUTE, minute],
      counts: [0, 1],
    });
    expect(arrivals.get('none')?.counts).toEqual([0, 0]);
  });

  it('clamps a window from outside to at least one and at most OVERVIEW_MAX_BUCKETS whole buckets', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    queue = new Queue(keys.queueName, { connection: redis, prefix });
    const counts = new OverviewCounts({ redis, keys, queue });
    const huge = await counts.outcomes({ now, bucketMs: 0, buckets: 1e9 });
    expect(huge.starts).toHaveLength(OVERVIEW_MAX_BUCKETS);
    expect(huge.starts[1]! - huge.starts[0]!).toBe(1000);
    expect((await counts.outcomes({ now, bucketMs: MINUTE, buckets: Number.NaN })).starts).toEqual([minute]);
  });

  it('buckets the review backlog by age and names the oldest flag time', async ({ redis, prefix }) => {
    const keys = quarryKeys({ prefix });
    queue = new Queue(keys.queueName, { connection: redis, prefix });
    const counts = new OverviewCounts({ redis, keys, queue });
    expect(await counts.reviewAges(now, [3_600_000])).toEqual({ counts: [0, 0], oldestFlaggedAt: null });
    await redis.zadd(
      keys.reviewPending(),
      now + 5000,
      'skewed',
      now - 60_000,
      'fresh',
      now - 7_200_000,
      'old',
    );
    expect(await counts.reviewAges(now, [3_600_000, 86_400_000])).toEqual({
      counts: [2, 1, 0],
      oldestFlaggedAt: now - 7_200_000,
    });
  });
});
