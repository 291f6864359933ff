import { Redis } from 'ioredis';
import type { RedisClient } from './redis-connection';
import { RedisUnavailableError } from './redis-unavailable-error';

/** Not usable now: not ready, or its socket already stopped taking writes (ioredis updates the status a little later). */
const isDown = (connection: RedisClient): boolean =>
  connection.status !== 'ready' || (connection instanceof Redis && connection.stream?.writable === false);

/** Options of {@link RedisGate}. */
export interface RedisGateOptions {
  readonly connections: readonly RedisClient[];
  /** How long an operation waits for a connection that is (re)connecting. */
  readonly readyTimeoutMs: number;
  /** Redacted URL for error messages. */
  readonly url: string | null;
}

/**
 * Lets an operation through only when its connections are ready, waiting at most `readyTimeoutMs`,
 * and turns failures caused by a lost connection into {@link RedisUnavailableError}.
 */
export class RedisGate {
  readonly #options: RedisGateOptions;
  #lastError: unknown = null;
  /** Connections lost so far: an operation that fails after one was lost failed because of it. */
  #drops = 0;

  constructor(options: RedisGateOptions) {
    this.#options = options;
    for (const connection of options.connections) {
      connection.on('error', (error: unknown) => {
        this.#lastError = error;
      });
      connection.on('close', () => {
        this.#drops += 1;
      });
    }
  }

  /**
   * Runs `operation` once every connection is ready. A failure while a connection is down, or after
   * one dropped during the operation (even if it is back: its reply was lost, e.g. a command timed
   * out), is a {@link RedisUnavailableError}.
   */
  async run<T>(operation: string, body: () => Promise<T>): Promise<T> {
    await Promise.all(this.#options.connections.map((connection) => this.#ready(connection, operation)));
    const drops = this.#drops;
    try {
      return await body();
    } catch (error) {
      if (this.#drops !== drops || this.#options.connections.some(isDown)) {
        throw this.#unavailable(operation, 'the connection was lost', error);
      }
      throw error;
    }
  }

  async #ready(connection: RedisClient, operation: string): Promise<void> {
    if (connection.status === 'ready') return;
    if (connection.status === 'end') throw this.#unavailable(operation, 'the client is closed', null);
    if (connection.status === 'wait') connection.connect().catch(() => {});
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        connection.off('ready', onReady);
        reject(
          this.#unavailable(
            operation,
            `not ready within ${this.#options.readyTimeoutMs} ms`,
            this.#lastError,
          ),
        );
      }, this.#options.readyTimeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      connection.once('ready', onReady);
    });
  }

  #unavailable(operation: string, detail: string, cause: unknown): RedisUnavailableError {
    const reason = cause instanceof Error && cause.message ? `${detail}: ${cause.message}` : detail;
    return new RedisUnavailableError({
      operation,
      url: this.#options.url,
      detail: reason,
      cause: cause ?? undefined,
    });
  }
}
