import { readFileSync } from 'node:fs';
import { it, type SpawnedRedis } from '@quarry/testing';
import { Redis } from 'ioredis';
import { afterEach, describe, expect } from 'vitest';
import { checkRedis } from './redis-self-check';
import { RedisSelfCheckError } from './redis-self-check-error';

const connections: Redis[] = [];

afterEach(async () => {
  await Promise.all(connections.splice(0).map((redis) => redis.quit()));
});

/** A connection to a Redis of the test's own, closed after the test. */
function connect(server: SpawnedRedis): Redis {
  const redis = new Redis(server.url);
  connections.push(redis);
  return redis;
}

describe('checkRedis (real Redis)', () => {
  it('refuses an allkeys-lru Redis (own instance), naming maxmemory-policy', async ({ ownRedis }) => {
    const redis = connect(await ownRedis({ args: ['--maxmemory-policy', 'allkeys-lru'] }));
    const report = await checkRedis({ redis, prefix: '{quarry}' });
    expect(report.ok).toBe(false);
    expect(report.facts).toMatchObject({
      maxmemoryPolicy: 'allkeys-lru',
      aofEnabled: false,
      clusterEnabled: false,
    });
    const error = new RedisSelfCheckError({ report });
    expect(error.message).toMatch(
      /^Redis is not safe for Quarry:\n- Redis maxmemory-policy is "allkeys-lru"/,
    );
    expect(error.findings.map((finding) => finding.code)).toEqual(['eviction_policy']);
  });

  it('passes a noeviction Redis with the append-only file on, reporting its version', async ({
    ownRedis,
  }) => {
    const redis = connect(await ownRedis({ args: ['--appendonly', 'yes', '--appendfsync', 'everysec'] }));
    const report = await checkRedis({ redis, prefix: '{quarry}' });
    expect(report.ok).toBe(true);
    expect(report.findings.map((finding) => finding.level)).toEqual(['info']);
    expect(report.findings[0]?.message).toMatch(/^Redis \d+\.\d+/);
  });

  it('passes a Redis started with the shipped infra/redis/redis.conf settings without a warning', async ({
    ownRedis,
  }) => {
    const conf = readFileSync(new URL('../../../infra/redis/redis.conf', import.meta.url), 'utf8');
    const args = conf
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .flatMap((line) => {
        const [name = '', ...value] = line.split(/\s+/);
        return [`--${name}`, value.join(' ').replace(/^"(.*)"$/, '$1')];
      });
    expect(args).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction', '--appendonly', 'yes']));
    const redis = connect(await ownRedis({ args }));
    const report = await checkRedis({ redis, prefix: '{quarry}' });
    expect(report.findings.filter((finding) => finding.level !== 'info')).toEqual([]);
  });

  it('reads the shared test Redis without changing it', async ({ redis }) => {
    const report = await checkRedis({ redis, prefix: '{quarry}' });
    expect(report.facts.version).toMatch(/^\d+\.\d+/);
  });
});
