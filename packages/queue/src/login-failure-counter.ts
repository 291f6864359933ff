import type { LoginFailureScope, QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** One thing failed logins are counted for, in fixed windows of `windowMs`. */
export interface LoginFailureBucket {
  readonly scope: LoginFailureScope;
  /** The client address or the account name (hashed into the key name). */
  readonly id: string;
  readonly windowMs: number;
}

/** The failures counted in a bucket's current window, and how long that window still runs. */
export interface LoginFailureWindow {
  readonly failures: number;
  /** Milliseconds until the window ends and the count starts again at 0; 0 when no window runs. */
  readonly remainingMs: number;
}

/**
 * Counts failed dashboard logins in Redis, per client address and per account, so a lockout holds
 * across restarts and replicas. A bucket's window starts with its first failure and ends `windowMs`
 * later with the key's TTL.
 */
export class LoginFailureCounter {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;

  constructor(options: { readonly redis: RedisClient; readonly keys: QuarryKeys }) {
    this.#redis = options.redis;
    this.#keys = options.keys;
  }

  #key(bucket: LoginFailureBucket): string {
    return this.#keys.loginFailures(bucket.scope, bucket.id);
  }

  /** The current window of each bucket, in the order given (one round trip). */
  async read(buckets: readonly LoginFailureBucket[]): Promise<LoginFailureWindow[]> {
    const multi = this.#redis.multi();
    for (const bucket of buckets) multi.get(this.#key(bucket)).pttl(this.#key(bucket));
    const replies = (await multi.exec()) ?? [];
    return buckets.map((_, i) => {
      const [countError, count] = replies[2 * i] ?? [null, null];
      const [ttlError, ttl] = replies[2 * i + 1] ?? [null, -2];
      if (countError) throw countError;
      if (ttlError) throw ttlError;
      const failures = Number.parseInt(String(count ?? '0'), 10);
      return {
        failures: Number.isSafeInteger(failures) && failures > 0 ? failures : 0,
        remainingMs: typeof ttl === 'number' && ttl > 0 ? ttl : 0,
      };
    });
  }

  /** Counts one failure in each bucket, starting a window where none runs (atomically). */
  async record(buckets: readonly LoginFailureBucket[]): Promise<void> {
    const multi = this.#redis.multi();
    for (const bucket of buckets) {
      const windowMs = Math.max(1, Math.round(bucket.windowMs));
      multi.set(this.#key(bucket), '0', 'PX', windowMs, 'NX').incr(this.#key(bucket));
    }
    const replies = (await multi.exec()) ?? [];
    for (const [error] of replies) if (error) throw error;
  }

  /** Forgets the failures of these buckets (after a successful login). */
  async clear(buckets: readonly LoginFailureBucket[]): Promise<void> {
    if (buckets.length > 0) await this.#redis.del(...buckets.map((bucket) => this.#key(bucket)));
  }
}
