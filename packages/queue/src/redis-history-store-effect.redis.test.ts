import type { HistoryKey, IssueObservation, LessonCandidate } from '@quarry/core';
import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { RedisHistoryStore } from './redis-history-store';

const hour = 3_600_000;
const t0 = Date.UTC(2026, 0, 1);

const seen = (...signatures: string[]): IssueObservation[] =>
  signatures.map((signature) => ({ signature, example: `example of ${signature}` }));

/** Each candidate as `[signature, shown jobs, shown errors, not-shown jobs, not-shown errors, retired]`. */
const table = (candidates: readonly LessonCandidate[]) =>
  candidates.map(({ lesson, counts, retired }) => [
    lesson.signature,
    counts.shownJobs,
    counts.shownErrors,
    counts.notShownJobs,
    counts.notShownErrors,
    retired !== null,
  ]);

/** Counts the commands a connection sends (one per round trip for single commands). */
function countCommands(redis: Redis): { readonly names: string[] } {
  const names: string[] = [];
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((
    command: Parameters<Redis['sendCommand']>[0],
    stream?: Parameters<Redis['sendCommand']>[1],
  ) => {
    names.push(command.name);
    return send(command, stream);
  }) as Redis['sendCommand'];
  return { names };
}

describe('RedisHistoryStore lesson effects', () => {
  let ctx: { redis: Redis; prefix: string };
  it.beforeEach(({ redis, prefix }) => {
    ctx = { redis, prefix };
  });
  let clock = t0;
  let workflowSeq = 0;
  const setup = (options: { maxSignatures?: number; redis?: Redis } = {}) => {
    const store = new RedisHistoryStore({
      redis: options.redis ?? ctx.redis,
      keys: quarryKeys({ prefix: ctx.prefix }),
      maxSignatures: options.maxSignatures ?? 50,
      halfLifeMs: hour,
      now: () => clock,
    });
    workflowSeq += 1;
    clock = t0;
    const key: HistoryKey = { workflow: `effect-${workflowSeq}`, version: 1 };
    /** One job: its read, its count as shown the active lessons read, then its first attempt (failed with `errors`, or valid). */
    const job = async (errors: string[], limit = 3) => {
      const candidates = await store.lessonCandidates(key, { limit });
      const shown = candidates.filter((c) => c.retired === null).map((c) => c.lesson.signature);
      await store.countLessonJobs(key, { jobs: 1, shown: new Map(shown.map((signature) => [signature, 1])) });
      if (errors.length > 0) await store.record(key, seen(...errors), { shown });
      return candidates;
    };
    return { store, key, job };
  };

  it('counts each job at its read and its first attempt in the record: shown vs not shown, per signature', async () => {
    const { store, key, job } = setup();
    expect(await job(['a'])).toEqual([]);
    expect(table(await job(['a', 'b']))).toEqual([['a', 0, 0, 1, 1, false]]);
    // A valid first attempt counts at the read only; a later attempt and an uncounted read count nothing.
    expect(table(await job([]))).toEqual([
      ['a', 1, 1, 1, 1, false],
      ['b', 0, 0, 2, 1, false],
    ]);
    await store.record(key, seen('a'));
    await store.lessonCandidates(key, { limit: 3 });
    expect(table(await store.lessonCandidates(key, { limit: 3 }))).toEqual([
      ['a', 2, 1, 1, 1, false],
      ['b', 1, 0, 2, 1, false],
    ]);
    // Only the top `limit` are shown: `b` below `a` counts its job as not shown.
    await job(['b'], 1);
    expect(table(await store.lessonCandidates(key, { limit: 3 }))).toEqual([
      ['a', 3, 1, 1, 1, false],
      ['b', 1, 0, 3, 2, false],
    ]);
  });

  it('reads, counts jobs and records in one call each', async () => {
    const redis = ctx.redis.duplicate();
    try {
      const { store, key } = setup({ redis });
      await store.record(key, seen('x'));
      const counter = countCommands(redis);
      const candidates = await store.lessonCandidates(key, { limit: 3 });
      await store.record(key, seen('x', 'y'), { shown: candidates.map((c) => c.lesson.signature) });
      await store.countLessonJobs(key, { jobs: 2, shown: new Map([['x', 2]]) });
      // Nothing to count: no call.
      await store.countLessonJobs(key, { jobs: 0, shown: new Map() });
      expect(counter.names).toEqual(['evalsha', 'evalsha', 'evalsha']);
    } finally {
      redis.disconnect();
    }
  });

  it('retires a lesson: left out of the top lessons, its counts start again, jobs counted from then on count as not shown', async () => {
    const { store, key, job } = setup();
    await job(['a']);
    await job(['a']);
    await job(['a']);
    // The deciding job reads, retires `a`, and is counted as not shown it.
    const [a] = await store.lessonCandidates(key, { limit: 3 });
    expect(table(a ? [a] : [])).toEqual([['a', 2, 2, 1, 1, false]]);
    expect(await store.retireLesson(key, { signature: 'a', shownRate: 1, notShownRate: 1 })).toBe(true);
    await store.countLessonJobs(key, { jobs: 1, shown: new Map() });
    await store.record(key, seen('a', 'b'), { shown: [] });
    expect((await store.topLessons(key, 3)).map((lesson) => lesson.signature)).toEqual(['b']);
    const after = await store.lessonCandidates(key, { limit: 3 });
    expect(table(after)).toEqual([
      ['a', 0, 0, 1, 1, true],
      ['b', 0, 0, 4, 1, false],
    ]);
    expect(after[0]?.retired).toEqual({ at: t0, shownRate: 1, notShownRate: 1 });
    // A second worker that decided the same from its own read: nothing changes.
    expect(await store.retireLesson(key, { signature: 'a', shownRate: 1, notShownRate: 1 })).toBe(false);
    // Jobs counted late as shown it (read before the retirement) count as not shown it.
    await store.countLessonJobs(key, { jobs: 1, shown: new Map([['a', 1]]) });
    // From now on every job counts as not shown it, and its errors against it.
    await job(['a']);
    await job([]);
    expect(table(await store.lessonCandidates(key, { limit: 3 }))).toEqual([
      ['a', 0, 0, 4, 2, true],
      ['b', 2, 0, 5, 1, false],
    ]);
    expect(await store.lessonEffects(key)).toEqual([
      {
        signature: 'a',
        state: 'retired',
        counts: { shownJobs: 0, shownErrors: 0, notShownJobs: 4, notShownErrors: 2 },
        retired: { at: t0, shownRate: 1, notShownRate: 1 },
      },
      {
        signature: 'b',
        state: 'active',
        counts: { shownJobs: 2, shownErrors: 0, notShownJobs: 5, notShownErrors: 1 },
        retired: null,
      },
    ]);
  });

  it('restores a retired lesson only for the retirement it was decided on, keeping its counts', async () => {
    const { store, key, job } = setup();
    await job(['a']);
    await job(['a']);
    await store.retireLesson(key, { signature: 'a', shownRate: 1, notShownRate: 1 });
    await job(['a']);
    const [retired] = await store.lessonCandidates(key, { limit: 1 });
    expect(await store.restoreLesson(key, { signature: 'a', retiredAt: t0 - 1 })).toBe(false);
    expect(await store.restoreLesson(key, { signature: 'a', retiredAt: retired?.retired?.at ?? 0 })).toBe(
      true,
    );
    expect(await store.restoreLesson(key, { signature: 'a', retiredAt: t0 })).toBe(false);
    expect(table(await store.lessonCandidates(key, { limit: 1 }))).toEqual([['a', 0, 0, 1, 1, false]]);
    expect((await store.topLessons(key, 1)).map((lesson) => lesson.signature)).toEqual(['a']);
  });

  it('reads past any number of retired lessons to the active ones, and stays one round trip', async () => {
    const { store, key } = setup();
    const retired = Array.from({ length: 12 }, (_, i) => `retired-${String(i).padStart(2, '0')}`);
    for (const signature of retired) {
      for (let i = 0; i < 3; i++) await store.record(key, seen(signature));
      await store.retireLesson(key, { signature, shownRate: 0.5, notShownRate: 0.5 });
    }
    await store.record(key, seen('active-1', 'active-2'));
    await store.record(key, seen('active-1'));
    const candidates = await store.lessonCandidates(key, { limit: 1 });
    expect(candidates).toHaveLength(13);
    const active = candidates.filter((c) => c.retired === null).map((c) => c.lesson.signature);
    expect(active).toEqual(['active-1']);
    await store.countLessonJobs(key, { jobs: 1, shown: new Map(active.map((signature) => [signature, 1])) });
    expect((await store.topLessons(key, 5)).map((lesson) => lesson.signature)).toEqual([
      'active-1',
      'active-2',
    ]);
    expect(table(await store.lessonCandidates(key, { limit: 1 })).at(-1)).toEqual([
      'active-1',
      1,
      0,
      0,
      0,
      false,
    ]);
  });

  it('drops the effects of an evicted signature with it', async () => {
    const { store, key, job } = setup({ maxSignatures: 2 });
    await job(['weak']);
    await job(['strong']);
    await job(['strong']);
    await store.retireLesson(key, { signature: 'weak', shownRate: 1, notShownRate: 1 });
    await job(['new']);
    const { effect } = quarryKeys({ prefix: ctx.prefix }).history(key.workflow, key.version);
    const fields = Object.keys(await ctx.redis.hgetall(effect)).sort();
    expect(fields.filter((field) => field.endsWith(':weak'))).toEqual([]);
    expect((await store.lessonEffects(key)).map((entry) => entry.signature)).toEqual(['strong']);
  });

  it('decays counts with the half-life and rebases them after many half-lives', async () => {
    const { store, key, job } = setup();
    await job(['a']);
    await job(['a']);
    clock = t0 + hour;
    expect(table(await store.lessonCandidates(key, { limit: 1 }))).toEqual([
      ['a', 0.5, 0.5, 0.5, 0.5, false],
    ]);
    clock = t0 + 2000 * hour;
    await job(['a']);
    const [a] = await store.lessonCandidates(key, { limit: 1 });
    expect(a?.counts.shownJobs).toBeCloseTo(1, 10);
    expect(a?.counts.shownErrors).toBeCloseTo(1, 10);
    expect(a?.counts.notShownJobs).toBeCloseTo(0, 10);
    const { effect } = quarryKeys({ prefix: ctx.prefix }).history(key.workflow, key.version);
    expect(Number(await ctx.redis.hget(effect, 'ref'))).toBe(t0 + 2000 * hour);
    expect(await ctx.redis.pttl(effect)).toBeGreaterThan(0);
  });
});
