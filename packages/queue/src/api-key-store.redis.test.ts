import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { ApiIdempotencyStore } from './api-idempotency-store';
import { ApiKeyStore } from './api-key-store';
import { ApiRateLimiter } from './api-rate-limiter';
import { quarryKeys } from './keys';

describe('ApiKeyStore', () => {
  it('creates a key shown once, stores only its digest, lists it without secrets, verifies and revokes it', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new ApiKeyStore({ redis, keys });
    const { key, info } = await store.create({
      name: 'billing service',
      workflows: ['invoice'],
      tenant: 'acme',
    });
    expect(key).toMatch(/^qk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(info).toMatchObject({
      name: 'billing service',
      workflows: ['invoice'],
      tenant: 'acme',
      revokedAt: null,
    });
    const stored = JSON.stringify(await redis.hgetall(keys.apiKeys()));
    expect(stored).not.toContain(key.slice(20));
    expect(await store.list()).toEqual([info]);
    expect(JSON.stringify(await store.list())).not.toContain('digest');

    expect(await store.verify(key)).toEqual({ ok: true, info });
    expect(await store.verify(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(await store.verify('not a key')).toEqual({ ok: false, reason: 'malformed' });

    const revoked = await store.revoke(info.id);
    expect(revoked?.revokedAt).not.toBeNull();
    expect(await store.verify(key)).toEqual({ ok: false, reason: 'revoked' });
    expect((await store.list())[0]?.revokedAt).toBe(revoked?.revokedAt);
    expect(await store.revoke('ak_0000000000000000')).toBeNull();
    expect(await store.revoke('../etc')).toBeNull();
  });

  it('refuses a request with a bad name, scope or tenant, naming the field', async ({ redis, prefix }) => {
    const store = new ApiKeyStore({ redis, keys: quarryKeys({ prefix }) });
    await expect(store.create({ name: '', workflows: '*' })).rejects.toThrow(/name/);
    await expect(store.create({ name: 'x', workflows: [] })).rejects.toThrow(/workflows/);
    await expect(store.create({ name: 'x', workflows: ['Bad Name'] })).rejects.toThrow(/workflow name/);
    await expect(store.create({ name: 'x', workflows: '*', tenant: 'a b' })).rejects.toThrow(/tenant/);
    expect(await store.list()).toEqual([]);
  });
});

describe('ApiIdempotencyStore', () => {
  it('remembers the first body per API key and idempotency key, with the retention as TTL', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new ApiIdempotencyStore({ redis, keys, retentionMs: 60_000 });
    const claim = (apiKeyId: string, bodyDigest: string) =>
      store.claim({ apiKeyId, idempotencyKey: 'order-1', bodyDigest });
    expect(await claim('ak_1', 'a')).toBe('new');
    expect(await claim('ak_1', 'a')).toBe('same');
    expect(await claim('ak_1', 'b')).toBe('conflict');
    expect(await claim('ak_2', 'b')).toBe('new');
    const ttl = await redis.pttl(keys.apiIdempotency('ak_1', 'order-1'));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('ApiRateLimiter', () => {
  it('lets a key make `requests` requests per window, then tells how long to wait; keys count apart', async ({
    redis,
    prefix,
  }) => {
    const limiter = new ApiRateLimiter({
      redis,
      keys: quarryKeys({ prefix }),
      requests: 2,
      windowMs: 60_000,
    });
    expect(await limiter.take('ak_1')).toEqual({ allowed: true });
    expect(await limiter.take('ak_1')).toEqual({ allowed: true });
    const refused = await limiter.take('ak_1');
    expect(refused.allowed).toBe(false);
    if (refused.allowed) throw new Error('unreachable');
    expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    expect(await limiter.take('ak_2')).toEqual({ allowed: true });
    expect(
      () => new ApiRateLimiter({ redis, keys: quarryKeys({ prefix }), requests: 0, windowMs: 1 }),
    ).toThrow(RangeError);
  });
});
