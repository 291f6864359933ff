import type { RedisClient } from '@quarry/queue';

/** How long a CLI command waits for Redis before giving up. */
const READY_TIMEOUT_MS = 2000;

/** Options of {@link withCliRedis}. */
export interface CliRedisOptions<S> {
  /** Named in the error when Redis does not answer in time. */
  readonly operation: string;
  readonly redisUrl: string;
  /** The URL as it may be shown (credentials redacted). */
  readonly redisUrlRedacted: string;
  /** Builds what the command works with on the connection. */
  readonly open: (connection: RedisClient) => S;
  /** Closes what `open` built, once the connection is closed (nothing by default). */
  readonly close?: (service: S) => Promise<void>;
}

/**
 * Runs `body` with a service on a fresh connection to the configured Redis, waiting at most 2 s for
 * it, then closes the connection (first, so that start-ups have settled) and the service, leaving no
 * rejection unhandled.
 * @throws RedisUnavailableError when Redis does not answer in time.
 */
export async function withCliRedis<S, T>(
  options: CliRedisOptions<S>,
  body: (service: S) => Promise<T>,
): Promise<T> {
  // Loaded here, not at start: only the commands that reach Redis pay for ioredis and BullMQ.
  const { closeConnection, RedisGate, redisClient } = await import('./on-demand');
  const connection = redisClient(options.redisUrl, { role: 'producer', connectionName: 'quarry-cli' });
  connection.on('error', () => {});
  const gate = new RedisGate({
    connections: [connection],
    readyTimeoutMs: READY_TIMEOUT_MS,
    url: options.redisUrlRedacted,
  });
  const service = options.open(connection);
  try {
    return await gate.run(options.operation, () => body(service));
  } finally {
    await closeConnection(connection);
    await options.close?.(service);
  }
}
