import type { QuarryScript } from './quarry-script';

/**
 * Adds one flush of a workflow version's counters to its current time bucket and to its decayed
 * counters, atomically, notes the version in the index (entries older than the retention leave it)
 * and replies with the decayed counters as they stand now. A decayed counter observed at `t` weighs
 * 2^((t − now) / half-life) at `now`; each flush decays the stored values to `now` and adds to them,
 * so they stay near their true scale (no overflow).
 * KEYS[1] bucket hash, KEYS[2] index sorted set, KEYS[3] decayed counters hash
 * ARGV[1] index member, ARGV[2] now (ms), ARGV[3] TTL of the bucket and the decayed hash (ms),
 * ARGV[4] retention of the index (ms), ARGV[5] half-life (ms), ARGV[6..9] increments of the decayed
 * `f`, `ff`, `cr`, `pt`, ARGV[10..] pairs of bucket field, increment (a number)
 * Reply: the decayed `f`, `ff`, `cr`, `pt` (strings)
 */
export const recordWorkflowStats3 = {
  name: 'quarryRecordWorkflowStats',
  numberOfKeys: 3,
  readOnly: false,
  lua: `
local now = tonumber(ARGV[2])
for i = 10, #ARGV, 2 do
  redis.call('HINCRBYFLOAT', KEYS[1], ARGV[i], ARGV[i + 1])
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. tostring(now - tonumber(ARGV[4])))
local names = { 'f', 'ff', 'cr', 'pt' }
local stored = redis.call('HMGET', KEYS[3], 'ref', 'f', 'ff', 'cr', 'pt')
local ref = tonumber(stored[1]) or now
local decay = 2 ^ (math.min(0, ref - now) / tonumber(ARGV[5]))
local reply = {}
for i, name in ipairs(names) do
  local value = (tonumber(stored[i + 1]) or 0) * decay + tonumber(ARGV[5 + i])
  reply[i] = tostring(value)
  redis.call('HSET', KEYS[3], name, reply[i])
end
redis.call('HSET', KEYS[3], 'ref', tostring(math.max(ref, now)))
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return reply
`,
} as const satisfies QuarryScript;
