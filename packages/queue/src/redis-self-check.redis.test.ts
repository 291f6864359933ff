import { readFileSync } from 'node:fs';
import { getTestRedis, type SpawnedRedis, spawnRedis, type TestRedis } from '@quarry/test-redis';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRedis } from './redis-self-check';
import { RedisSelfCheckError } from './redis-self-check-error';

const servers: SpawnedRedis[] = [];
const connections: Redis[] = [];

afterAll(async () => {
  await Promise.all(connections.map((redis) => redis.quit()));
  await Promise.all(servers.map((server) => server.stop()));
});

async function own(args: readonly string[]): Promise<Redis> {
  const server = await spawnRedis({ args });
  servers.push(server);
  const redis = new Redis(server.url);
  connections.push(redis);
  return redis;
}

describe('checkRedis (real Redis)', () => {
  it('refuses an allkeys-lru Redis (own instance), naming maxmemory-policy', async () => {
    const redis = await own(['--maxmemory-policy', 'allkeys-lru']);
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

  it('passes a noeviction Redis with the append-only file on, reporting its version', async () => {
    const redis = await own(['--appendonly', 'yes', '--appendfsync', 'everysec']);
    const report = await checkRedis({ redis, prefix: '{quarry}' });
    expect(report.ok).toBe(true);
    expect(report.findings.map((finding) => finding.level)).toEqual(['info']);
    expect(report.findings[0]?.message).toMatch(/^Redis \d+\.\d+/);
  });

  it('passes a Redis started with the shipped infra/redis/redis.conf settings without a warning', async () => {
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
    const redis = await own(args);
    const report = await checkRedis({ redis, prefix: '{quarry}' });
    expect(report.findings.filter((finding) => finding.level !== 'info')).toEqual([]);
  });

  it('reads the shared test Redis without changing it', async () => {
    const server: TestRedis = await getTestRedis();
    const redis = new Redis(server.url);
    try {
      const report = await checkRedis({ redis, prefix: '{quarry}' });
      expect(report.facts.version).toMatch(/^\d+\.\d+/);
    } finally {
      await redis.quit();
      await server.stop();
    }
  });
});
