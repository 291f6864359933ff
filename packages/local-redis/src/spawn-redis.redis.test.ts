import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { portOpen } from './port-open';
import { type SpawnedRedis, spawnRedis } from './spawn-redis';
import { SpawnRedisError } from './spawn-redis-error';

const clients: Redis[] = [];
const servers: SpawnedRedis[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const server of servers.splice(0)) await server.stop();
});

async function spawned(options: Parameters<typeof spawnRedis>[0] = {}): Promise<SpawnedRedis> {
  const server = await spawnRedis(options);
  servers.push(server);
  return server;
}

function client(url: string): Redis {
  // No reconnects: a dead server must show up as an error, not as a hang.
  const redis = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  clients.push(redis);
  return redis;
}

describe('spawnRedis', () => {
  it('starts its own server on a free port in a temporary directory', async () => {
    const server = await spawned();
    expect(server.url).toBe(`redis://127.0.0.1:${server.port}`);
    expect(server.port).not.toBe(6379);
    expect(existsSync(server.dir)).toBe(true);
    expect(await client(server.url).ping()).toBe('PONG');
    expect(await client(server.url).config('GET', 'save')).toEqual(['save', '']);
  });

  it('keeps append-only data across a kill -9 and a restart on the same port', async () => {
    const server = await spawned({ appendOnly: true });
    const before = client(server.url);
    await before.set('survivor', 'still here');
    await server.kill();
    expect(await portOpen(server.port)).toBe(false);

    await server.restart();
    expect(await client(server.url).get('survivor')).toBe('still here');
  });

  it('loses data on restart without append-only', async () => {
    const server = await spawned();
    await client(server.url).set('ephemeral', '1');
    await server.restart();
    expect(await client(server.url).get('ephemeral')).toBeNull();
  });

  it('passes extra arguments to redis-server', async () => {
    const server = await spawned({ args: ['--maxmemory-policy', 'allkeys-lru'] });
    expect(await client(server.url).config('GET', 'maxmemory-policy')).toEqual([
      'maxmemory-policy',
      'allkeys-lru',
    ]);
  });

  it('stops the server and removes the directory it created; stop is idempotent', async () => {
    const server = await spawnRedis();
    await server.stop();
    await server.stop();
    expect(existsSync(server.dir)).toBe(false);
    expect(await portOpen(server.port)).toBe(false);
    await expect(server.restart()).rejects.toThrow('Cannot restart a spawned Redis after stop()');
  });

  it('leaves a directory it was given in place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-redis-given-'));
    try {
      const server = await spawnRedis({ dir, appendOnly: true });
      await client(server.url).set('k', 'v');
      await server.stop();
      expect(existsSync(join(dir, 'appendonlydir'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails with the server log when redis-server refuses to start', async () => {
    const failure = spawnRedis({ args: ['--no-such-option', 'x'] });
    await expect(failure).rejects.toBeInstanceOf(SpawnRedisError);
    await expect(failure).rejects.toMatchObject({
      name: 'SpawnRedisError',
      reason: 'exited',
      message: expect.stringMatching(/exited \(code 1\) before it was ready:\n[\s\S]*no-such-option/),
    });
  });

  it('names a missing binary', async () => {
    await expect(spawnRedis({ binary: 'redis-server-does-not-exist' })).rejects.toMatchObject({
      reason: 'not_found',
      message: expect.stringMatching(
        /^Cannot start redis-server-does-not-exist \(is Redis installed and on PATH\?\)/,
      ),
    });
  });
});
