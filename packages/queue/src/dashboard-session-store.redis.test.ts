import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { DashboardSessionStore } from './dashboard-session-store';
import { quarryKeys } from './keys';

describe('DashboardSessionStore', () => {
  const session = (expiresAt: number) => ({ user: 'alice', secretDigest: 'digest-1', expiresAt });

  it('finds a saved session until it is deleted, with its lifetime as the key TTL', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new DashboardSessionStore({ redis, keys });
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

  it("keeps the web layer's own fields of a session as they are", async ({ redis, prefix }) => {
    const store = new DashboardSessionStore({ redis, keys: quarryKeys({ prefix }) });
    const now = Date.now();
    const cookie = { path: '/', httpOnly: true, sameSite: 'strict', expires: new Date(now + 60_000) };
    await store.save({ token: 'token-c', session: { ...session(now + 60_000), cookie }, now });
    expect(await store.find('token-c')).toEqual({
      ...session(now + 60_000),
      cookie: { ...cookie, expires: cookie.expires.toISOString() },
    });
  });

  it('treats an unreadable stored session as none, and refuses to save one that has ended', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new DashboardSessionStore({ redis, keys });
    await redis.set(keys.dashboardSession('broken'), 'not json {', 'PX', 60_000);
    await redis.set(keys.dashboardSession('wrong'), '{"user":""}', 'PX', 60_000);
    expect(await store.find('broken')).toBeNull();
    expect(await store.find('wrong')).toBeNull();
    const now = Date.now();
    await expect(store.save({ token: 't', session: session(now), now })).rejects.toThrow(RangeError);
  });
});
