import { findRedis, type LocalRedis, LocalRedisUnavailableError } from '@quarry/local-redis';
import { redactRedisUrl } from '@quarry/queue';
import { DemoRedisUnavailableError } from './demo-redis-unavailable-error';

/**
 * The Redis the demo runs on ({@link findRedis}): REDIS_URL when set (it must answer); else
 * 127.0.0.1:6379 when it answers; else a `redis-server` from PATH on a free port, stopped by `stop()`.
 * @throws DemoRedisUnavailableError saying how to get a Redis.
 */
export async function resolveRedis(redisUrl: string | undefined): Promise<LocalRedis> {
  try {
    return await findRedis({ url: redisUrl });
  } catch (error) {
    if (!(error instanceof LocalRedisUnavailableError)) throw error;
    switch (error.reason) {
      case 'url_unreachable':
        throw new DemoRedisUnavailableError({
          message: `No Redis answers at REDIS_URL (${redactRedisUrl(redisUrl ?? '')}).`,
          cause: error,
        });
      case 'none_found':
        throw new DemoRedisUnavailableError({ message: error.message, cause: error });
    }
  }
}
