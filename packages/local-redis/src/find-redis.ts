import { LocalRedisUnavailableError } from './local-redis-unavailable-error';
import { redisAnswers } from './redis-answers';
import { type SpawnRedisOptions, spawnRedis } from './spawn-redis';

/** A Redis to run on, and how to let it go. */
export interface LocalRedis {
  readonly url: string;
  /** Where it came from: the URL given (REDIS_URL), the local default port, or a `redis-server` spawned for this run. */
  readonly source: 'env' | 'local' | 'spawned';
  /** Stops a spawned server (and removes its data); nothing for the others. */
  stop(): Promise<void>;
}

/** Options of {@link findRedis}. */
export interface FindRedisOptions {
  /** The URL asked for (REDIS_URL); when set it is the only one tried, and it must answer. */
  readonly url?: string | undefined;
  /** Tried when no `url` is given. Default `redis://127.0.0.1:6379`. */
  readonly localUrl?: string;
  /** How a server is spawned when nothing answers. */
  readonly spawn?: SpawnRedisOptions;
}

/** One place for the defaults. */
const defaults = { localUrl: 'redis://127.0.0.1:6379', urlTimeoutMs: 3_000, localTimeoutMs: 500 } as const;

/**
 * The Redis for a local run (`pnpm demo`): `url` when given (it must answer); else the local default
 * port when it answers; else a `redis-server` from PATH on a free port, stopped by `stop()`.
 * @throws LocalRedisUnavailableError naming which of the two failed.
 */
export async function findRedis(options: FindRedisOptions = {}): Promise<LocalRedis> {
  if (options.url) {
    if (!(await redisAnswers(options.url, defaults.urlTimeoutMs))) {
      throw new LocalRedisUnavailableError({
        reason: 'url_unreachable',
        message: 'No Redis answers at the URL given.',
      });
    }
    return { url: options.url, source: 'env', stop: async () => {} };
  }
  const localUrl = options.localUrl ?? defaults.localUrl;
  if (await redisAnswers(localUrl, defaults.localTimeoutMs)) {
    return { url: localUrl, source: 'local', stop: async () => {} };
  }
  try {
    const spawned = await spawnRedis(options.spawn);
    return { url: spawned.url, source: 'spawned', stop: () => spawned.stop() };
  } catch (cause) {
    throw new LocalRedisUnavailableError({
      reason: 'none_found',
      message: `No Redis answers at ${new URL(localUrl).host} and no redis-server could be started from PATH.`,
      cause,
    });
  }
}
