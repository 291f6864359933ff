import { it } from '@quarry/testing';
import { describe, expect, vi } from 'vitest';
import { countTenantJobs } from './count-tenant-jobs';
import { EXTRACTION_JOB_NAME, openQueues } from './index';
import { quarryKeys } from './keys';
import { TenantInputError } from './tenant-input-error';
import { emptyTenantUsage, type TenantUsageCounts } from './tenant-usage-counts';
import { TenantUsageStore } from './tenant-usage-store';
import { TENANT_WAIT_BUCKETS_MS, tenantWaitBucket } from './tenant-wait-histogram';

const JUNE_3 = Date.UTC(2026, 5, 3, 12);
const JUNE_1 = Date.UTC(2026, 5, 1, 8);
const MAY_31 = Date.UTC(2026, 4, 31, 23);

function counts(partial: Partial<TenantUsageCounts>, waitsMs: number[] = []): TenantUsageCounts {
  const value = { ...emptyTenantUsage(), ...partial };
  for (const ms of waitsMs) value.waits[tenantWaitBucket(ms)] = (value.waits[tenantWaitBucket(ms)] ?? 0) + 1;
  return value;
}

describe('TenantUsageStore', () => {
  it('adds batches per tenant and UTC day, and reads today, the month so far and bucketed wait percentiles', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new TenantUsageStore({ redis, keys });
    await store.record({
      nowMs: MAY_31,
      entries: [{ tenant: 'acme', counts: counts({ started: 100, costUsd: 50 }) }],
    });
    await store.record({
      nowMs: JUNE_1,
      entries: [
        { tenant: 'acme', counts: counts({ started: 2, completed: 1, attempts: 3, costUsd: 0.25 }) },
        { tenant: 'globex', counts: counts({ started: 7 }) },
      ],
    });
    const waits = [...Array(90).fill(80), ...Array(10).fill(40_000)];
    await store.record({
      nowMs: JUNE_3,
      entries: [
        {
          tenant: 'acme',
          counts: counts(
            {
              started: 100,
              completed: 98,
              attempts: 120,
              inputTokens: 5000,
              outputTokens: 700,
              costUsd: 1.5,
            },
            waits,
          ),
        },
      ],
    });
    const usage = await store.read('acme', JUNE_3);
    expect(usage.today).toEqual({
      started: 100,
      completed: 98,
      attempts: 120,
      inputTokens: 5000,
      outputTokens: 700,
      costUsd: 1.5,
    });
    expect(usage.month.started).toBe(102);
    expect(usage.month.attempts).toBe(123);
    expect(usage.month.costUsd).toBeCloseTo(1.75, 10);
    expect(usage.waitCount).toBe(100);
    expect(usage.waitP50Ms).toBe(100);
    expect(usage.waitP95Ms).toBe(60_000);
    expect((await store.read('globex', JUNE_3)).month.started).toBe(7);
    const ttl = await redis.ttl(keys.tenants.usage('acme', '2026-06-03'));
    expect(ttl).toBeGreaterThan(61 * 86_400);
    expect(ttl).toBeLessThanOrEqual(62 * 86_400);
  });

  it('writes a batch in one transaction: one round trip, whatever the number of tenants', async ({
    redis,
    prefix,
  }) => {
    const store = new TenantUsageStore({ redis, keys: quarryKeys({ prefix }) });
    const entries = Array.from({ length: 50 }, (_, i) => ({
      tenant: `t-${i}`,
      counts: counts({ started: 1 }),
    }));
    const multi = vi.spyOn(redis, 'multi');
    const pipeline = vi.spyOn(redis, 'pipeline');
    const direct = vi.spyOn(redis, 'hincrby');
    try {
      await store.record({ nowMs: JUNE_3, entries });
      expect(multi).toHaveBeenCalledTimes(1);
      expect(pipeline).not.toHaveBeenCalled();
      expect(direct).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
    const read = await Promise.all(entries.map(({ tenant }) => store.read(tenant, JUNE_3)));
    expect(read.map((usage) => usage.today.started)).toEqual(entries.map(() => 1));
  });

  it('row 212: tenant usage counters holding text, negative, infinite or huge values -> each such field reads as 0, the rest as stored', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    await redis.hset(keys.tenants.usage('acme', '2026-06-03'), {
      started: 'lots',
      completed: '-4',
      attempts: 'inf',
      in: '1e400',
      out: '12.7',
      usd: '1e300',
      [`w:${TENANT_WAIT_BUCKETS_MS[0]}`]: 'NaN',
      'w:unknown': '9',
    });
    const store = new TenantUsageStore({ redis, keys });
    const usage = await store.read('acme', JUNE_3);
    expect(usage.today).toEqual({
      started: 0,
      completed: 0,
      attempts: 0,
      inputTokens: 0,
      outputTokens: 12,
      costUsd: 0,
    });
    expect(usage.waitP50Ms).toBeNull();
    expect((await store.read('nobody', JUNE_3)).month.started).toBe(0);
  });

  it('clamps the counts it writes: negative, fractional and non-finite increments add nothing or whole units', async ({
    redis,
    prefix,
  }) => {
    const store = new TenantUsageStore({ redis, keys: quarryKeys({ prefix }) });
    await store.record({
      nowMs: JUNE_3,
      entries: [
        {
          tenant: 'acme',
          counts: counts({
            started: -5,
            completed: 2.9,
            attempts: Number.NaN,
            costUsd: Number.POSITIVE_INFINITY,
          }),
        },
      ],
    });
    const usage = await store.read('acme', JUNE_3);
    expect(usage.today).toMatchObject({ started: 0, completed: 2, attempts: 0, costUsd: 0 });
  });

  it('row 213: tenant usage written for a bad tenant id, too many tenants or a time that is not one -> refused naming the problem, nothing written', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new TenantUsageStore({ redis, keys });
    const good = { tenant: 'acme', counts: counts({ started: 1 }) };
    for (const tenant of ['', 'a b', 'x'.repeat(65), 'é', '../etc']) {
      const refused = await store
        .record({ nowMs: JUNE_3, entries: [good, { tenant, counts: counts({}) }] })
        .catch((e) => e);
      expect(refused).toBeInstanceOf(TenantInputError);
      expect(refused.problems[0]).toContain('is not a tenant id');
    }
    const many = Array.from({ length: 10_001 }, () => good);
    await expect(store.record({ nowMs: JUNE_3, entries: many })).rejects.toThrow(/at most 10000 tenants/);
    for (const nowMs of [Number.NaN, -1, 1e20]) {
      await expect(store.record({ nowMs, entries: [good] })).rejects.toThrow(/nowMs must be a time/);
    }
    await expect(store.read('a b', JUNE_3)).rejects.toBeInstanceOf(TenantInputError);
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
  });
});

describe('countTenantJobs', () => {
  it('counts jobs per tenant over the states asked, and says when its bound cut it short', async ({
    redis,
    prefix,
  }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const job = (tenant?: unknown) => ({
        workflow: 'invoice',
        version: 1,
        input: { text: 'x' },
        ...(tenant === undefined ? {} : { tenant }),
      });
      for (let i = 0; i < 5; i += 1) await queues.queue.add(EXTRACTION_JOB_NAME, job('acme'));
      await queues.queue.add(EXTRACTION_JOB_NAME, job('globex'), { delay: 3_600_000 });
      await queues.queue.add(EXTRACTION_JOB_NAME, job('globex'), { priority: 5 });
      await queues.queue.add(EXTRACTION_JOB_NAME, job());
      await queues.queue.add(EXTRACTION_JOB_NAME, job('bad tenant'));
      await queues.queue.add(EXTRACTION_JOB_NAME, job(42));
      const states = ['waiting', 'prioritized', 'delayed'] as const;
      const all = await countTenantJobs({
        queue: queues.queue,
        states: [...states],
        limit: 100,
        pageSize: 2,
      });
      expect(Object.fromEntries(all.counts)).toEqual({ acme: 5, globex: 2, default: 1 });
      expect(all).toMatchObject({ scanned: 10, complete: true });
      const cut = await countTenantJobs({ queue: queues.queue, states: [...states], limit: 3, pageSize: 2 });
      expect(cut.complete).toBe(false);
      expect(cut.scanned).toBe(3);
      const odd = await countTenantJobs({
        queue: queues.queue,
        states: [...states],
        limit: Number.NaN,
        pageSize: -1,
      });
      expect(odd.scanned).toBe(1);
    } finally {
      await queues.close();
    }
  });
});
