import { setTimeout as sleep } from 'node:timers/promises';
import type { RedisClient } from '@quarry/queue';

/** Where the start-up self-check of Redis stands (it runs once Redis is first reachable). */
export type SelfCheckState = 'pending' | 'passed' | 'failed';

/** Options of {@link RedisReadiness}. */
export interface RedisReadinessOptions {
  readonly connection: RedisClient;
  /** How long a readiness PING may take. Default 500 ms. */
  readonly pingTimeoutMs?: number;
}

/**
 * Whether the dashboard can use Redis: its connection is up, the start-up self-check passed and,
 * when asked with {@link check}, Redis answers a PING in time. Concurrent checks share one PING.
 */
export class RedisReadiness {
  readonly #connection: RedisClient;
  readonly #pingTimeoutMs: number;
  #selfCheck: SelfCheckState = 'pending';
  #ping: Promise<boolean> | null = null;

  constructor(options: RedisReadinessOptions) {
    this.#connection = options.connection;
    this.#pingTimeoutMs = options.pingTimeoutMs ?? 500;
  }

  /** Records the outcome of the start-up self-check. */
  set selfCheck(state: SelfCheckState) {
    this.#selfCheck = state;
  }

  get selfCheck(): SelfCheckState {
    return this.#selfCheck;
  }

  /** What is known to be wrong without asking Redis: the connection is not up, or the self-check has not passed. */
  known(): readonly string[] {
    const { status } = this.#connection;
    if (status !== 'ready') return [`redis ${status}`];
    return this.#selfCheck === 'passed' ? [] : [`redis self-check ${this.#selfCheck}`];
  }

  /** {@link known}, else whether Redis answers a PING within the timeout; empty when ready. */
  async check(): Promise<readonly string[]> {
    const known = this.known();
    if (known.length > 0) return known;
    this.#ping ??= Promise.race([
      this.#connection.ping().then(
        () => true,
        () => false,
      ),
      sleep(this.#pingTimeoutMs, false, { ref: false }),
    ]).finally(() => {
      this.#ping = null;
    });
    return (await this.#ping) ? [] : ['redis not answering'];
  }
}
