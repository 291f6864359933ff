import { spawnRedis } from '@quarry/local-redis';
import { dockerAvailable } from './docker-available';

/** A Redis for tests, and how to let it go. */
export interface TestRedis {
  readonly url: string;
  /** Where it came from: REDIS_URL, a testcontainers container, or a spawned `redis-server`. */
  readonly source: 'env' | 'container' | 'spawned';
  /** Stops the container or process started for it; a no-op for REDIS_URL. */
  stop(): Promise<void>;
}

/** Redis image used when a container engine is available. */
export const REDIS_IMAGE = 'redis:7-alpine';

/**
 * A Redis to test against: REDIS_URL when set; else a testcontainers Redis when a container engine
 * answers; else a `redis-server` spawned on a free port. Tests share it, so each must use its own key
 * prefix ({@link uniquePrefix}) and delete its keys; tests that kill Redis use {@link spawnRedis}.
 */
export async function getTestRedis(): Promise<TestRedis> {
  const fromEnv = process.env.REDIS_URL;
  if (fromEnv) return { url: fromEnv, source: 'env', stop: async () => {} };

  if (await dockerAvailable()) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer(REDIS_IMAGE).start();
    return {
      url: container.getConnectionUrl(),
      source: 'container',
      stop: async () => {
        await container.stop();
      },
    };
  }

  const spawned = await spawnRedis();
  return { url: spawned.url, source: 'spawned', stop: () => spawned.stop() };
}
