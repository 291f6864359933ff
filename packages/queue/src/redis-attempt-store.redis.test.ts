import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { describe, expect, vi } from 'vitest';
import { quarryKeys } from './keys';
import { RedisAttemptStore, type RedisAttemptStoreOptions } from './redis-attempt-store';
import { attemptRecord, schemaIssue } from './test-fixtures/attempt-record';

describe('RedisAttemptStore', () => {
  let ctx: { redis: Redis; prefix: string };
  it.beforeEach(({ redis, prefix }) => {
    ctx = { redis, prefix };
  });

  const store = (onUnreadable?: RedisAttemptStoreOptions['onUnreadable']) => {
    const { redis, prefix } = ctx;
    return new RedisAttemptStore({ redis, keys: quarryKeys({ prefix }), ttlSeconds: 60, onUnreadable });
  };

  it('round-trips records in attempt order, with a TTL', async () => {
    const attempts = store();
    const first = attemptRecord({ n: 1, issues: [schemaIssue('total')] });
    const second = attemptRecord({ n: 2 });
    await attempts.append('job-a', second);
    await attempts.append('job-a', first);
    expect(await attempts.load('job-a')).toEqual([first, second]);
    expect(await attempts.load('job-b')).toEqual([]);
    const ttl = await ctx.redis.ttl(quarryKeys({ prefix: ctx.prefix }).attempts('job-a'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('keeps one copy when the same attempt is saved twice', async () => {
    const attempts = store();
    await attempts.append('job-c', attemptRecord({ n: 1 }));
    await attempts.append('job-c', attemptRecord({ n: 1 }));
    expect(await attempts.load('job-c')).toHaveLength(1);
  });

  it('skips and reports a stored record that no longer parses', async () => {
    const problems: string[] = [];
    const attempts = store(({ jobKey, field }) => problems.push(`${jobKey}#${field}`));
    await attempts.append('job-d', attemptRecord({ n: 1 }));
    await ctx.redis.hset(quarryKeys({ prefix: ctx.prefix }).attempts('job-d'), '2', '{"n":"two"}');
    expect((await attempts.load('job-d')).map((record) => record.n)).toEqual([1]);
    expect(problems).toEqual(['job-d#2']);
  });

  it('refuses to save a record whose attempt number is not a positive integer, and saves nothing', async () => {
    for (const n of [0, -1, 1.5, Number.NaN]) {
      await expect(store().append('job-e', { ...attemptRecord({ n: 1 }), n })).rejects.toThrow(TypeError);
    }
    expect(await ctx.redis.exists(quarryKeys({ prefix: ctx.prefix }).attempts('job-e'))).toBe(0);
  });

  it('replace: deletes the records of another input in the same step, says how many, and keeps those of its own', async () => {
    const attempts = store();
    const keys = quarryKeys({ prefix: ctx.prefix });
    await attempts.append('job-r', attemptRecord({ n: 1, inputHash: 'another' }));
    await attempts.append('job-r', attemptRecord({ n: 2 }));
    await ctx.redis.hset(keys.attempts('job-r'), '3', 'not json');
    await attempts.append('job-r', attemptRecord({ n: 4, inputHash: 'mine' }));
    const mine = attemptRecord({ n: 1, requestId: 'req_mine', inputHash: 'mine' });
    // The other input's, the one without a hash and the unreadable one go; the one of this input stays.
    expect(await attempts.append('job-r', mine, { replace: true })).toEqual({ discarded: 3 });
    expect((await attempts.load('job-r')).map((record) => [record.n, record.requestId])).toEqual([
      [1, 'req_mine'],
      [4, 'req_4'],
    ]);
    expect(await ctx.redis.ttl(keys.attempts('job-r'))).toBeGreaterThan(0);
    // Nothing to replace: nothing discarded; without replace, others are kept whatever their input.
    expect(await attempts.append('job-s', attemptRecord({ n: 1 }), { replace: true })).toEqual({
      discarded: 0,
    });
    expect(await attempts.append('job-s', attemptRecord({ n: 2, inputHash: 'x' }))).toEqual({ discarded: 0 });
    expect((await attempts.load('job-s')).map((record) => record.n)).toEqual([1, 2]);
  });

  it('deletes the records of jobs that end together with one DEL, resolving once they are gone', async () => {
    const attempts = store();
    const keys = quarryKeys({ prefix: ctx.prefix });
    const jobs = ['job-f', 'job-g', 'job-h'];
    for (const job of jobs) await attempts.append(job, attemptRecord({ n: 1 }));
    const monitor = await ctx.redis.duplicate().monitor();
    const deletes: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      const [command, ...names] = args;
      if (command?.toLowerCase() === 'del' && names.some((name) => name.startsWith(ctx.prefix))) {
        deletes.push(names);
      }
    });
    try {
      await Promise.all(jobs.map((job) => attempts.clear(job)));
      expect(await ctx.redis.exists(...jobs.map((job) => keys.attempts(job)))).toBe(0);
      await vi.waitFor(() => expect(deletes).toHaveLength(1));
      expect(deletes[0]?.sort()).toEqual(jobs.map((job) => keys.attempts(job)).sort());
    } finally {
      monitor.disconnect();
    }
  });

  it('deletes at once with a window of 0 and refuses a window out of range', async () => {
    const { redis, prefix } = ctx;
    const keys = quarryKeys({ prefix });
    const attempts = new RedisAttemptStore({ redis, keys, ttlSeconds: 60, clearWindowMs: 0 });
    await attempts.append('job-i', attemptRecord({ n: 1 }));
    await attempts.clear('job-i');
    expect(await redis.exists(keys.attempts('job-i'))).toBe(0);
    for (const clearWindowMs of [-1, 1.5, 10_001]) {
      expect(() => new RedisAttemptStore({ redis, keys, ttlSeconds: 60, clearWindowMs })).toThrow(
        `clearWindowMs must be a whole number of milliseconds from 0 to 10000, got ${clearWindowMs}`,
      );
    }
  });

  it('saves the records appended in one turn of the event loop with one script call, each resolving with its own answer', async () => {
    const attempts = store();
    const keys = quarryKeys({ prefix: ctx.prefix });
    await attempts.append('job-t1', attemptRecord({ n: 1, requestId: 'req_other' }));
    const monitor = await ctx.redis.duplicate().monitor();
    const calls: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      const [command, ...rest] = args;
      if (/^evalsha$|^eval$/i.test(command ?? '') && rest.some((arg) => arg.startsWith(ctx.prefix))) {
        calls.push(rest);
      }
    });
    try {
      const saved = await Promise.all([
        attempts.append('job-t1', attemptRecord({ n: 1, inputHash: 'h' }), { replace: true }),
        attempts.append('job-t2', attemptRecord({ n: 1 })),
        attempts.append('job-t3', attemptRecord({ n: 2 })),
      ]);
      expect(saved).toEqual([{ discarded: 1 }, { discarded: 0 }, { discarded: 0 }]);
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]?.slice(2, 5)).toEqual(['job-t1', 'job-t2', 'job-t3'].map((job) => keys.attempts(job)));
      expect(await attempts.load('job-t1')).toEqual([attemptRecord({ n: 1, inputHash: 'h' })]);
      expect((await attempts.load('job-t3')).map((record) => record.n)).toEqual([2]);
      // The next turn's record goes in a call of its own.
      await attempts.append('job-t2', attemptRecord({ n: 2 }));
      await vi.waitFor(() => expect(calls).toHaveLength(2));
    } finally {
      monitor.disconnect();
    }
  });

  it('replace: hostile leftovers (a number for a hash, nesting cjson refuses, markup) go; control characters and markup in a record round-trip', async () => {
    const attempts = store();
    const key = quarryKeys({ prefix: ctx.prefix }).attempts('job-w');
    await ctx.redis.hset(key, {
      '1': JSON.stringify({ n: 1, inputHash: 123 }),
      '2': `${'['.repeat(2000)}${']'.repeat(2000)}`,
      '3': '<script>alert(1)</script>',
      '4': JSON.stringify({ n: 4, inputHash: 'h\u0000' }),
    });
    const hostile = '\u0000\u001b[31m<b>\u2028"\\</b>\r\n';
    const mine = attemptRecord({ n: 1, inputHash: 'h', rawOutput: hostile, requestId: hostile });
    expect(await attempts.append('job-w', mine, { replace: true })).toEqual({ discarded: 4 });
    expect(await attempts.load('job-w')).toEqual([mine]);
  });

  it('sends a turn of more than 64 records in calls of 64 at most, every record saved', async () => {
    const attempts = store();
    const monitor = await ctx.redis.duplicate().monitor();
    const sizes: number[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      const [command, , keyCount, firstKey] = args;
      if (/^evalsha$|^eval$/i.test(command ?? '') && firstKey?.startsWith(ctx.prefix))
        sizes.push(Number(keyCount));
    });
    try {
      const jobs = Array.from({ length: 130 }, (_, i) => `job-v${i}`);
      await Promise.all(jobs.map((job) => attempts.append(job, attemptRecord({ n: 1 }))));
      await vi.waitFor(() => expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(130));
      expect(sizes).toEqual([64, 64, 2]);
      const keys = quarryKeys({ prefix: ctx.prefix });
      expect(await ctx.redis.exists(...jobs.map((job) => keys.attempts(job)))).toBe(130);
    } finally {
      monitor.disconnect();
    }
  });

  it('rejects every record of a turn whose save failed, naming its job and attempt; records saved before stay', async () => {
    const redis = ctx.redis.duplicate();
    const attempts = new RedisAttemptStore({
      redis,
      keys: quarryKeys({ prefix: ctx.prefix }),
      ttlSeconds: 60,
    });
    await attempts.append('job-u1', attemptRecord({ n: 1 }));
    await redis.script('FLUSH');
    // A script Redis no longer knows is sent again (EVALSHA, then EVAL): still saved.
    await attempts.append('job-u1', attemptRecord({ n: 2 }));
    redis.disconnect();
    const failed = await Promise.allSettled([
      attempts.append('job-u1', attemptRecord({ n: 3 })),
      attempts.append('job-u2', attemptRecord({ n: 1 })),
    ]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    const reasons = failed.map((result) =>
      result.status === 'rejected' ? String(result.reason.message) : '',
    );
    expect(reasons).toEqual([
      'Saving attempt 3 of job job-u1 failed',
      'Saving attempt 1 of job job-u2 failed',
    ]);
    const again = new RedisAttemptStore({
      redis: ctx.redis,
      keys: quarryKeys({ prefix: ctx.prefix }),
      ttlSeconds: 60,
    });
    expect((await again.load('job-u1')).map((record) => record.n)).toEqual([1, 2]);
  });
});
