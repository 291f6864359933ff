import type { QuarryScript } from './quarry-script';

/**
 * Reads the top signatures by stored score with their details and lesson effects, down to the
 * `how many`-th that is not retired (retired ones on the way are returned too). Writes nothing: jobs
 * are counted in the effect hash by `count-lesson-jobs-1`.
 * KEYS[1] scores sorted set, KEYS[2] details hash, KEYS[3] effect hash
 * ARGV[1] how many
 * Returns { details ref or false, effect ref or false, t, then per signature: signature, score,
 * count, firstSeen, lastSeen, example, sj, se, ae, b, retirement mark or '' }
 */
export const readHistory3 = {
  name: 'quarryHistoryRead',
  numberOfKeys: 3,
  readOnly: true,
  lua: `
local limit = tonumber(ARGV[1])
local effect = redis.call('HMGET', KEYS[3], 'ref', 't')
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
return out
`,
} as const satisfies QuarryScript;
