import { checkRedis, logRedisCheck, type RedisCheckReport, RedisSelfCheckError } from '@quarry/queue';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Options of {@link startupSelfCheck}. */
export interface StartupSelfCheckOptions {
  readonly redis: Redis;
  /** The key prefix in use (checked for a hash tag on a cluster). */
  readonly prefix: string;
  /** REDIS_ALLOW_EVICTION: an evicting Redis only warns. */
  readonly allowEviction: boolean;
  readonly log: Logger;
}

/**
 * The dashboard's Redis self-check on start (`checkRedis` of `@quarry/queue`): logs the Redis version
 * and every warning (append-only file off, no hash tag on a cluster), and refuses a Redis whose
 * `maxmemory-policy` is not `noeviction` unless eviction is explicitly allowed.
 * @throws RedisSelfCheckError naming each setting that makes Redis unsafe.
 */
export async function startupSelfCheck(options: StartupSelfCheckOptions): Promise<RedisCheckReport> {
  const report = await checkRedis({
    redis: options.redis,
    prefix: options.prefix,
    allowEviction: options.allowEviction,
    overrideHint: 'set REDIS_ALLOW_EVICTION=true to start anyway',
  });
  logRedisCheck(report, options.log);
  if (!report.ok) throw new RedisSelfCheckError({ report });
  return report;
}
