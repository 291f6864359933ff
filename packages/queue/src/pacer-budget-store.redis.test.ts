import { it } from '@quarry/testing';
import { Redis } from 'ioredis';
import { describe, expect, vi } from 'vitest';
import { quarryKeys } from './keys';
import { PacerBudgetStore, type PacerCeilings, pacerBudgetDefaults } from './pacer-budget-store';

const noCeilings: PacerCeilings = { requests: null, inputTokens: null, outputTokens: null };
const call = { requests: 1, inputTokens: 0, outputTokens: 0 };
const nothing = { requests: 0, inputTokens: 0, outputTokens: 0 };

describe('PacerBudgetStore', () => {
  it('names each budget by its hashed key and class, the same whether remembered or not', ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new PacerBudgetStore({ redis, keys, ceilings: noCeilings });
    const names = Array.from({ length: 100 }, (_, i) => store.budget(`sk-key-${i}`, 'sonnet-4.x'));
    // Past the remembered ones (64), each is hashed again: the same names on every ask.
    expect(Array.from({ length: 100 }, (_, i) => store.budget(`sk-key-${i}`, 'sonnet-4.x'))).toEqual(names);
    expect(names).toEqual(
      Array.from({ length: 100 }, (_, i) => keys.pacerBudget(`sk-key-${i}`, 'sonnet-4.x')),
    );
    expect(new Set(names).size).toBe(100);
    expect(store.budget('sk-key-0', 'haiku-4-5')).not.toBe(names[0]);
    expect(names.some((name) => name.includes('sk-key'))).toBe(false);
  });

  it('makes two workers draw from one budget per API key and class', async ({ redis, redisUrl, prefix }) => {
    const keys = quarryKeys({ prefix });
    const other = new Redis(redisUrl);
    try {
      const ceilings = { ...noCeilings, requests: 60 };
      const first = new PacerBudgetStore({ redis, keys, ceilings });
      const second = new PacerBudgetStore({ redis: other, keys, ceilings });
      const budget = first.budget('sk-test-key', 'sonnet-4.x');
      expect(budget).not.toContain('sk-test-key');
      const waits: number[] = [];
      for (let n = 0; n < 30; n++) {
        waits.push((await first.draw(budget, call)).waitMs, (await second.draw(budget, call)).waitMs);
      }
      expect(waits.every((wait) => wait === 0)).toBe(true);
      // The 61st request of a 60-a-minute budget waits about a second, whichever worker draws it.
      const late = await second.draw(budget, call);
      expect(late.mode).toBe('paced');
      expect(late.waitMs).toBeGreaterThan(500);
      expect(late.waitMs).toBeLessThanOrEqual(1000);
      // Another class, or another key, has a budget of its own.
      expect((await first.draw(first.budget('sk-test-key', 'haiku-4-5'), call)).waitMs).toBe(0);
      expect((await first.draw(first.budget('sk-other-key', 'sonnet-4.x'), call)).waitMs).toBe(0);
    } finally {
      other.disconnect();
    }
  });

  it('refills a spent budget continuously, as the API does', async ({ redis, prefix }) => {
    const store = new PacerBudgetStore({
      redis,
      keys: quarryKeys({ prefix }),
      ceilings: { ...noCeilings, inputTokens: 6000 },
    });
    const budget = store.budget('k', 'c');
    const spent = await store.draw(budget, { requests: 1, inputTokens: 6000, outputTokens: 0 });
    expect(spent.levels.inputTokens).toBe(0);
    // 6000 a minute is 100 a second.
    await vi.waitFor(
      async () => {
        const levels = await store.settle(budget, { units: nothing, headers: 'skip' });
        expect(levels.inputTokens).toBeGreaterThanOrEqual(50);
      },
      { timeout: 5000, interval: 50 },
    );
  });

  it('takes limits and levels from headers over the ceilings, and honours a reset far ahead', async ({
    redis,
    prefix,
  }) => {
    const store = new PacerBudgetStore({
      redis,
      keys: quarryKeys({ prefix }),
      ceilings: { ...noCeilings, requests: 10 },
    });
    const budget = store.budget('k', 'c');
    await store.draw(budget, call);
    // The API says 600 a minute, and a level of −300 (full again in 90 s): the next call waits 30 s.
    await store.settle(budget, {
      units: nothing,
      headers: 'yes',
      update: { requests: { limit: 600, level: -300 } },
    });
    const grant = await store.draw(budget, call);
    expect(grant.waitMs).toBeGreaterThan(29_000);
    expect(grant.waitMs).toBeLessThanOrEqual(30_200);
  });

  it('never raises a level from headers, and reconciles with the real usage', async ({ redis, prefix }) => {
    const store = new PacerBudgetStore({
      redis,
      keys: quarryKeys({ prefix }),
      ceilings: { ...noCeilings, outputTokens: 60_000 },
    });
    const budget = store.budget('k', 'c');
    const drawn = await store.draw(budget, { requests: 1, inputTokens: 0, outputTokens: 20_000 });
    expect(drawn.levels.outputTokens).toBeLessThanOrEqual(40_100);
    // Used 500 of the 20 000 reserved: 19 500 come back; the headers' 59 000 does not raise it further.
    const settled = await store.settle(budget, {
      units: { requests: 0, inputTokens: 0, outputTokens: -19_500 },
      headers: 'yes',
      update: { outputTokens: { limit: 60_000, level: 59_000 } },
    });
    expect(settled.outputTokens).toBeGreaterThanOrEqual(59_000);
    const lowered = await store.settle(budget, {
      units: nothing,
      headers: 'yes',
      update: { outputTokens: { limit: 60_000, level: 1000 } },
    });
    expect(lowered.outputTokens).toBe(1000);
  });

  it('holds every call back until a 429 retry-after has passed', async ({ redis, prefix }) => {
    const store = new PacerBudgetStore({
      redis,
      keys: quarryKeys({ prefix }),
      ceilings: { ...noCeilings, requests: 600 },
    });
    const budget = store.budget('k', 'c');
    await store.settle(budget, { units: nothing, headers: 'skip', retryAfterMs: 5000 });
    const grant = await store.draw(budget, call);
    expect(grant.waitMs).toBeGreaterThan(4000);
    expect(grant.waitMs).toBeLessThanOrEqual(5000);
  });

  it('row 121: an API (or proxy) that sends no rate-limit headers -> without headers or ceilings lets one probe through, then goes unpaced when the answer had no headers', async ({
    redis,
    prefix,
  }) => {
    const store = new PacerBudgetStore({ redis, keys: quarryKeys({ prefix }), ceilings: noCeilings });
    const budget = store.budget('k', 'c');
    expect((await store.draw(budget, call)).mode).toBe('probe');
    const waiting = await store.draw(budget, call);
    expect(waiting.mode).toBe('probing');
    expect(waiting.waitMs).toBeGreaterThan(0);
    await store.settle(budget, { units: nothing, headers: 'no' });
    const bare = await store.draw(budget, call);
    expect(bare.mode).toBe('bare');
    expect(bare.waitMs).toBeGreaterThan(200_000);
  });

  it('paces by the headers once the probe answered with them', async ({ redis, prefix }) => {
    const store = new PacerBudgetStore({ redis, keys: quarryKeys({ prefix }), ceilings: noCeilings });
    const budget = store.budget('k', 'c');
    expect((await store.draw(budget, call)).mode).toBe('probe');
    await store.settle(budget, {
      units: nothing,
      headers: 'yes',
      update: { requests: { limit: 2, level: 1 } },
    });
    expect(await store.draw(budget, call)).toMatchObject({ mode: 'paced', waitMs: 0 });
    const next = await store.draw(budget, call);
    expect(next.waitMs).toBeGreaterThan(25_000);
  });

  describe('row 150: a corrupt or hand-edited budget key', () => {
    const maxWaitMs = 2000;
    const paced = { ...noCeilings, requests: 600 };
    const serverNow = async (redis: Redis): Promise<number> => {
      const [seconds, micros] = await redis.time();
      return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    };

    it('row 150: cuts a no-call-before time far ahead to the longest wait, and writes it back cut', async ({
      redis,
      prefix,
    }) => {
      const store = new PacerBudgetStore({ redis, keys: quarryKeys({ prefix }), ceilings: paced, maxWaitMs });
      const budget = store.budget('k', 'c');
      for (const ahead of [2 ** 31 + 100, 2 ** 40, 1e300]) {
        await redis.hset(budget, 'until', String((await serverNow(redis)) + ahead));
        const grant = await store.draw(budget, call);
        expect(grant.mode).toBe('paced');
        // Not days (the script's word taken as is), not 1 ms (a timer overflowed): at most the longest wait.
        expect(grant.waitMs).toBeGreaterThan(maxWaitMs - 500);
        expect(grant.waitMs).toBeLessThanOrEqual(maxWaitMs);
        const stored = Number(await redis.hget(budget, 'until'));
        expect(stored).toBeLessThanOrEqual((await serverNow(redis)) + maxWaitMs);
      }
    });

    it('row 150: bounds every wait by the default longest wait, under the timer maximum', async ({
      redis,
      prefix,
    }) => {
      const store = new PacerBudgetStore({ redis, keys: quarryKeys({ prefix }), ceilings: paced });
      const budget = store.budget('k', 'c');
      await redis.hset(budget, 'until', String((await serverNow(redis)) + 2 ** 31 + 100));
      const grant = await store.draw(budget, call);
      expect(grant.waitMs).toBeGreaterThan(pacerBudgetDefaults.maxWaitMs - 1000);
      expect(grant.waitMs).toBeLessThanOrEqual(pacerBudgetDefaults.maxWaitMs);
    });

    it.for([
      ['until', 'soon'],
      ['until', 'inf'],
      ['until', 'nan'],
      ['until', '-99999999999'],
      ['rl', 'not-a-number'],
      ['rl', 'inf'],
      ['rt', '-1'],
      ['rc', '-5'],
      ['rc', '0.000001'],
      ['rc', '1e-300'],
    ])('row 150: reads %s = %s as absent or in range: no wait', async ([name, value], { redis, prefix }) => {
      const store = new PacerBudgetStore({ redis, keys: quarryKeys({ prefix }), ceilings: paced, maxWaitMs });
      const budget = store.budget('k', 'c');
      await redis.hset(budget, String(name), String(value));
      expect(await store.draw(budget, call)).toMatchObject({ mode: 'paced', waitMs: 0 });
    });

    it.for([['-1e308'], ['-inf'], [String(-(2 ** 60))]])(
      'row 150: cuts a level of %s to what the longest wait refills',
      async ([level], { redis, prefix }) => {
        const store = new PacerBudgetStore({
          redis,
          keys: quarryKeys({ prefix }),
          ceilings: paced,
          maxWaitMs,
        });
        const budget = store.budget('k', 'c');
        await redis.hset(budget, 'rl', String(level), 'rt', String(await serverNow(redis)));
        const grant = await store.draw(budget, call);
        expect(grant.waitMs).toBeLessThanOrEqual(maxWaitMs);
        if (level !== '-inf') expect(grant.waitMs).toBeGreaterThan(maxWaitMs - 500);
        // The level written back is bounded too: the next draw waits no longer.
        expect((await store.draw(budget, call)).waitMs).toBeLessThanOrEqual(maxWaitMs);
      },
    );

    it('row 150: cuts a probe or an unpaced time far ahead, so that neither holds for good', async ({
      redis,
      prefix,
    }) => {
      const store = new PacerBudgetStore({
        redis,
        keys: quarryKeys({ prefix }),
        ceilings: noCeilings,
        probeMs: 1000,
        headerlessMs: 3000,
      });
      const budget = store.budget('k', 'c');
      await redis.hset(budget, 'probe', String((await serverNow(redis)) + 2 ** 40));
      expect((await store.draw(budget, call)).mode).toBe('probing');
      expect(Number(await redis.hget(budget, 'probe'))).toBeLessThanOrEqual((await serverNow(redis)) + 1000);
      await redis.hdel(budget, 'probe');
      await redis.hset(budget, 'bare', String((await serverNow(redis)) + 2 ** 40));
      const bare = await store.draw(budget, call);
      expect(bare.mode).toBe('bare');
      expect(bare.waitMs).toBeGreaterThan(2000);
      expect(bare.waitMs).toBeLessThanOrEqual(3000);
      expect(Number(await redis.hget(budget, 'bare'))).toBeLessThanOrEqual((await serverNow(redis)) + 3000);
    });
  });

  it('row 150: refuses store options that are not whole milliseconds in timer range', ({ redis, prefix }) => {
    const keys = quarryKeys({ prefix });
    for (const maxWaitMs of [0, -1, 1.5, Number.NaN, 2 ** 31]) {
      expect(() => new PacerBudgetStore({ redis, keys, ceilings: noCeilings, maxWaitMs })).toThrow(
        /maxWaitMs must be a whole number of ms from 1 to 2147483647/,
      );
    }
  });
});
