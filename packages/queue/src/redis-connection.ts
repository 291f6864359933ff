import type { ConnectionOptions } from 'node:tls';
import { Redis, type RedisOptions } from 'ioredis';
import { parseRedisUrl } from './redis-url';

/**
 * How a connection is used:
 * - `worker`: BullMQ workers and queue-event listeners; commands wait across reconnects
 *   (`maxRetriesPerRequest: null`), so a Redis restart only pauses work;
 * - `producer`: services that enqueue; no offline buffering and no silent re-sending, so a command
 *   fails at once while Redis is unreachable (the connection keeps reconnecting in the background).
 */
export type RedisRole = 'worker' | 'producer';

/** Options of {@link redisConnection}. */
export interface RedisConnectionOptions {
  readonly role: RedisRole;
  /** Shown in `CLIENT LIST`. */
  readonly connectionName?: string;
  /** TLS settings (e.g. `ca`) for `rediss://` URLs; `rediss://` alone uses the system's trust store. */
  readonly tls?: ConnectionOptions;
  /** Give up one connection attempt after this long. Default 5000 ms. */
  readonly connectTimeoutMs?: number;
}

/** Reconnect delays: quick at first, then every 2 s, forever. */
const retryStrategy = (times: number): number => Math.min(times * 100, 2000);

/**
 * An ioredis connection for `url` (`redis://` or `rediss://`, password and db from the URL) set up for
 * its role. The caller owns it and closes it with `quit()`.
 * @throws TypeError when the URL is not a Redis URL.
 */
export function redisConnection(url: string, options: RedisConnectionOptions): Redis {
  const { tls } = parseRedisUrl(url);
  const common: RedisOptions = {
    connectionName: options.connectionName,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    retryStrategy,
    ...(tls || options.tls ? { tls: options.tls ?? {} } : {}),
  };
  const role: RedisOptions =
    options.role === 'worker'
      ? { maxRetriesPerRequest: null, enableOfflineQueue: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, autoResendUnfulfilledCommands: false };
  return new Redis(url, { ...common, ...role });
}
