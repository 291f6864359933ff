import { Cluster, Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { redisClient, redisConnection } from './redis-connection';
import { parseRedisUrl } from './redis-url';

/** Builds the client without letting it reach a network (a cluster client connects at once otherwise). */
function built(url: string, role: 'worker' | 'producer') {
  const client = redisClient(url, { role, connectionName: 'quarry-test' });
  client.disconnect();
  return client;
}

describe('redisClient', () => {
  it('gives a cluster client for redis+cluster:// with the seeds, credentials and role settings', () => {
    const cluster = built(
      'redis+cluster://app:s%3Acret@127.0.0.1:7100?seeds=127.0.0.1:7101,[::1]:7102',
      'worker',
    );
    expect(cluster).toBeInstanceOf(Cluster);
    const { options } = cluster as Cluster;
    const { startupNodes } = cluster as unknown as { startupNodes: unknown };
    expect(startupNodes).toEqual([
      { host: '127.0.0.1', port: 7100 },
      { host: '127.0.0.1', port: 7101 },
      { host: '::1', port: 7102 },
    ]);
    expect(options.enableOfflineQueue).toBe(true);
    expect(options.redisOptions).toMatchObject({
      username: 'app',
      password: 's:cret',
      maxRetriesPerRequest: null,
      connectionName: 'quarry-test',
    });
    expect(options.redisOptions?.tls).toBeUndefined();
  });

  it('makes cluster producers fail fast and turns on TLS for rediss+cluster://', () => {
    const { options } = built('rediss+cluster://:pw@cache.internal:6380', 'producer') as Cluster;
    expect(options.enableOfflineQueue).toBe(false);
    expect(options.redisOptions).toMatchObject({
      password: 'pw',
      maxRetriesPerRequest: 1,
      autoResendUnfulfilledCommands: false,
      tls: {},
    });
  });

  it('gives a single-server connection for redis:// and rediss://', () => {
    expect(built('redis://127.0.0.1:1', 'producer')).toBeInstanceOf(Redis);
    expect(parseRedisUrl('redis+cluster://h:1')).toEqual({ tls: false, cluster: true });
    expect(parseRedisUrl('rediss://h:1')).toEqual({ tls: true, cluster: false });
  });

  it('names a bad seed, and redisConnection refuses a cluster URL without echoing the password', () => {
    expect(() => built('redis+cluster://h:7100?seeds=h:notaport', 'worker')).toThrow(
      'Redis URL "redis+cluster://h:7100?seeds=h:notaport": "h:notaport" is not a host:port seed node',
    );
    expect(() => redisConnection('redis+cluster://:secret@h:7100', { role: 'worker' })).toThrow(
      'Redis URL "redis+cluster://:***@h:7100" names a Redis Cluster; this part of Quarry needs a single Redis server (redis:// or rediss://)',
    );
  });
});
