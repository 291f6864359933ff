import { describe, expect, it } from 'vitest';
import { logRedisCheck, type RedisCheckLog } from './log-redis-check';
import { evaluateRedisFacts } from './redis-self-check';

/** A logger that records each call as [level, fields, message]. */
function recordingLog() {
  const calls: [string, Readonly<Record<string, unknown>>, string][] = [];
  const log: RedisCheckLog = {
    info: (fields, message) => calls.push(['info', fields, message]),
    warn: (fields, message) => calls.push(['warn', fields, message]),
    error: (fields, message) => calls.push(['error', fields, message]),
  };
  return { log, calls };
}

describe('logRedisCheck', () => {
  it('logs every finding at its level with its code and the Redis version', () => {
    const report = evaluateRedisFacts(
      { version: '7.2.4', maxmemoryPolicy: 'allkeys-lru', aofEnabled: false, clusterEnabled: false },
      { prefix: '{quarry}' },
    );
    const { log, calls } = recordingLog();
    logRedisCheck(report, log);
    expect(calls.map(([level, fields]) => [level, fields])).toEqual([
      ['info', { check: 'version', redisVersion: '7.2.4' }],
      ['error', { check: 'eviction_policy', redisVersion: '7.2.4' }],
      ['warn', { check: 'aof_off', redisVersion: '7.2.4' }],
    ]);
    expect(calls[0]?.[2]).toBe('Redis self-check: Redis 7.2.4');
    expect(calls.slice(1).map(([, , message]) => message)).toEqual(
      report.findings.slice(1).map((finding) => finding.message),
    );
  });

  it('logs a missing version as null', () => {
    const report = evaluateRedisFacts(
      { version: null, maxmemoryPolicy: 'noeviction', aofEnabled: true, clusterEnabled: false },
      { prefix: '{quarry}' },
    );
    const { log, calls } = recordingLog();
    logRedisCheck(report, log);
    expect(calls).toEqual([
      ['warn', { check: 'version', redisVersion: null }, 'Redis did not report its version'],
    ]);
  });
});
