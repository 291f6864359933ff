import { it } from '@quarry/testing';
import { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { LoginFailureLimiter } from './login-failure-limiter';

describe('LoginFailureLimiter', () => {
  const limiter = (
    { redis, prefix }: { readonly redis: Redis; readonly prefix: string },
    options: { scope: 'client' | 'account'; maxFailures: number; windowMs: number },
  ) => new LoginFailureLimiter({ redis, keys: quarryKeys({ prefix }), ...options });

  it('lets an id fail maxFailures times, then makes it wait for the rest of the window', async ({
    redis,
    prefix,
  }) => {
    const clients = limiter({ redis, prefix }, { scope: 'client', maxFailures: 3, windowMs: 60_000 });
    expect(await clients.retryAfterMs('203.0.113.7')).toBe(0);
    for (let i = 0; i < 2; i++) await clients.recordFailure('203.0.113.7');
    expect(await clients.retryAfterMs('203.0.113.7')).toBe(0);
    await clients.recordFailure('203.0.113.7');
    const wait = await clients.retryAfterMs('203.0.113.7');
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // Counted per id: another address has not failed.
    expect(await clients.retryAfterMs('203.0.113.8')).toBe(0);
    await clients.clear('203.0.113.7');
    expect(await clients.retryAfterMs('203.0.113.7')).toBe(0);
  });

  it('counts under keys.loginFailures, the id hashed, with the window as TTL, per scope', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const accounts = limiter({ redis, prefix }, { scope: 'account', maxFailures: 30, windowMs: 120_000 });
    await accounts.recordFailure('alice');
    await accounts.recordFailure('alice');
    expect(await redis.get(keys.loginFailures('account', 'alice'))).toBe('2');
    expect(await redis.exists(keys.loginFailures('client', 'alice'))).toBe(0);
    const ttl = await redis.pttl(keys.loginFailures('account', 'alice'));
    expect(ttl).toBeGreaterThan(110_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
  });

  it('starts again at 0 once the window has ended', async ({ redis, prefix }) => {
    const clients = limiter({ redis, prefix }, { scope: 'client', maxFailures: 2, windowMs: 1_000 });
    await clients.recordFailure('198.51.100.1');
    await clients.recordFailure('198.51.100.1');
    expect(await clients.retryAfterMs('198.51.100.1')).toBeGreaterThan(0);
    await expect.poll(() => clients.retryAfterMs('198.51.100.1'), { timeout: 5_000, interval: 50 }).toBe(0);
    await clients.recordFailure('198.51.100.1');
    expect(await clients.retryAfterMs('198.51.100.1')).toBe(0);
  });

  it('rejects, rather than answering 0, when Redis cannot be reached', async ({ prefix }) => {
    const down = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false });
    try {
      const clients = new LoginFailureLimiter({
        redis: down,
        keys: quarryKeys({ prefix }),
        scope: 'client',
        maxFailures: 10,
        windowMs: 60_000,
      });
      await expect(clients.retryAfterMs('203.0.113.7')).rejects.toThrow();
      await expect(clients.recordFailure('203.0.113.7')).rejects.toThrow();
    } finally {
      down.disconnect();
    }
  });

  it('refuses limits that are not positive', async ({ redis, prefix }) => {
    expect(() => limiter({ redis, prefix }, { scope: 'client', maxFailures: 0, windowMs: 1_000 })).toThrow(
      /maxFailures/,
    );
    expect(() => limiter({ redis, prefix }, { scope: 'client', maxFailures: 1.5, windowMs: 1_000 })).toThrow(
      /maxFailures/,
    );
    expect(() => limiter({ redis, prefix }, { scope: 'client', maxFailures: 1, windowMs: 0 })).toThrow(
      /windowMs/,
    );
  });
});
