import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { LoginFailureScope, QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Options of {@link LoginFailureLimiter}. */
export interface LoginFailureLimiterOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** What failures are counted per: the client's address or the account name tried. */
  readonly scope: LoginFailureScope;
  /** Failures allowed within one window; then every attempt waits for the window's end. */
  readonly maxFailures: number;
  /** The window's length (whole seconds, rounded up); it starts with the first failure. */
  readonly windowMs: number;
}

/**
 * Failed dashboard logins of one scope, counted in Redis so a lockout holds across restarts and
 * replicas: rate-limiter-flexible's `RateLimiterRedis` in fixed windows that start with the first
 * failure and end with the key's TTL (one atomic script: `SET NX EX`, `INCRBY`, `PTTL`). Keys come
 * from `keys.loginFailures` (the address or name hashed). No in-memory fallback: when a command fails
 * (the connection's own policy decides how long it waits), the method rejects, so the caller refuses
 * the login rather than letting it through uncounted.
 */
export class LoginFailureLimiter {
  readonly #limiter: RateLimiterRedis;
  readonly #key: (id: string) => string;
  readonly #maxFailures: number;

  /** @throws RangeError when `maxFailures` is not a positive integer or `windowMs` not positive. */
  constructor(options: LoginFailureLimiterOptions) {
    const { keys, scope, maxFailures, windowMs } = options;
    if (!Number.isSafeInteger(maxFailures) || maxFailures < 1)
      throw new RangeError(`maxFailures must be a positive integer, got ${maxFailures}`);
    if (!Number.isFinite(windowMs) || windowMs <= 0)
      throw new RangeError(`windowMs must be a positive number, got ${windowMs}`);
    this.#maxFailures = maxFailures;
    this.#key = (id) => keys.loginFailures(scope, id);
    this.#limiter = new RateLimiterRedis({
      storeClient: options.redis,
      keyPrefix: '', // the whole key name comes from keys.ts
      points: maxFailures,
      duration: Math.ceil(windowMs / 1000),
    });
  }

  /** Milliseconds until `id` may try again: the rest of its window once it has failed `maxFailures` times, else 0. */
  async retryAfterMs(id: string): Promise<number> {
    const window = await this.#limiter.get(this.#key(id));
    if (!window || window.consumedPoints < this.#maxFailures) return 0;
    return Math.max(1, window.msBeforeNext);
  }

  /** Counts one failure of `id`, starting a window where none runs. */
  async recordFailure(id: string): Promise<void> {
    await this.#limiter.penalty(this.#key(id));
  }

  /** Forgets the failures of `id` (after a successful login). */
  async clear(id: string): Promise<void> {
    await this.#limiter.delete(this.#key(id));
  }
}
