import type { QuarryScript } from './quarry-script';

/**
 * Saves attempt records of one or more jobs and renews the TTL of each job's hash, atomically
 * (`RedisAttemptStore`: the records saved while one turn of the event loop ran, in one call). A
 * record marked `replace` first deletes whatever else its hash holds (records another job left).
 * KEYS[i] the attempts hash of the i-th record (the caller passes the number of keys first)
 * ARGV[1] the TTL in seconds; then per record i: ARGV[3i-1] its attempt number (the field),
 * ARGV[3i] its JSON, ARGV[3i+1] '1' to replace the hash's other records (anything else: keep them)
 * Returns, per record, how many records were deleted first (0 without `replace`).
 */
export const appendAttemptsN = {
  name: 'quarryAppendAttempts',
  numberOfKeys: null,
  readOnly: false,
  lua: `
local ttl = ARGV[1]
local discarded = {}
for i, key in ipairs(KEYS) do
  local at = 3 * i - 1
  local gone = 0
  if ARGV[at + 2] == '1' then
    gone = redis.call('HLEN', key)
    if gone > 0 then redis.call('DEL', key) end
  end
  redis.call('HSET', key, ARGV[at], ARGV[at + 1])
  redis.call('EXPIRE', key, ttl)
  discarded[i] = gone
end
return discarded
`,
} as const satisfies QuarryScript;
