import { type SpawnedRedis, type SpawnRedisOptions, spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { Redis } from 'ioredis';
import { test as base } from 'vitest';
import { deleteKeys } from './delete-keys';
import { getTestRedis } from './get-test-redis';
import { TestProcesses } from './test-processes';

/**
 * Vitest's `test` with Quarry's fixtures; each is set up only for the tests that name it, and
 * cleaned up after them:
 *
 * - `redisUrl` (per file): the shared test Redis ({@link getTestRedis}: REDIS_URL, else a
 *   testcontainers Redis when a Docker engine answers, else a spawned `redis-server`).
 * - `redis` (per file): an ioredis connection to it.
 * - `prefix` (per test): a fresh hash-tagged key prefix; every key under it is deleted after the test.
 * - `filePrefix` (per file): the same for state a whole file shares (a worker started in `beforeAll`).
 * - `ownRedis` (per test): starts a `redis-server` of the test's own, to stop, kill or restart;
 *   every one started is stopped after the test.
 * - `processes` (per test): starts and runs processes ({@link TestProcesses}); every one still
 *   running is killed after the test.
 *
 * @example
 * test('counts', async ({ redis, prefix }) => {
 *   await redis.incr(`${prefix}:n`);
 *   expect(await redis.get(`${prefix}:n`)).toBe('1');
 * });
 */
export const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture needs from this pattern.
  .extend('redisUrl', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await getTestRedis();
    onCleanup(() => server.stop());
    return server.url;
  })
  .extend('redis', { scope: 'file' }, ({ redisUrl }, { onCleanup }) => {
    const redis = new Redis(redisUrl);
    onCleanup(async () => {
      await redis.quit();
    });
    return redis;
  })
  .extend('filePrefix', { scope: 'file' }, ({ redis }, { onCleanup }) => {
    const prefix = uniquePrefix('file');
    onCleanup(async () => {
      await deleteKeys(redis, prefix);
    });
    return prefix;
  })
  .extend('prefix', ({ redis, task }, { onCleanup }) => {
    const prefix = uniquePrefix(task.name);
    onCleanup(async () => {
      await deleteKeys(redis, prefix);
    });
    return prefix;
  })
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture needs from this pattern.
  .extend('ownRedis', ({}, { onCleanup }) => {
    const servers: SpawnedRedis[] = [];
    onCleanup(async () => {
      await Promise.all(servers.splice(0).map((server) => server.stop()));
    });
    return async (options?: SpawnRedisOptions): Promise<SpawnedRedis> => {
      const server = await spawnRedis(options);
      servers.push(server);
      return server;
    };
  })
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures a fixture needs from this pattern.
  .extend('processes', ({}, { onCleanup }) => {
    const processes = new TestProcesses();
    onCleanup(() => processes.killAll());
    return processes;
  });

/** {@link test} under its other name. @alias */
export const it = test;
