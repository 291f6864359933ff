import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from './connect';
import { deleteKeys } from './delete-keys';
import { getTestRedis, type TestRedis } from './get-test-redis';
import { portOpen } from './port-open';
import { type SpawnedRedis, spawnRedis } from './spawn-redis';
import { uniquePrefix } from './unique-prefix';

let redis: TestRedis;
beforeAll(async () => {
  redis = await getTestRedis();
});
afterAll(async () => {
  await redis.stop();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('getTestRedis', () => {
  it('returns a Redis that answers PING', async () => {
    const client = connect(redis.url);
    try {
      expect(await client.ping()).toBe('PONG');
      expect(redis.source).toEqual(
        process.env.REDIS_URL ? 'env' : expect.stringMatching(/^(container|spawned)$/),
      );
    } finally {
      client.disconnect();
    }
  });

  describe('with REDIS_URL set', () => {
    let own: SpawnedRedis;
    beforeAll(async () => {
      own = await spawnRedis();
    });
    afterAll(async () => {
      await own.stop();
    });

    it('uses it and leaves it running on stop', async () => {
      vi.stubEnv('REDIS_URL', own.url);
      const fromEnv = await getTestRedis();
      expect(fromEnv).toMatchObject({ url: own.url, source: 'env' });
      await fromEnv.stop();
      const client = connect(own.url);
      try {
        expect(await client.ping()).toBe('PONG');
      } finally {
        client.disconnect();
      }
    });
  });

  it('without REDIS_URL and without a container engine, spawns redis-server and stops it', async () => {
    vi.stubEnv('REDIS_URL', '');
    const fallback = await getTestRedis();
    try {
      // The source depends on the machine; whatever it is, it answers.
      const client = connect(fallback.url);
      expect(await client.ping()).toBe('PONG');
      client.disconnect();
    } finally {
      await fallback.stop();
    }
    if (fallback.source === 'spawned') expect(await portOpen(Number(new URL(fallback.url).port))).toBe(false);
  });
});

describe('deleteKeys', () => {
  it('deletes every key under the prefix and nothing else', async () => {
    const client = connect(redis.url);
    const mine = uniquePrefix('delete-keys');
    const other = uniquePrefix('delete-keys');
    try {
      const keys = Array.from({ length: 1_200 }, (_, i) => `${mine}:k:${i}`);
      await client.mset(...keys.flatMap((key) => [key, '1']));
      await client.set(`${other}:keep`, '1');
      expect(await deleteKeys(client, mine)).toBe(1_200);
      expect(await client.exists(keys[0] ?? '', keys[1_199] ?? '')).toBe(0);
      expect(await client.get(`${other}:keep`)).toBe('1');
    } finally {
      await deleteKeys(client, mine);
      await deleteKeys(client, other);
      client.disconnect();
    }
  });

  it('treats glob characters in the prefix literally', async () => {
    const client = connect(redis.url);
    const base = uniquePrefix('glob');
    try {
      await client.set(`${base}*:a`, '1');
      await client.set(`${base}x:b`, '1');
      expect(await deleteKeys(client, `${base}*`)).toBe(1);
      expect(await client.get(`${base}x:b`)).toBe('1');
    } finally {
      await deleteKeys(client, base);
      client.disconnect();
    }
  });

  it('refuses an empty prefix', async () => {
    const client = connect(redis.url, { lazyConnect: true });
    await expect(deleteKeys(client, '')).rejects.toThrow(TypeError);
    client.disconnect();
  });
});
