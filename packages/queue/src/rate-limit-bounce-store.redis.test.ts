import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { RateLimitBounceStore } from './rate-limit-bounce-store';

describe('RateLimitBounceStore', () => {
  it('counts bounces per job and keeps each counter for its lifetime', async ({ redis, prefix }) => {
    const keys = quarryKeys({ prefix });
    const bounces = new RateLimitBounceStore({ redis, keys, ttlSeconds: 600 });
    expect(await bounces.count('job-1')).toBe(0);
    expect(await bounces.bump('job-1')).toBe(1);
    expect(await bounces.bump('job-1')).toBe(2);
    expect(await bounces.count('job-1')).toBe(2);
    expect(await bounces.count('job-2')).toBe(0);
    const ttl = await redis.ttl(keys.rateLimitBounces('job-1'));
    expect(ttl).toBeGreaterThan(500);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('reads a counter that is not a positive number as 0', async ({ redis, prefix }) => {
    const keys = quarryKeys({ prefix });
    await redis.set(keys.rateLimitBounces('job-x'), 'junk');
    expect(await new RateLimitBounceStore({ redis, keys, ttlSeconds: 60 }).count('job-x')).toBe(0);
  });

  it('refuses a lifetime that is not a positive whole number of seconds', ({ redis, prefix }) => {
    const keys = quarryKeys({ prefix });
    for (const ttlSeconds of [0, -1, 1.5, Number.NaN]) {
      expect(() => new RateLimitBounceStore({ redis, keys, ttlSeconds })).toThrow(TypeError);
    }
  });
});
