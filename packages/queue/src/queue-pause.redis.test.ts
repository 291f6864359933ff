import { it } from '@quarry/testing';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { describe, expect, onTestFinished, vi } from 'vitest';
import { QueuePause } from './queue-pause';

/** The queue `paused` and a pause of it, closed after the test. */
function setUp(redis: Redis, prefix: string) {
  const queue = new Queue('paused', { connection: redis, prefix });
  const pause = new QueuePause({ redis, queue });
  onTestFinished(async () => {
    pause.close();
    await queue.close();
  });
  return { queue, pause };
}

describe('QueuePause', () => {
  it('stops workers without a limiter taking jobs for the pause, then takes its limit back', async ({
    redis,
    prefix,
  }) => {
    const { queue, pause } = setUp(redis, prefix);
    const pausedAt = Date.now();
    await pause.pause(800);
    expect(await pause.lift()).toBe(false);
    await queue.add('job', {});
    let takenAt = 0;
    const worker = new Worker(
      'paused',
      async () => {
        takenAt = Date.now();
      },
      { connection: redis.duplicate({ maxRetriesPerRequest: null }), prefix },
    );
    onTestFinished(async () => {
      await worker.close();
      await worker.disconnect();
    });
    await vi.waitUntil(() => takenAt > 0, { timeout: 10_000, interval: 20 });
    expect(takenAt - pausedAt).toBeGreaterThanOrEqual(750);
    // The pausing side lifts the global limit once the pause is over: no limiter commands after it.
    await vi.waitUntil(async () => (await redis.hget(queue.toKey('meta'), 'max')) === null, {
      timeout: 5_000,
      interval: 20,
    });
  });

  it("keeps a longer pause running, and never lifts an operator's own global rate limit", async ({
    redis,
    prefix,
  }) => {
    const { queue, pause } = setUp(redis, prefix);
    await pause.pause(5_000);
    await pause.pause(100);
    expect(await redis.pttl(queue.toKey('limiter'))).toBeGreaterThan(4_000);
    expect(await pause.lift()).toBe(false);
    await redis.del(queue.toKey('limiter'));
    expect(await pause.lift()).toBe(true);
    expect(await redis.hget(queue.toKey('meta'), 'max')).toBeNull();
    // An absurd pause is clamped (2^31 − 1 ms at most), a negative one is 1 ms, NaN pauses nothing.
    await pause.pause(Number.POSITIVE_INFINITY);
    expect(await redis.pttl(queue.toKey('limiter'))).toBeLessThanOrEqual(2_147_483_647);
    await redis.del(queue.toKey('limiter'));
    await pause.pause(-5);
    expect(await redis.pttl(queue.toKey('limiter'))).toBeLessThanOrEqual(1);
    await expect(pause.pause(Number.NaN)).rejects.toThrow(RangeError);
    await redis.del(queue.toKey('limiter'));
    expect(await pause.lift()).toBe(true);
    await queue.setGlobalRateLimit(10, 1000);
    await pause.pause(100);
    await redis.del(queue.toKey('limiter'));
    expect(await pause.lift()).toBe(false);
    expect(await redis.hmget(queue.toKey('meta'), 'max', 'duration')).toEqual(['10', '1000']);
  });

  it('takes back a leftover limit of a killed pausing worker every liftEveryMs, and refuses a bad interval', async ({
    redis,
    prefix,
  }) => {
    const { queue, pause: killed } = setUp(redis, prefix);
    // A pause whose worker died before lifting it: the flag stays, the limiter key has expired.
    await killed.pause(50);
    killed.close();
    await vi.waitUntil(async () => (await redis.exists(queue.toKey('limiter'))) === 0, { timeout: 5_000 });
    expect(await redis.hget(queue.toKey('meta'), 'max')).not.toBeNull();
    const watching = new QueuePause({ redis, queue, liftEveryMs: 100 });
    onTestFinished(() => watching.close());
    await vi.waitUntil(async () => (await redis.hget(queue.toKey('meta'), 'max')) === null, {
      timeout: 5_000,
      interval: 20,
    });
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => new QueuePause({ redis, queue, liftEveryMs: bad })).toThrow(RangeError);
    }
  });
});
