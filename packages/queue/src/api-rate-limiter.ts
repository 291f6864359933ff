import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Options of {@link ApiRateLimiter}. */
export interface ApiRateLimiterOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Requests one API key may make per window. */
  readonly requests: number;
  /** The window's length (whole seconds, rounded up); it starts with the key's first request. */
  readonly windowMs: number;
}

/** Whether a request may go on; when not, how long until the key's window ends. */
export type RateDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterMs: number };

/**
 * The HTTP API's per-key rate limit, counted in Redis so it holds across replicas: fixed windows of
 * rate-limiter-flexible's `RateLimiterRedis` (one atomic script per request), keyed by `keys.apiRate`.
 * A failed Redis command rejects (the request is refused as unavailable, never let through uncounted).
 */
export class ApiRateLimiter {
  readonly #limiter: RateLimiterRedis;
  readonly #keys: QuarryKeys;

  /** @throws RangeError when `requests` is not a positive integer or `windowMs` not positive. */
  constructor(options: ApiRateLimiterOptions) {
    if (!Number.isSafeInteger(options.requests) || options.requests < 1)
      throw new RangeError(`requests must be a positive integer, got ${options.requests}`);
    if (!Number.isFinite(options.windowMs) || options.windowMs <= 0)
      throw new RangeError(`windowMs must be a positive number, got ${options.windowMs}`);
    this.#keys = options.keys;
    this.#limiter = new RateLimiterRedis({
      storeClient: options.redis,
      keyPrefix: '', // the whole key name comes from keys.ts
      points: options.requests,
      duration: Math.ceil(options.windowMs / 1000),
    });
  }

  /** Counts one request of `apiKeyId`. */
  async take(apiKeyId: string): Promise<RateDecision> {
    try {
      await this.#limiter.consume(this.#keys.apiRate(apiKeyId));
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes)
        return { allowed: false, retryAfterMs: Math.max(1, error.msBeforeNext) };
      throw error;
    }
  }
}
