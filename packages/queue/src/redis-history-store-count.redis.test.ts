import type { HistoryKey } from '@quarry/core';
import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { RedisHistoryStore } from './redis-history-store';

const hour = 3_600_000;
const t0 = Date.UTC(2026, 0, 1);

describe('RedisHistoryStore.countLessonJobs (count-lesson-jobs-1)', () => {
  let ctx: { redis: Redis; prefix: string };
  it.beforeEach(({ redis, prefix }) => {
    ctx = { redis, prefix };
  });
  let clock = t0;
  let workflowSeq = 0;
  const setup = () => {
    const keys = quarryKeys({ prefix: ctx.prefix });
    const store = new RedisHistoryStore({
      redis: ctx.redis,
      keys,
      maxSignatures: 50,
      halfLifeMs: hour,
      idleTtlMs: 10 * hour,
      now: () => clock,
    });
    workflowSeq += 1;
    clock = t0;
    const key: HistoryKey = { workflow: `count-${workflowSeq}`, version: 1 };
    const { effect } = keys.history(key.workflow, key.version);
    const field = async (name: string) => Number(await ctx.redis.hget(effect, name));
    return { store, key, effect, field };
  };

  it('adds jobs × weight to `t` and each shown count × weight to `sj:`, renewing the TTL', async () => {
    const { store, key, effect, field } = setup();
    await store.countLessonJobs(key, { jobs: 3, shown: new Map([['a', 2]]) });
    expect(await field('ref')).toBe(t0);
    expect([await field('t'), await field('sj:a')]).toEqual([3, 2]);
    // One half-life later a job weighs 2 (counts are stored relative to `ref`).
    clock = t0 + hour;
    await ctx.redis.pexpire(effect, 1000);
    await store.countLessonJobs(key, {
      jobs: 5,
      shown: new Map([
        ['a', 4],
        ['b', 1],
        ['none', 0],
      ]),
    });
    expect([await field('t'), await field('sj:a'), await field('sj:b')]).toEqual([13, 10, 2]);
    expect(await ctx.redis.hexists(effect, 'sj:none')).toBe(0);
    expect(await ctx.redis.pttl(effect)).toBeGreaterThan(9 * hour);
    // Read back decayed to now: 6.5 jobs, 5 shown `a`.
    await store.record(key, [{ signature: 'a', example: 'e' }]);
    const [a] = await store.lessonCandidates(key, { limit: 1 });
    expect(a?.counts.shownJobs).toBeCloseTo(5, 10);
    expect(a?.counts.notShownJobs).toBeCloseTo(1.5, 10);
  });

  it('rebases the counts when the weight grows past 2^32, then adds at weight 1', async () => {
    const { store, key, field } = setup();
    await store.countLessonJobs(key, { jobs: 4, shown: new Map([['a', 4]]) });
    clock = t0 + 40 * hour;
    await store.countLessonJobs(key, { jobs: 1, shown: new Map([['a', 1]]) });
    expect(await field('ref')).toBe(t0 + 40 * hour);
    expect(await field('t')).toBeCloseTo(1 + 4 * 2 ** -40, 12);
    expect(await field('sj:a')).toBeCloseTo(1 + 4 * 2 ** -40, 12);
  });

  it('leaves out the shown count of a lesson retired meanwhile: those jobs count as not shown it', async () => {
    const { store, key, effect, field } = setup();
    await store.countLessonJobs(key, { jobs: 2, shown: new Map([['a', 2]]) });
    await store.retireLesson(key, { signature: 'a', shownRate: 1, notShownRate: 1 });
    await store.countLessonJobs(key, { jobs: 3, shown: new Map([['a', 3]]) });
    expect(await field('t')).toBe(5);
    expect(await field('b:a')).toBe(2);
    expect(await ctx.redis.hexists(effect, 'sj:a')).toBe(0);
    const [a] = await store.lessonEffects(key);
    expect(a?.counts).toEqual({ shownJobs: 0, shownErrors: 0, notShownJobs: 3, notShownErrors: 0 });
  });
});
