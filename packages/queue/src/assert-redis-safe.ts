import { logRedisCheck, type RedisCheckLog } from './log-redis-check';
import type { RedisClient } from './redis-connection';
import { checkRedis, type RedisCheckOptions, type RedisCheckReport } from './redis-self-check';
import { RedisSelfCheckError } from './redis-self-check-error';

/** Options of {@link assertRedisSafe}. */
export interface AssertRedisSafeOptions extends RedisCheckOptions {
  readonly redis: RedisClient;
  readonly log: RedisCheckLog;
}

/**
 * The start-up self-check of every Quarry app: runs {@link checkRedis}, logs each finding at its level
 * and refuses an unsafe Redis (an evicting `maxmemory-policy` unless eviction is allowed).
 * @throws RedisSelfCheckError naming each setting that makes Redis unsafe.
 */
export async function assertRedisSafe(options: AssertRedisSafeOptions): Promise<RedisCheckReport> {
  const { log, ...check } = options;
  const report = await checkRedis(check);
  logRedisCheck(report, log);
  if (!report.ok) throw new RedisSelfCheckError({ report });
  return report;
}
