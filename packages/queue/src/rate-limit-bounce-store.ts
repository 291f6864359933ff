import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Options of {@link RateLimitBounceStore}. */
export interface RateLimitBounceStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** How long a job's counter lives after its latest bounce. */
  readonly ttlSeconds: number;
}

/**
 * Counts how often each job was put back after a 429 without consuming a job attempt
 * (`keys.rateLimitBounces`), so the failure policy can stop bouncing a job for ever.
 */
export class RateLimitBounceStore {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;
  readonly #ttlSeconds: number;

  constructor(options: RateLimitBounceStoreOptions) {
    if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 1) {
      throw new TypeError(`ttlSeconds must be a positive integer, got ${options.ttlSeconds}`);
    }
    this.#redis = options.redis;
    this.#keys = options.keys;
    this.#ttlSeconds = options.ttlSeconds;
  }

  /** The bounces counted for `jobId` (0 when none, or when the counter expired). */
  async count(jobId: string): Promise<number> {
    const stored = Number.parseInt((await this.#redis.get(this.#keys.rateLimitBounces(jobId))) ?? '0', 10);
    return Number.isSafeInteger(stored) && stored > 0 ? stored : 0;
  }

  /** Counts one more bounce for `jobId` and restarts its counter's lifetime (atomically). */
  async bump(jobId: string): Promise<number> {
    const key = this.#keys.rateLimitBounces(jobId);
    const replies = await this.#redis.multi().incr(key).expire(key, this.#ttlSeconds).exec();
    const [error, count] = replies?.[0] ?? [null, 0];
    if (error) throw error;
    return Number(count);
  }
}
