import { effectWeightLua } from './effect-weight-lua';
import type { QuarryScript } from './quarry-script';

/**
 * Reads the top signatures by stored score with their details and lesson effects, down to the
 * `how many`-th that is not retired (retired ones on the way are returned too), and, when asked,
 * counts the reading job in the effect hash: `t` and `sj:` of each active signature returned gain
 * the job's weight, and the hash's TTL is renewed. Counts are returned as they were before.
 * KEYS[1] scores sorted set, KEYS[2] details hash, KEYS[3] effect hash
 * ARGV[1] how many, ARGV[2] `1` to count the job, ARGV[3] now (ms), ARGV[4] half-life (ms),
 * ARGV[5] TTL of the effect hash (ms)
 * Returns { details ref or false, effect ref or false, t, then per signature: signature, score,
 * count, firstSeen, lastSeen, example, sj, se, ae, b, retirement mark or '' }
 */
export const readHistory3 = {
  name: 'quarryHistoryRead',
  numberOfKeys: 3,
  readOnly: false,
  lua: `${effectWeightLua}
local limit = tonumber(ARGV[1])
local weight = 0
local effect = redis.call('HMGET', KEYS[3], 'ref', 't')
if ARGV[2] == '1' and limit > 0 then
  local written
  weight, written = effectWeight(KEYS[3], ARGV[3], tonumber(ARGV[4]), tonumber(effect[1]) or false)
  if written then effect = redis.call('HMGET', KEYS[3], 'ref', 't') end
end
local detailsRef = redis.call('HGET', KEYS[2], 'ref')
local out = { detailsRef, effect[1], effect[2] or '0' }
if limit < 1 then return out end
local active = {}
local start = 0
local chunk = math.max(limit * 2, 8)
-- No details reference: no signature was ever recorded (or the history expired), nothing to rank.
while detailsRef and #active < limit do
  local top = redis.call('ZREVRANGE', KEYS[1], start, start + chunk - 1, 'WITHSCORES')
  if #top == 0 then break end
  for i = 1, #top, 2 do
    local signature = top[i]
    local details = redis.call('HMGET', KEYS[2], 'c:' .. signature, 'f:' .. signature, 'l:' .. signature, 'e:' .. signature)
    local effect = redis.call('HMGET', KEYS[3], 'sj:' .. signature, 'se:' .. signature, 'ae:' .. signature, 'b:' .. signature, 'r:' .. signature)
    table.insert(out, signature)
    table.insert(out, top[i + 1])
    table.insert(out, details[1] or '0')
    table.insert(out, details[2] or '0')
    table.insert(out, details[3] or '0')
    table.insert(out, details[4] or '')
    for j = 1, 4 do table.insert(out, effect[j] or '0') end
    table.insert(out, effect[5] or '')
    if not effect[5] then
      table.insert(active, signature)
      if #active == limit then break end
    end
  end
  start = start + chunk
end
if weight > 0 then
  local increment = string.format('%.17g', weight)
  redis.call('HINCRBYFLOAT', KEYS[3], 't', increment)
  for _, signature in ipairs(active) do
    redis.call('HINCRBYFLOAT', KEYS[3], 'sj:' .. signature, increment)
  end
  redis.call('PEXPIRE', KEYS[3], ARGV[5])
end
return out
`,
} as const satisfies QuarryScript;
