import { type HistoryKey, InMemoryHistoryStore, type IssueObservation } from '@quarry/core';
import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { RedisHistoryStore } from './redis-history-store';

const hour = 3_600_000;
const t0 = Date.UTC(2025, 0, 1);

const seen = (...signatures: string[]): IssueObservation[] =>
  signatures.map((signature) => ({ signature, example: `example of ${signature}` }));

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

describe('RedisHistoryStore', () => {
  let ctx: { redis: Redis; prefix: string };
  it.beforeEach(({ redis, prefix }) => {
    ctx = { redis, prefix };
  });
  let clock = t0;
  let workflowSeq = 0;
  /** A store and a history key of its own (a fresh workflow name per test). */
  const setup = (options: { maxSignatures?: number; halfLifeMs?: number; redis?: Redis } = {}) => {
    const { redis, prefix } = ctx;
    const store = new RedisHistoryStore({
      redis: options.redis ?? redis,
      keys: quarryKeys({ prefix }),
      maxSignatures: options.maxSignatures ?? 50,
      halfLifeMs: options.halfLifeMs ?? hour,
      now: () => clock,
    });
    workflowSeq += 1;
    return { store, key: { workflow: `wf-${workflowSeq}`, version: 1 } satisfies HistoryKey };
  };

  it('ranks by decayed frequency: a few recent mistakes outrank many old ones', async () => {
    const { store, key } = setup();
    clock = t0;
    for (let i = 0; i < 10; i++) await store.record(key, seen('schema:total:invalid_type'));
    clock = t0 + 5 * hour;
    for (let i = 0; i < 3; i++) await store.record(key, seen('rule:dueDate:due-after-issue'));
    const lessons = await store.topLessons(key, 3);
    expect(
      lessons.map((lesson) => [lesson.signature, lesson.count, Number(lesson.score.toFixed(4))]),
    ).toEqual([
      ['rule:dueDate:due-after-issue', 3, 3],
      ['schema:total:invalid_type', 10, 0.3125],
    ]);
    expect(lessons[1]).toMatchObject({
      firstSeen: t0,
      lastSeen: t0,
      example: 'example of schema:total:invalid_type',
    });
    clock = t0 + 7 * hour;
    expect((await store.topLessons(key, 1))[0]?.score).toBeCloseTo(0.75, 10);
  });

  it('agrees with the in-memory store on a long mixed sequence', async () => {
    const { store, key } = setup();
    const memory = new InMemoryHistoryStore({ halfLifeMs: hour, now: () => clock });
    const signatures = ['a', 'b', 'c', 'd', 'e', 'f'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let step = 0; step < 60; step++) {
      clock = t0 + step * 0.4 * hour;
      const picked = signatures.filter(() => random() < 0.35);
      await store.record(key, seen(...picked));
      await memory.record(key, seen(...picked));
    }
    const fromRedis = await store.topLessons(key, 10);
    const fromMemory = await memory.topLessons(key, 10);
    expect(fromRedis.map((lesson) => lesson.signature)).toEqual(fromMemory.map((lesson) => lesson.signature));
    fromRedis.forEach((lesson, i) => {
      expect(lesson.score).toBeCloseTo(fromMemory[i]?.score ?? Number.NaN, 9);
      expect(lesson.count).toBe(fromMemory[i]?.count);
    });
  });

  it('stays bounded at maxSignatures, evicting the weakest others (with their details) for a new one', async () => {
    const { store, key } = setup({ maxSignatures: 3 });
    clock = t0;
    for (const [signature, times] of [
      ['one', 1],
      ['two', 2],
      ['three', 3],
      ['four', 4],
      ['five', 5],
    ] as const) {
      for (let i = 0; i < times; i++) await store.record(key, seen(signature));
    }
    expect((await store.topLessons(key, 10)).map((lesson) => lesson.signature)).toEqual([
      'five',
      'four',
      'three',
    ]);
    const { scores, details } = quarryKeys({ prefix: ctx.prefix }).history(key.workflow, key.version);
    expect(await ctx.redis.zcard(scores)).toBe(3);
    expect(await ctx.redis.hlen(details)).toBe(1 + 3 * 4);
    await store.record(key, seen('six', 'seven', 'eight', 'nine'));
    const kept = (await store.topLessons(key, 10)).map((lesson) => lesson.signature);
    expect(kept).toHaveLength(3);
    expect(kept.every((signature) => ['six', 'seven', 'eight', 'nine'].includes(signature))).toBe(true);
  });

  it('keeps histories apart by workflow version and history scope', async () => {
    const { store, key } = setup();
    await store.record(key, seen('v1-global'));
    await store.record({ ...key, version: 2 }, seen('v2-global'));
    await store.record({ ...key, scope: 'tenant-a' }, seen('v1-tenant-a'));
    await store.record({ ...key, scope: 'tenant-b' }, seen('v1-tenant-b'));
    const top = async (k: HistoryKey) => (await store.topLessons(k, 5)).map((lesson) => lesson.signature);
    expect(await top(key)).toEqual(['v1-global']);
    expect(await top({ ...key, version: 2 })).toEqual(['v2-global']);
    expect(await top({ ...key, scope: 'tenant-a' })).toEqual(['v1-tenant-a']);
    expect(await top({ ...key, scope: 'tenant-b' })).toEqual(['v1-tenant-b']);
    expect(await top({ ...key, version: 3 })).toEqual([]);
  });

  it('reads in one round trip, writes in one atomic call, and writes nothing for no signatures', async () => {
    const shared = ctx.redis;
    const redis = shared.duplicate();
    try {
      const { store, key } = setup({ redis });
      await store.record(key, seen('x', 'y', 'x'));
      await store.topLessons(key, 3);
      const counter = countCommands(redis);
      const lessons = await store.topLessons(key, 3);
      expect(counter.names).toEqual(['evalsha']);
      expect(lessons.map((lesson) => [lesson.signature, lesson.count])).toEqual([
        ['x', 1],
        ['y', 1],
      ]);
      await store.record(key, seen('z'));
      expect(counter.names).toEqual(['evalsha', 'evalsha']);
      await store.record(key, []);
      expect(counter.names).toHaveLength(2);
    } finally {
      redis.disconnect();
    }
  });

  it('rebases scores after many half-lives so they never overflow', async () => {
    const { store, key } = setup();
    clock = t0;
    await store.record(key, seen('old'));
    clock = t0 + 2000 * hour;
    await store.record(key, seen('new'));
    await store.record(key, seen('new'));
    const lessons = await store.topLessons(key, 2);
    expect(lessons.map((lesson) => lesson.signature)).toEqual(['new', 'old']);
    expect(lessons[0]?.score).toBeCloseTo(2, 10);
    expect(Number.isFinite(lessons[1]?.score)).toBe(true);
    const { scores, details } = quarryKeys({ prefix: ctx.prefix }).history(key.workflow, key.version);
    expect(Number(await ctx.redis.zscore(scores, 'new'))).toBeCloseTo(2, 10);
    expect(await ctx.redis.pttl(details)).toBeGreaterThan(0);
  });
});
