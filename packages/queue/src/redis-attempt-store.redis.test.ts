import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
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

  it('refuses to save an invalid record', async () => {
    await expect(store().append('job-e', { ...attemptRecord({ n: 1 }), n: 0 })).rejects.toThrow();
  });
});
