import type { LoginFailureBucket, LoginFailureCounter } from '@quarry/queue';

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
  readonly counter: LoginFailureCounter;
  /** Default {@link loginLimits}. */
  readonly limits?: LoginLimits;
}

/**
 * Refuses password attempts once the client or the account has failed too often within its window,
 * until that window ends, so passwords can be guessed neither at speed from one address nor slowly
 * from many. A successful login clears both counts.
 */
export class LoginThrottle {
  readonly #counter: LoginFailureCounter;
  readonly #limits: LoginLimits;

  constructor(options: LoginThrottleOptions) {
    this.#counter = options.counter;
    this.#limits = options.limits ?? loginLimits;
  }

  #buckets(attempt: LoginAttempt): [LoginFailureBucket, LoginFailureBucket] {
    return [
      { scope: 'client', id: attempt.client, windowMs: this.#limits.client.windowMs },
      { scope: 'account', id: attempt.account, windowMs: this.#limits.account.windowMs },
    ];
  }

  /** Milliseconds until this attempt may be made, or 0. */
  async retryAfterMs(attempt: LoginAttempt): Promise<number> {
    const [client, account] = await this.#counter.read(this.#buckets(attempt));
    const waits = [
      client && client.failures >= this.#limits.client.maxFailures ? client.remainingMs : 0,
      account && account.failures >= this.#limits.account.maxFailures ? account.remainingMs : 0,
    ];
    return Math.max(...waits);
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    await this.#counter.record(this.#buckets(attempt));
  }

  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    await this.#counter.clear(this.#buckets(attempt));
  }
}
