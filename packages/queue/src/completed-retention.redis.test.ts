import { it } from '@quarry/testing';
import { Queue, Worker } from 'bullmq';
import { describe, expect, onTestFinished, vi } from 'vitest';
import { CompletedRetention } from './completed-retention';

describe('CompletedRetention', () => {
  it('keeps the newest `count` completed jobs, then removes those past the age, each with its keys', async ({
    redis,
    prefix,
  }) => {
    const queue = new Queue('kept', { connection: redis, prefix });
    onTestFinished(() => queue.close());
    const worker = new Worker('kept', async () => 'done', {
      connection: redis.duplicate({ maxRetriesPerRequest: null }),
      prefix,
      concurrency: 1,
    });
    onTestFinished(async () => {
      await worker.close();
      await worker.disconnect();
    });
    for (let i = 0; i < 25; i += 1) await queue.add('job', { i }, { jobId: `job-${i}` });
    await vi.waitUntil(async () => (await queue.getCompletedCount()) === 25, {
      timeout: 10_000,
      interval: 20,
    });
    const retention = new CompletedRetention({ redis, queue, ageSeconds: 1, count: 10, batch: 4 });
    const first = await retention.sweep();
    expect(first.removedByCount).toBeGreaterThanOrEqual(15);
    const kept = await queue.getCompleted(0, -1);
    expect(kept.length).toBeLessThanOrEqual(10);
    expect(kept.map((job) => job.id)).toContain('job-24');
    expect(await redis.exists(queue.toKey('job-0'))).toBe(0);
    // Once the kept ones are a second old, the age removes them too.
    await vi.waitUntil(async () => (await retention.sweep()).removedByAge > 0, {
      timeout: 10_000,
      interval: 200,
    });
    expect(await queue.getCompletedCount()).toBe(0);
    expect(await redis.exists(queue.toKey('job-24'))).toBe(0);
  });

  it('removes nothing from an empty set, and refuses bad bounds', async ({ redis, prefix }) => {
    const queue = new Queue('kept', { connection: redis, prefix });
    onTestFinished(() => queue.close());
    expect(await new CompletedRetention({ redis, queue, ageSeconds: 60, count: 10 }).sweep()).toEqual({
      removedByCount: 0,
      removedByAge: 0,
    });
    for (const bad of [
      { ageSeconds: 0, count: 1 },
      { ageSeconds: 1, count: 1.5 },
      { ageSeconds: 1, count: 1, batch: -1 },
    ]) {
      expect(() => new CompletedRetention({ redis, queue, ...bad })).toThrow(RangeError);
    }
  });
});
