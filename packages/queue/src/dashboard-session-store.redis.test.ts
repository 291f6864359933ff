import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { DashboardSessionStore } from './dashboard-session-store';
import { quarryKeys } from './keys';

/** The shared test Redis, and a store and the keys under the test's own prefix. */
const test = it.extend('sessions', ({ redis, prefix }) => {
  const keys = quarryKeys({ prefix });
  return { keys, store: new DashboardSessionStore({ redis, keys }) };
});

describe('DashboardSessionStore', () => {
  const session = (expiresAt: number) => ({ user: 'alice', secretDigest: 'digest-1', expiresAt });

  test('finds a saved session until it is deleted, with its lifetime as the key TTL', async ({
    redis,
    sessions: { keys, store },
  }) => {
    const now = Date.now();
    await store.save({ token: 'token-a', session: session(now + 60_000), now });
    expect(await store.find('token-a')).toEqual(session(now + 60_000));
    expect(await store.find('token-b')).toBeNull();
    const ttl = await redis.pttl(keys.dashboardSession('token-a'));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await store.delete('token-a')).toBe(true);
    expect(await store.find('token-a')).toBeNull();
    expect(await store.delete('token-a')).toBe(false);
  });

  test("keeps the web layer's own fields of a session as they are", async ({ sessions: { store } }) => {
    const now = Date.now();
    const cookie = { path: '/', httpOnly: true, sameSite: 'strict', expires: new Date(now + 60_000) };
    await store.save({ token: 'token-c', session: { ...session(now + 60_000), cookie }, now });
    expect(await store.find('token-c')).toEqual({
      ...session(now + 60_000),
      cookie: { ...cookie, expires: cookie.expires.toISOString() },
    });
  });

  test('treats an unreadable stored session as none, and refuses to save one that has ended', async ({
    redis,
    sessions: { keys, store },
  }) => {
    await redis.set(keys.dashboardSession('broken'), 'not json {', 'PX', 60_000);
    await redis.set(keys.dashboardSession('wrong'), '{"user":""}', 'PX', 60_000);
    expect(await store.find('broken')).toBeNull();
    expect(await store.find('wrong')).toBeNull();
    const now = Date.now();
    await expect(store.save({ token: 't', session: session(now), now })).rejects.toThrow(RangeError);
  });
});
