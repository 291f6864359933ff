import { tenantPeriods } from '@quarry/core';
import { it } from '@quarry/testing';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { describe, expect, onTestFinished } from 'vitest';
import { quarryKeys } from './keys';
import { TenantInputError } from './tenant-input-error';
import { TenantStore } from './tenant-store';

const periods = tenantPeriods(Date.parse('2026-11-28T12:00:00Z'));

function setUp(redis: Redis, prefix: string) {
  const queue = new Queue('tenants', { connection: redis, prefix });
  onTestFinished(() => queue.close());
  const keys = quarryKeys({ prefix, queueName: 'tenants' });
  /** Marks a job as running (BullMQ's lock) or not. */
  const lock = (jobId: string) => redis.set(queue.toKey(`${jobId}:lock`), 'token', 'PX', 60_000);
  return { keys, queue, lock, store: new TenantStore({ redis, keys, queue }) };
}

describe('TenantStore', () => {
  it('refuses a bad tenant id or bad settings with every problem named, writing nothing', async ({
    redis,
    prefix,
  }) => {
    const { store, keys } = setUp(redis, prefix);
    for (const [tenant, settings] of [
      ['', { weight: 1 }],
      ['a b', {}],
      ['x'.repeat(65), {}],
      ['../x', {}],
      ['ok', { weight: 0 }],
      ['ok', { weight: Number.NaN }],
      ['ok', { maxConcurrency: 1.5 }],
      ['ok', { dailyUsd: -1 }],
      ['ok', { monthlyUsd: '5' }],
      ['ok', { weight: 2, colour: 'red' }],
    ] as const) {
      const error = await store.set(tenant, settings).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TenantInputError);
      expect((error as TenantInputError).problems.length).toBeGreaterThan(0);
    }
    expect(await redis.exists(keys.tenants.settings())).toBe(0);
    await store.set('acme', { weight: 2, dailyUsd: 5 });
    await redis.hset(keys.tenants.settings(), 'broken', '{"weight":-1}', 'bad id!', '{}');
    const { settings, broken } = await store.all();
    expect(Object.fromEntries(settings)).toEqual({ acme: { weight: 2, dailyUsd: 5 } });
    expect(broken.sort()).toEqual(['bad id!', 'broken']);
  });

  it('admits up to maxConcurrency running jobs, and frees the slot of a job whose lock is gone (its worker died)', async ({
    redis,
    prefix,
  }) => {
    const { store, lock, queue } = setUp(redis, prefix);
    const settings = { maxConcurrency: 2 };
    const admit = (jobId: string) => store.admit({ tenant: 't', jobId, settings, periods, reserveUsd: 0 });
    await lock('j1');
    expect(await admit('j1')).toBe('admitted');
    await lock('j2');
    expect(await admit('j2')).toBe('admitted');
    await lock('j3');
    expect(await admit('j3')).toBe('concurrency');
    // The same job again (run again after a crash) keeps its slot.
    expect(await admit('j1')).toBe('admitted');
    // j2's worker is killed: once its lock expires, its slot goes to the next job.
    await redis.del(queue.toKey('j2:lock'));
    expect(await admit('j3')).toBe('admitted');
    await store.park('t', 'j4', Date.now() + 1000);
    await store.park('t', 'j5', Date.now() + 86_400_000);
    // A released slot wakes the job parked for a slot, never one waiting for a budget reset.
    expect(await store.release({ tenant: 't', jobId: 'j1', nowMs: Date.now() })).toBe('j4');
    expect(await store.release({ tenant: 't', jobId: 'j3', nowMs: Date.now() })).toBeNull();
    expect(await store.isParked('t', 'j5')).toBe(true);
  });

  it('admits under the limits without visiting the slots (a fixed number of commands), and sweeps dead slots only at a limit', async ({
    redis,
    prefix,
  }) => {
    const { store, lock, keys } = setUp(redis, prefix);
    const settings = { maxConcurrency: 300, dailyUsd: 1000 };
    const admit = (jobId: string) => store.admit({ tenant: 't', jobId, settings, periods, reserveUsd: 1 });
    // 250 slots whose jobs have no lock (their workers died): left alone while under the cap.
    for (let i = 0; i < 250; i += 1) expect(await admit(`dead-${i}`)).toBe('admitted');
    for (let i = 0; i < 49; i += 1) {
      await lock(`live-${i}`);
      expect(await admit(`live-${i}`)).toBe('admitted');
    }
    expect(await redis.hlen(keys.tenants.slots('t'))).toBe(299);
    await lock('live-49');
    expect(await admit('live-49')).toBe('admitted');
    // At the cap the slots are swept: the dead ones are freed and the next job gets in.
    await lock('live-50');
    expect(await admit('live-50')).toBe('admitted');
    expect(await redis.hlen(keys.tenants.slots('t'))).toBe(51);
  });

  it('keeps the reservation of a delayed job (its attempt waits in a Message Batch) without counting it as running', async ({
    redis,
    prefix,
  }) => {
    const { store, lock, queue } = setUp(redis, prefix);
    const settings = { maxConcurrency: 1, dailyUsd: 1 };
    const admit = (jobId: string) => store.admit({ tenant: 't', jobId, settings, periods, reserveUsd: 1 });
    await lock('batched');
    expect(await admit('batched')).toBe('admitted');
    // Its attempt goes into a batch: the job is delayed, its lock gone.
    await redis.del(queue.toKey('batched:lock'));
    await redis.zadd(queue.toKey('delayed'), Date.now() + 60_000, 'batched');
    await lock('next');
    // Not running (the cap of 1 lets the next in) but still reserving the whole budget of 1.
    expect(await admit('next')).toBe('day');
    await redis.zrem(queue.toKey('delayed'), 'batched');
    expect(await admit('next')).toBe('admitted');
  });

  it('stops admitting once spend plus what running jobs reserve reaches a budget; spend takes off the reservation', async ({
    redis,
    prefix,
  }) => {
    const { store, lock, keys } = setUp(redis, prefix);
    const settings = { dailyUsd: 1, monthlyUsd: 10 };
    const admit = (jobId: string) => store.admit({ tenant: 't', jobId, settings, periods, reserveUsd: 0.5 });
    for (const id of ['a', 'b', 'c']) await lock(id);
    expect(await admit('a')).toBe('admitted');
    expect(await admit('b')).toBe('admitted');
    expect(await admit('c')).toBe('day');
    await store.spend({ tenant: 't', jobId: 'a', costUsd: 0.1, periods });
    // a's spend comes off its reservation: 0.1 spent + 0.4 + 0.5 reserved still reach 1.
    expect(await admit('c')).toBe('day');
    // a ends: 0.1 spent + b's 0.5 reserved leave room.
    await store.release({ tenant: 't', jobId: 'a', nowMs: Date.now() });
    expect(await admit('c')).toBe('admitted');
    await store.spend({ tenant: 't', jobId: 'b', costUsd: Number.NaN, periods });
    await store.spend({ tenant: 't', jobId: 'b', costUsd: -5, periods });
    expect(await store.gateState('t', periods)).toMatchObject({
      slots: 2,
      spentTodayUsd: 0.1,
      spentMonthUsd: 0.1,
    });
    // A corrupt spend counter counts as nothing spent, never as an error.
    await redis.set(keys.tenants.spend('t', periods.day), 'garbage');
    await store.release({ tenant: 't', jobId: 'c', nowMs: Date.now() });
    await lock('d');
    expect(await store.admit({ tenant: 't', jobId: 'd', settings, periods, reserveUsd: 0 })).toBe('admitted');
    // A budget of 0 is always over.
    expect(
      await store.admit({ tenant: 'z', jobId: 'd', settings: { monthlyUsd: 0 }, periods, reserveUsd: 0 }),
    ).toBe('month');
  });

  it('a finished job that spent less than it reserved -> wakes one job parked for the budget while the budget has room, none when it has not', async ({
    redis,
    prefix,
  }) => {
    const { store, lock } = setUp(redis, prefix);
    const settings = { dailyUsd: 1 };
    const admit = (jobId: string) => store.admit({ tenant: 't', jobId, settings, periods, reserveUsd: 1 });
    for (const id of ['a', 'b']) await lock(id);
    expect(await admit('a')).toBe('admitted');
    expect(await admit('b')).toBe('day');
    await store.park('t', 'b', periods.nextDayMs);
    await store.park('t', 'c', periods.nextDayMs + 1);
    // a spent 0.1 of the 1 it reserved: once it ends, 0.1 spent leaves room for b now, not tomorrow.
    await store.spend({ tenant: 't', jobId: 'a', costUsd: 0.1, periods });
    const nowMs = Date.parse('2026-11-28T12:00:00Z');
    expect(await store.release({ tenant: 't', jobId: 'a', nowMs, settings, periods })).toBe('b');
    // Spent up to the budget: nothing more is woken before the reset.
    await store.spend({ tenant: 't', jobId: 'gone', costUsd: 0.9, periods });
    expect(await store.release({ tenant: 't', jobId: 'x', nowMs, settings, periods })).toBeNull();
    expect(await store.isParked('t', 'c')).toBe(true);
  });
});
