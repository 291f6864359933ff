import type { QuarryScript } from './quarry-script';

/**
 * Adds one flush of a workflow version's counters to its current time bucket, atomically, and
 * notes the version in the index (entries older than the retention leave it).
 * KEYS[1] bucket hash, KEYS[2] index sorted set
 * ARGV[1] index member, ARGV[2] now (ms), ARGV[3] TTL of the bucket (ms), ARGV[4] retention of the
 * index (ms), ARGV[5..] pairs of field, increment (a number)
 */
export const recordWorkflowStats2 = {
  name: 'quarryRecordWorkflowStats',
  numberOfKeys: 2,
  readOnly: false,
  lua: `
local now = tonumber(ARGV[2])
for i = 5, #ARGV, 2 do
  redis.call('HINCRBYFLOAT', KEYS[1], ARGV[i], ARGV[i + 1])
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', '(' .. tostring(now - tonumber(ARGV[4])))
return 1
`,
} as const satisfies QuarryScript;
