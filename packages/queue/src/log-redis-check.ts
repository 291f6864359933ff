import type { RedisCheckReport } from './redis-self-check';

/** The little of a logger (pino's, for one) that {@link logRedisCheck} writes to: fields first, then the message. */
export interface RedisCheckLog {
  info(fields: Readonly<Record<string, unknown>>, message: string): void;
  warn(fields: Readonly<Record<string, unknown>>, message: string): void;
  error(fields: Readonly<Record<string, unknown>>, message: string): void;
}

/**
 * Logs each finding of a Redis self-check at its own level, with the finding's code (`check`) and
 * the Redis version as fields; info findings are prefixed "Redis self-check: ".
 */
export function logRedisCheck(report: RedisCheckReport, log: RedisCheckLog): void {
  for (const finding of report.findings) {
    const fields = { check: finding.code, redisVersion: report.facts.version };
    if (finding.level === 'error') log.error(fields, finding.message);
    else if (finding.level === 'warning') log.warn(fields, finding.message);
    else log.info(fields, `Redis self-check: ${finding.message}`);
  }
}
