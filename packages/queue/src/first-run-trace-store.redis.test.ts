import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { FirstRunTraceStore } from './first-run-trace-store';
import { quarryKeys } from './keys';

describe('FirstRunTraceStore', () => {
  const first = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1 };

  it("keeps a job generation's first run context once (SET NX) with the attempt TTL and reads it back", async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new FirstRunTraceStore({ redis, keys, ttlSeconds: 600 });
    expect(await store.read('job-1@1')).toBeNull();
    expect(await store.remember('job-1@1', first)).toBe(true);
    expect(await store.remember('job-1@1', { ...first, spanId: 'c'.repeat(16) })).toBe(false);
    expect(await store.read('job-1@1')).toEqual(first);
    expect(await store.read('job-1@2')).toBeNull();
    const ttl = await redis.ttl(keys.firstRunTrace('job-1@1'));
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
    expect((await redis.get(keys.firstRunTrace('job-1@1')))?.length).toBeLessThanOrEqual(64);
  });

  it('refuses a context that is not hex ids and a flags byte, and reads an unreadable value as none', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new FirstRunTraceStore({ redis, keys, ttlSeconds: 600 });
    for (const bad of [
      { ...first, traceId: 'A'.repeat(32) },
      { ...first, spanId: 'b'.repeat(15) },
      { ...first, traceFlags: 256 },
    ]) {
      await expect(store.remember('job-2@1', bad)).rejects.toBeInstanceOf(TypeError);
    }
    await redis.set(keys.firstRunTrace('job-3@1'), 'garbage');
    expect(await store.read('job-3@1')).toBeNull();
    expect(() => new FirstRunTraceStore({ redis, keys, ttlSeconds: 0 })).toThrow(TypeError);
  });
});
