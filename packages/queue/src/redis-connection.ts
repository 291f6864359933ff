import type { ConnectionOptions } from 'node:tls';
import { Cluster, type ClusterNode, Redis, type RedisOptions } from 'ioredis';
import { parseRedisUrl, redactRedisUrl } from './redis-url';

/** A connection to one Redis server or to a Redis Cluster (BullMQ and Quarry's stores take either). */
export type RedisClient = Redis | Cluster;

/**
 * How a connection is used:
 * - `worker`: BullMQ workers and queue-event listeners; commands wait across reconnects
 *   (`maxRetriesPerRequest: null`), so a Redis restart only pauses work;
 * - `producer`: services that enqueue; no offline buffering and no silent re-sending, so a command
 *   fails at once while Redis is unreachable (the connection keeps reconnecting in the background),
 *   and a command gets its reply within {@link producerCommandTimeoutMs} or fails.
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
  /**
   * Fail a command that got no reply within this long (a Redis that accepts connections but does not
   * answer). Default: {@link producerCommandTimeoutMs} for producers; workers wait. Not for
   * connections that run blocking commands (BullMQ workers, queue events).
   */
  readonly commandTimeoutMs?: number;
}

/**
 * How long a producer's command waits for its reply by default. Besides a Redis that hangs, it
 * bounds a command in flight when its connection drops and comes straight back: with re-sending
 * off, ioredis 5.x keeps such a command unsettled for good (redis/ioredis#2193, fixed by #2194
 * after 6.0.0; checked 2026-11-24), which would leave an enqueue waiting forever.
 */
export const producerCommandTimeoutMs = 10_000;

/** The command timeout of a connection for `options`: the given one, else the role's default. */
const commandTimeoutOf = (options: RedisConnectionOptions): number | undefined =>
  options.commandTimeoutMs ?? (options.role === 'producer' ? producerCommandTimeoutMs : undefined);

/** Reconnect delays: quick at first, then every 2 s, forever. */
const retryStrategy = (times: number): number => Math.min(times * 100, 2000);

/**
 * An ioredis connection for `url` (`redis://` or `rediss://`, password and db from the URL) set up for
 * its role. The caller owns it and closes it with `quit()`.
 * @throws TypeError when the URL is not a Redis URL, or names a cluster (use {@link redisClient}).
 */
export function redisConnection(url: string, options: RedisConnectionOptions): Redis {
  const { tls, cluster } = parseRedisUrl(url);
  if (cluster) {
    throw new TypeError(
      `Redis URL "${redactRedisUrl(url)}" names a Redis Cluster; this part of Quarry needs a single Redis server (redis:// or rediss://)`,
    );
  }
  const common: RedisOptions = {
    connectionName: options.connectionName,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    ...(commandTimeoutOf(options) !== undefined ? { commandTimeout: commandTimeoutOf(options) } : {}),
    retryStrategy,
    ...(tls || options.tls ? { tls: options.tls ?? {} } : {}),
  };
  const role: RedisOptions =
    options.role === 'worker'
      ? { maxRetriesPerRequest: null, enableOfflineQueue: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, autoResendUnfulfilledCommands: false };
  return new Redis(url, { ...common, ...role });
}

/**
 * A connection for `url` set up for its role: a Redis Cluster client for `redis+cluster://` and
 * `rediss+cluster://` URLs (the URL's host is a seed node, `?seeds=host:port,…` adds more; user and
 * password apply to every node; the nodes are discovered from the seeds), else {@link redisConnection}.
 * The key prefix must carry a hash tag (`{quarry}`) so each queue's keys share one slot.
 * @throws TypeError when the URL is not a Redis URL.
 */
export function redisClient(url: string, options: RedisConnectionOptions): RedisClient {
  const { tls, cluster } = parseRedisUrl(url);
  if (!cluster) return redisConnection(url, options);
  const parsed = new URL(url);
  const node = (hostPort: string): ClusterNode => {
    const at = hostPort.lastIndexOf(':');
    const host = (at > 0 ? hostPort.slice(0, at) : hostPort).replace(/^\[|\]$/g, '');
    const port = at > 0 ? Number(hostPort.slice(at + 1)) : 6379;
    if (host === '' || !Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new TypeError(`Redis URL "${redactRedisUrl(url)}": "${hostPort}" is not a host:port seed node`);
    }
    return { host, port };
  };
  const seeds = [
    node(parsed.host),
    ...(parsed.searchParams.get('seeds') ?? '')
      .split(',')
      .map((seed) => seed.trim())
      .filter((seed) => seed !== '')
      .map(node),
  ];
  const worker = options.role === 'worker';
  const redisOptions: RedisOptions = {
    connectionName: options.connectionName,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    ...(commandTimeoutOf(options) !== undefined ? { commandTimeout: commandTimeoutOf(options) } : {}),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(tls || options.tls ? { tls: options.tls ?? {} } : {}),
    ...(worker
      ? { maxRetriesPerRequest: null }
      : { maxRetriesPerRequest: 1, autoResendUnfulfilledCommands: false }),
  };
  return new Cluster(seeds, {
    redisOptions,
    clusterRetryStrategy: retryStrategy,
    enableOfflineQueue: worker,
  });
}

/**
 * A second connection to the same server or cluster with the same settings, named `connectionName`
 * (e.g. for WATCH/MULTI, which needs a connection of its own). The caller owns it. With
 * `waitForConnection`, its first commands wait for it to come up even when the original fails fast.
 */
export function duplicateClient(
  client: RedisClient,
  connectionName: string,
  options: { readonly waitForConnection?: boolean } = {},
): RedisClient {
  const offline = options.waitForConnection ? { enableOfflineQueue: true } : {};
  if (client instanceof Cluster) {
    return client.duplicate(undefined, {
      redisOptions: { ...client.options.redisOptions, connectionName },
      ...offline,
    });
  }
  return client.duplicate({ connectionName, ...offline });
}
