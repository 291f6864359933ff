import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRedis } from './find-redis';
import { freePort } from './free-port';
import { LocalRedisUnavailableError } from './local-redis-unavailable-error';
import { portOpen } from './port-open';
import { redisAnswers } from './redis-answers';
import { type SpawnedRedis, spawnRedis } from './spawn-redis';

let server: SpawnedRedis;
let nobody: string;
beforeAll(async () => {
  server = await spawnRedis();
  nobody = `redis://127.0.0.1:${await freePort()}`;
});
afterAll(async () => {
  await server?.stop();
});

describe('findRedis', () => {
  it('takes the URL given when it answers, and leaves it running on stop', async () => {
    const found = await findRedis({ url: server.url });
    expect(found).toMatchObject({ url: server.url, source: 'env' });
    await found.stop();
    expect(await redisAnswers(server.url, 1000)).toBe(true);
  });

  it('refuses a URL given that does not answer, without trying anything else', async () => {
    const failure = findRedis({ url: nobody, localUrl: server.url });
    await expect(failure).rejects.toBeInstanceOf(LocalRedisUnavailableError);
    await expect(failure).rejects.toMatchObject({ reason: 'url_unreachable' });
  });

  it('without a URL, takes the local one when it answers', async () => {
    expect(await findRedis({ localUrl: server.url })).toMatchObject({ url: server.url, source: 'local' });
  });

  it('without a URL and a local Redis, spawns redis-server and stops it', async () => {
    const found = await findRedis({ localUrl: nobody });
    expect(found.source).toBe('spawned');
    expect(await redisAnswers(found.url, 1000)).toBe(true);
    await found.stop();
    expect(await portOpen(Number(new URL(found.url).port))).toBe(false);
  });

  it('says so when nothing answers and no redis-server can be started', async () => {
    await expect(
      findRedis({ localUrl: nobody, spawn: { binary: 'redis-server-does-not-exist' } }),
    ).rejects.toMatchObject({
      name: 'LocalRedisUnavailableError',
      reason: 'none_found',
      message: `No Redis answers at ${new URL(nobody).host} and no redis-server could be started from PATH.`,
      cause: { name: 'SpawnRedisError', reason: 'not_found' },
    });
  });
});
