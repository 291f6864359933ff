import { it } from '@quarry/testing';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { describe, expect, onTestFinished } from 'vitest';
import { FairOrder } from './fair-order';
import { quarryKeys } from './keys';
import { TenantStore } from './tenant-store';

function setUp(redis: Redis, prefix: string, renumberAt?: number) {
  const queue = new Queue('fair', { connection: redis, prefix });
  onTestFinished(() => queue.close());
  const keys = quarryKeys({ prefix, queueName: 'fair' });
  const order = new FairOrder({ redis, keys, queue, ...(renumberAt ? { renumberAt } : {}) });
  return { queue, keys, order, store: new TenantStore({ redis, keys, queue }) };
}

/** Tenants of the jobs in the order a worker would take them. */
async function takeOrder(queue: Queue): Promise<string[]> {
  const jobs = await queue.getJobs(['prioritized'], 0, -1, true);
  return jobs
    .sort((a, b) => a.priority - b.priority || Number(a.id?.slice(1)) - Number(b.id?.slice(1)))
    .map((job) => (job.data as { tenant: string }).tenant);
}

describe('FairOrder', () => {
  it("puts a newcomer's jobs just behind the jobs already due, not behind another tenant's backlog", async ({
    redis,
    prefix,
  }) => {
    const { queue, order } = setUp(redis, prefix);
    let id = 0;
    const add = async (tenant: string, count: number, costTokens: number) => {
      const priorities = await order.stamp(Array.from({ length: count }, () => ({ tenant, costTokens })));
      for (const priority of priorities) {
        id += 1;
        await queue.add('extract', { tenant }, { jobId: `j${id}`, priority });
      }
    };
    await add('a', 200, 5000);
    await add('b', 5, 5000);
    const taken = await takeOrder(queue);
    const bPositions = taken.flatMap((tenant, i) => (tenant === 'b' ? [i] : []));
    // Alternating with a's jobs from the head of the queue: b's fifth job is taken by about the tenth.
    expect(Math.max(...bPositions)).toBeLessThanOrEqual(10);
  });

  it('shares by weight, counted in tokens: a tenant of weight 2 gets twice the tokens, one with jobs ten times bigger a tenth of the jobs', async ({
    redis,
    prefix,
  }) => {
    const { queue, order, store } = setUp(redis, prefix);
    await store.set('heavy', { weight: 2 });
    let id = 0;
    const cost: Record<string, number> = { heavy: 2000, light: 2000, big: 20_000 };
    const priorities = await order.stamp(
      Array.from({ length: 600 }, (_, i) => {
        const tenant = ['heavy', 'light', 'big'][i % 3] as string;
        return { tenant, costTokens: cost[tenant] as number };
      }),
    );
    for (const [i, priority] of priorities.entries()) {
      id += 1;
      await queue.add('extract', { tenant: ['heavy', 'light', 'big'][i % 3] }, { jobId: `j${id}`, priority });
    }
    // The first 100 jobs a worker takes: tokens per tenant in proportion 2 : 1 : 1.
    const first = (await takeOrder(queue)).slice(0, 100);
    const tokens = (tenant: string) => first.filter((t) => t === tenant).length * (cost[tenant] as number);
    const total = tokens('heavy') + tokens('light') + tokens('big');
    expect(tokens('heavy') / total).toBeCloseTo(0.5, 1);
    expect(tokens('light') / total).toBeCloseTo(0.25, 1);
    expect(tokens('big') / total).toBeCloseTo(0.25, 1);
  });

  it('row 227: tags past the renumbering level -> every tag, waiting score and job priority moved down, the order kept; renumbers every tag, waiting score and job priority before a tag passes the renumbering level, keeping the order', async ({
    redis,
    prefix,
  }) => {
    const { queue, order } = setUp(redis, prefix, 50);
    let id = 0;
    const add = async (tenant: string, count: number) => {
      for (const priority of await order.stamp(
        Array.from({ length: count }, () => ({ tenant, costTokens: 3000 })),
      )) {
        id += 1;
        await queue.add('extract', { tenant }, { jobId: `j${id}`, priority });
      }
    };
    await add('a', 12);
    // A worker takes the first ten jobs; the virtual time moves on.
    for (const job of (await queue.getJobs(['prioritized'], 0, -1, true))
      .sort((x, y) => x.priority - y.priority)
      .slice(0, 10)) {
      await job.remove();
    }
    await add('a', 12);
    await add('b', 2);
    const jobs = await queue.getJobs(['prioritized'], 0, -1, true);
    expect(Math.max(...jobs.map((job) => job.priority))).toBeLessThan(50);
    const taken = await takeOrder(queue);
    // b still lands among the jobs due now, a's stay in their own order.
    expect(taken.slice(0, 4)).toContain('b');
    const aIds = jobs
      .filter((job) => job.data.tenant === 'a')
      .sort((x, y) => x.priority - y.priority || Number(x.id?.slice(1)) - Number(y.id?.slice(1)))
      .map((job) => Number(job.id?.slice(1)));
    expect(aIds).toEqual([...aIds].sort((x, y) => x - y));
  });

  it('reads a corrupt tag or weight as absent and never gives a priority outside BullMQ limits', async ({
    redis,
    prefix,
  }) => {
    const { keys, order } = setUp(redis, prefix);
    await redis.hset(keys.tenants.fair(), 'f:x', 'NaN', 'v', '-5');
    await redis.hset(keys.tenants.settings(), 'x', '{"weight":1e-300}', 'y', 'not json');
    const priorities = await order.stamp([
      { tenant: 'x', costTokens: 1e30 },
      { tenant: 'y', costTokens: Number.NaN },
      { tenant: 'x', costTokens: 1000 },
    ]);
    for (const priority of priorities) {
      expect(Number.isInteger(priority)).toBe(true);
      expect(priority).toBeGreaterThanOrEqual(1);
      expect(priority).toBeLessThanOrEqual(2_097_151);
    }
  });
});
