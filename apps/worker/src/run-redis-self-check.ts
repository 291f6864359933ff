import {
  checkRedis,
  logRedisCheck,
  type RedisCheckReport,
  type RedisClient,
  RedisSelfCheckError,
} from '@quarry/queue';
import type { Logger } from 'pino';

/** Options of {@link runRedisSelfCheck}. */
export interface RunRedisSelfCheckOptions {
  readonly connection: RedisClient;
  /** The Quarry key prefix. */
  readonly prefix: string;
  /** Start even when Redis may evict keys. */
  readonly allowEviction: boolean;
  readonly log: Logger;
}

/**
 * Checks that Redis is safe for Quarry and logs the findings.
 * @throws RedisSelfCheckError when it is not (e.g. an evicting `maxmemory-policy`).
 */
export async function runRedisSelfCheck(options: RunRedisSelfCheckOptions): Promise<RedisCheckReport> {
  const report = await checkRedis({
    redis: options.connection,
    prefix: options.prefix,
    allowEviction: options.allowEviction,
    overrideHint: 'set REDIS_ALLOW_EVICTION=true to start anyway',
  });
  logRedisCheck(report, options.log);
  if (!report.ok) throw new RedisSelfCheckError({ report });
  return report;
}
