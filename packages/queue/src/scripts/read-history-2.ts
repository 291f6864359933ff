import type { QuarryScript } from './quarry-script';

/**
 * Reads the top signatures by stored score with their details.
 * KEYS[1] scores sorted set, KEYS[2] details hash
 * ARGV[1] how many
 * Returns { ref or false, signature, score, count, firstSeen, lastSeen, example, ... }
 */
export const readHistory2 = {
  name: 'quarryHistoryRead',
  numberOfKeys: 2,
  readOnly: true,
  lua: `
local limit = tonumber(ARGV[1])
local out = { redis.call('HGET', KEYS[2], 'ref') }
if limit < 1 then return out end
local top = redis.call('ZREVRANGE', KEYS[1], 0, limit - 1, 'WITHSCORES')
for i = 1, #top, 2 do
  local signature = top[i]
  local details = redis.call('HMGET', KEYS[2], 'c:' .. signature, 'f:' .. signature, 'l:' .. signature, 'e:' .. signature)
  table.insert(out, signature)
  table.insert(out, top[i + 1])
  table.insert(out, details[1] or '0')
  table.insert(out, details[2] or '0')
  table.insert(out, details[3] or '0')
  table.insert(out, details[4] or '')
end
return out
`,
} as const satisfies QuarryScript;
