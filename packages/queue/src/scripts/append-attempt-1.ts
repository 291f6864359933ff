import type { QuarryScript } from './quarry-script';

/**
 * Saves one attempt record and renews the TTL of its job's hash, atomically (`RedisAttemptStore`);
 * with `replace`, first deletes whatever else the hash holds (records another job left there).
 * KEYS[1] the job's attempts hash
 * ARGV[1] the attempt number (field), ARGV[2] the record JSON, ARGV[3] the TTL in seconds,
 * ARGV[4] '1' to replace the hash's other records (absent or anything else: keep them)
 * Returns the number of records deleted first (0 without `replace`).
 */
export const appendAttempt1 = {
  name: 'quarryAppendAttempt',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
local discarded = 0
if ARGV[4] == '1' then
  discarded = redis.call('HLEN', KEYS[1])
  if discarded > 0 then redis.call('DEL', KEYS[1]) end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return discarded
`,
} as const satisfies QuarryScript;
