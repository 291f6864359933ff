import { LoginFailureLimiter, type QuarryKeys, type RedisClient } from '@quarry/queue';

/** How many failed logins are allowed, per client address and per account, and in what window. */
export interface LoginLimits {
  readonly client: { readonly maxFailures: number; readonly windowMs: number };
  readonly account: { readonly maxFailures: number; readonly windowMs: number };
}

/**
 * The default limits: 10 failures from one address in 5 minutes; 30 failures for one account name
 * in 15 minutes from any number of addresses (so guessing one user's password from many addresses
 * gets no further), which also makes that account refuse passwords for the rest of the window.
 */
export const loginLimits: LoginLimits = {
  client: { maxFailures: 10, windowMs: 5 * 60_000 },
  account: { maxFailures: 30, windowMs: 15 * 60_000 },
};

/** One password attempt: the client's address (as the trusted proxy saw it) and the account name tried. */
export interface LoginAttempt {
  readonly client: string;
  readonly account: string;
}

/** Options of {@link LoginThrottle}. */
export interface LoginThrottleOptions {
  /** Where failures are counted (Redis, shared by replicas). */
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Default {@link loginLimits}. */
  readonly limits?: LoginLimits;
}

/**
 * Refuses password attempts once the client or the account has failed too often within its window,
 * until that window ends, so passwords can be guessed neither at speed from one address nor slowly
 * from many. A successful login clears both counts. The counting is rate-limiter-flexible's, through
 * `LoginFailureLimiter` of @quarry/queue; a Redis failure rejects (the request then gets 503).
 */
export class LoginThrottle {
  readonly #client: LoginFailureLimiter;
  readonly #account: LoginFailureLimiter;

  constructor(options: LoginThrottleOptions) {
    const { redis, keys } = options;
    const limits = options.limits ?? loginLimits;
    this.#client = new LoginFailureLimiter({ redis, keys, scope: 'client', ...limits.client });
    this.#account = new LoginFailureLimiter({ redis, keys, scope: 'account', ...limits.account });
  }

  /** Milliseconds until this attempt may be made, or 0. */
  async retryAfterMs(attempt: LoginAttempt): Promise<number> {
    const waits = await Promise.all([
      this.#client.retryAfterMs(attempt.client),
      this.#account.retryAfterMs(attempt.account),
    ]);
    return Math.max(...waits);
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    await Promise.all([
      this.#client.recordFailure(attempt.client),
      this.#account.recordFailure(attempt.account),
    ]);
  }

  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    await Promise.all([this.#client.clear(attempt.client), this.#account.clear(attempt.account)]);
  }
}
