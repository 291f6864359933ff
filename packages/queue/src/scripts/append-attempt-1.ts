import type { QuarryScript } from './quarry-script';

/**
 * Saves one attempt record and renews the TTL of its job's hash, atomically (`RedisAttemptStore`).
 * KEYS[1] the job's attempts hash
 * ARGV[1] the attempt number (field), ARGV[2] the record JSON, ARGV[3] the TTL in seconds
 * Returns 1 (EXPIRE's reply).
 */
export const appendAttempt1 = {
  name: 'quarryAppendAttempt',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return redis.call('EXPIRE', KEYS[1], ARGV[3])
`,
} as const satisfies QuarryScript;
