/** Options of {@link LoginThrottle}. */
export interface LoginThrottleOptions {
  /** Failed logins allowed per client within the window. */
  readonly maxFailures: number;
  readonly windowMs: number;
  readonly now: () => number;
}

/**
 * Counts failed logins per client address in a fixed window; once a client reaches the limit every
 * further attempt is refused until its window ends, so passwords cannot be guessed at speed.
 */
export class LoginThrottle {
  readonly #options: LoginThrottleOptions;
  readonly #failures = new Map<string, { count: number; since: number }>();

  constructor(options: LoginThrottleOptions) {
    this.#options = options;
  }

  /** Milliseconds until `client` may try again, or 0. */
  retryAfterMs(client: string): number {
    const entry = this.#current(client);
    if (!entry || entry.count < this.#options.maxFailures) return 0;
    return entry.since + this.#options.windowMs - this.#options.now();
  }

  recordFailure(client: string): void {
    const entry = this.#current(client) ?? { count: 0, since: this.#options.now() };
    entry.count += 1;
    this.#failures.set(client, entry);
    if (this.#failures.size > 10_000) this.#sweep();
  }

  recordSuccess(client: string): void {
    this.#failures.delete(client);
  }

  #current(client: string) {
    const entry = this.#failures.get(client);
    if (entry && entry.since + this.#options.windowMs <= this.#options.now()) {
      this.#failures.delete(client);
      return undefined;
    }
    return entry;
  }

  #sweep(): void {
    for (const client of [...this.#failures.keys()]) this.#current(client);
  }
}
