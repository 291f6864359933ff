import { redactRedisUrl } from '@quarry/queue';
import { spawnRedis } from '@quarry/test-redis';
import { Redis } from 'ioredis';
import { DemoRedisUnavailableError } from './demo-redis-unavailable-error';

/** The Redis the demo runs on. */
export interface DemoRedis {
  readonly url: string;
  /** Where it came from: REDIS_URL, the local default port, or a redis-server spawned for this run. */
  readonly source: 'env' | 'local' | 'spawned';
  /** Stops a spawned server (and removes its data); nothing for the others. */
  stop(): Promise<void>;
}

const LOCAL_URL = 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at `url` within `timeoutMs`. */
async function answers(url: string, timeoutMs: number): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * REDIS_URL when set (it must answer); else 127.0.0.1:6379 when it answers; else a `redis-server`
 * from PATH on a free port, stopped by `stop()`.
 * @throws DemoRedisUnavailableError saying how to get a Redis.
 */
export async function resolveRedis(redisUrl: string | undefined): Promise<DemoRedis> {
  if (redisUrl) {
    if (!(await answers(redisUrl, 3000))) {
      throw new DemoRedisUnavailableError({
        message: `No Redis answers at REDIS_URL (${redactRedisUrl(redisUrl)}).`,
      });
    }
    return { url: redisUrl, source: 'env', stop: async () => {} };
  }
  if (await answers(LOCAL_URL, 500)) return { url: LOCAL_URL, source: 'local', stop: async () => {} };
  try {
    const spawned = await spawnRedis();
    return { url: spawned.url, source: 'spawned', stop: () => spawned.stop() };
  } catch (cause) {
    throw new DemoRedisUnavailableError({
      message: 'No Redis answers at 127.0.0.1:6379 and no redis-server could be started from PATH.',
      cause,
    });
  }
}
