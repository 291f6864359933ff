import { isHashTagged } from './keys';
import type { RedisClient } from './redis-connection';
import { type RedisFacts, readRedisFacts } from './redis-facts';

/** One finding of the Redis self-check; `error` findings stop a worker or dashboard from starting. */
export interface RedisCheckFinding {
  readonly level: 'error' | 'warning' | 'info';
  readonly code: 'version' | 'old_version' | 'eviction_policy' | 'policy_unknown' | 'aof_off' | 'no_hash_tag';
  readonly message: string;
}

/** What the self-check found. */
export interface RedisCheckReport {
  readonly facts: RedisFacts;
  readonly findings: readonly RedisCheckFinding[];
  /** False when some finding is an error. */
  readonly ok: boolean;
}

/** Options of {@link checkRedis} and {@link evaluateRedisFacts}. */
export interface RedisCheckOptions {
  /** The key prefix in use (checked for a hash tag on a cluster). */
  readonly prefix: string;
  /** Turn a wrong `maxmemory-policy` into a warning instead of an error. Default false. */
  readonly allowEviction?: boolean;
  /** Appended to the eviction error, e.g. how to override it in the app's configuration. */
  readonly overrideHint?: string;
}

/** The oldest Redis BullMQ runs on. */
const MIN_MAJOR = 5;
/** Older versions work, but BullMQ recommends at least this. */
const RECOMMENDED = [6, 2] as const;

function versionParts(version: string): [number, number] {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor];
}

/** The findings for some facts (pure; see {@link checkRedis}). */
export function evaluateRedisFacts(facts: RedisFacts, options: RedisCheckOptions): RedisCheckReport {
  const findings: RedisCheckFinding[] = [];
  if (facts.version === null) {
    findings.push({ level: 'warning', code: 'version', message: 'Redis did not report its version' });
  } else {
    const [major, minor] = versionParts(facts.version);
    findings.push({ level: 'info', code: 'version', message: `Redis ${facts.version}` });
    if (major < MIN_MAJOR) {
      findings.push({
        level: 'error',
        code: 'old_version',
        message: `Redis ${facts.version} is too old: BullMQ needs Redis ${MIN_MAJOR} or newer`,
      });
    } else if (major < RECOMMENDED[0] || (major === RECOMMENDED[0] && minor < RECOMMENDED[1])) {
      findings.push({
        level: 'warning',
        code: 'old_version',
        message: `Redis ${facts.version} works, but ${RECOMMENDED.join('.')} or newer is recommended`,
      });
    }
  }
  if (facts.maxmemoryPolicy === null) {
    findings.push({
      level: 'warning',
      code: 'policy_unknown',
      message: 'Redis did not report its maxmemory-policy; make sure it is noeviction',
    });
  } else if (facts.maxmemoryPolicy !== 'noeviction') {
    const allowed = options.allowEviction === true;
    findings.push({
      level: allowed ? 'warning' : 'error',
      code: 'eviction_policy',
      message:
        `Redis maxmemory-policy is "${facts.maxmemoryPolicy}" but Quarry needs "noeviction": an evicted key ` +
        'silently loses a job, its attempt records or a DLQ record. Set "maxmemory-policy noeviction" in ' +
        'redis.conf (or CONFIG SET maxmemory-policy noeviction)' +
        (allowed ? '; starting anyway because eviction is explicitly allowed' : '') +
        (!allowed && options.overrideHint ? `, or ${options.overrideHint}` : ''),
    });
  }
  if (facts.aofEnabled === false) {
    findings.push({
      level: 'warning',
      code: 'aof_off',
      message:
        'Redis append-only file is off (appendonly no): a Redis crash loses every write since the last ' +
        'snapshot. Set "appendonly yes" and "appendfsync everysec" for production',
    });
  }
  if (facts.clusterEnabled && !isHashTagged(options.prefix)) {
    findings.push({
      level: 'warning',
      code: 'no_hash_tag',
      message:
        `Redis runs in cluster mode and the key prefix "${options.prefix}" has no {hash tag}: a queue, ` +
        'its DLQ and Quarry keys would spread over slots and multi-key operations would fail',
    });
  }
  return { facts, findings, ok: findings.every((finding) => finding.level !== 'error') };
}

/**
 * The startup self-check of workers and the dashboard: reports the Redis version, refuses an
 * eviction policy other than `noeviction` (unless `allowEviction`), warns when the append-only file
 * is off and when a cluster meets a prefix without a hash tag. One `INFO` round trip.
 */
export async function checkRedis(
  options: RedisCheckOptions & { readonly redis: RedisClient },
): Promise<RedisCheckReport> {
  return evaluateRedisFacts(await readRedisFacts(options.redis), options);
}
