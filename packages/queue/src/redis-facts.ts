import type { RedisClient } from './redis-connection';

/** What the self-check learns about a Redis server from one `INFO`. */
export interface RedisFacts {
  /** `redis_version`, e.g. `7.2.4`; null when INFO did not say. */
  readonly version: string | null;
  /** `maxmemory_policy`, e.g. `noeviction`; null when INFO did not say. */
  readonly maxmemoryPolicy: string | null;
  /** Whether the append-only file is on; null when INFO did not say. */
  readonly aofEnabled: boolean | null;
  /** Whether the server runs in cluster mode. */
  readonly clusterEnabled: boolean;
}

/** Parses the `field:value` lines of an INFO reply (sections and comments skipped). */
export function parseInfo(text: string): ReadonlyMap<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return fields;
}

/** The facts of a parsed INFO reply. */
export function factsFromInfo(info: ReadonlyMap<string, string>): RedisFacts {
  const aof = info.get('aof_enabled');
  return {
    version: info.get('redis_version') ?? null,
    maxmemoryPolicy: info.get('maxmemory_policy') ?? null,
    aofEnabled: aof === undefined ? null : aof === '1',
    clusterEnabled: info.get('cluster_enabled') === '1',
  };
}

/**
 * Reads the facts with one plain `INFO` (its default sections hold server, memory, persistence and
 * cluster), which managed services allow even where `CONFIG` is renamed away.
 */
export async function readRedisFacts(redis: RedisClient): Promise<RedisFacts> {
  return factsFromInfo(parseInfo(await redis.info()));
}
