import type { QuarryScript } from './quarry-script';

/**
 * Saves attempt records of one or more jobs and renews the TTL of each job's hash, atomically
 * (`RedisAttemptStore`: the records saved while one turn of the event loop ran, in one call). A
 * record marked `replace` first deletes the records of its hash that answer another input: another
 * `inputHash`, none, or unreadable (records another job left under the key).
 * KEYS[i] the attempts hash of the i-th record (the caller passes the number of keys first)
 * ARGV[1] the TTL in seconds; then per record i, from ARGV[4i-2]: its attempt number (the field), its
 * JSON, '1' to replace (anything else: keep every other record), and its input hash
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
  local at = 4 * i - 2
  local gone = 0
  if ARGV[at + 2] == '1' and redis.call('HLEN', key) > 0 then
    local stored = redis.call('HGETALL', key)
    for j = 1, #stored, 2 do
      local ok, record = pcall(cjson.decode, stored[j + 1])
      local hash = ok and type(record) == 'table' and record['inputHash'] or nil
      if hash ~= ARGV[at + 3] then
        redis.call('HDEL', key, stored[j])
        gone = gone + 1
      end
    end
  end
  redis.call('HSET', key, ARGV[at], ARGV[at + 1])
  redis.call('EXPIRE', key, ttl)
  discarded[i] = gone
end
return discarded
`,
} as const satisfies QuarryScript;
