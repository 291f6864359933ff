import { portOpen, uniquePrefix } from '@quarry/local-redis';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, vi } from 'vitest';
import { deleteKeys } from './delete-keys';
import { getTestRedis } from './get-test-redis';
import { test } from './test';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('getTestRedis', () => {
  test('returns a Redis that answers PING', async ({ redisUrl }) => {
    const client = new Redis(redisUrl);
    try {
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
    }
  });

  test('uses REDIS_URL and leaves it running on stop', async ({ ownRedis }) => {
    const own = await ownRedis();
    vi.stubEnv('REDIS_URL', own.url);
    const fromEnv = await getTestRedis();
    expect(fromEnv).toMatchObject({ url: own.url, source: 'env' });
    await fromEnv.stop();
    const client = new Redis(own.url);
    try {
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
    }
  });

  test('without REDIS_URL, starts a Redis of its own (a container or redis-server) and stops it', async () => {
    vi.stubEnv('REDIS_URL', '');
    const fallback = await getTestRedis();
    try {
      expect(fallback.source).toMatch(/^(container|spawned)$/);
      const client = new Redis(fallback.url);
      expect(await client.ping()).toBe('PONG');
      client.disconnect();
    } finally {
      await fallback.stop();
    }
    if (fallback.source === 'spawned') expect(await portOpen(Number(new URL(fallback.url).port))).toBe(false);
  });
});

describe('deleteKeys', () => {
  test('deletes every key under the prefix and nothing else', async ({ redis, prefix }) => {
    const other = uniquePrefix('delete-keys');
    try {
      const keys = Array.from({ length: 1_200 }, (_, i) => `${prefix}:k:${i}`);
      await redis.mset(...keys.flatMap((key) => [key, '1']));
      await redis.set(`${other}:keep`, '1');
      expect(await deleteKeys(redis, prefix)).toBe(1_200);
      expect(await redis.exists(keys[0] ?? '', keys[1_199] ?? '')).toBe(0);
      expect(await redis.get(`${other}:keep`)).toBe('1');
    } finally {
      await deleteKeys(redis, other);
    }
  });

  test('treats glob characters in the prefix literally', async ({ redis, prefix }) => {
    await redis.set(`${prefix}*:a`, '1');
    await redis.set(`${prefix}x:b`, '1');
    expect(await deleteKeys(redis, `${prefix}*`)).toBe(1);
    expect(await redis.get(`${prefix}x:b`)).toBe('1');
  });

  test('refuses an empty prefix', async () => {
    const client = new Redis({ lazyConnect: true });
    await expect(deleteKeys(client, '')).rejects.toThrow(TypeError);
    client.disconnect();
  });
});
