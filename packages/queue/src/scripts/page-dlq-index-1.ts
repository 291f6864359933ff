import type { QuarryScript } from './quarry-script';

/**
 * One page of a DLQ index, newest first (score descending, then DLQ id descending), within a time
 * window, strictly after a cursor: the position of the cursor's DLQ id when it is still indexed
 * (ZREVRANK), else where its score and id would sort. O(log N + page); pages never repeat a record and
 * skip none that stayed indexed, whatever is written or removed between them.
 * KEYS[1] the index (sorted set)
 * ARGV[1] newest score (ms, or +inf), ARGV[2] oldest score (ms, or -inf), ARGV[3] page size,
 * ARGV[4] the cursor's score (ms) or '', ARGV[5] the cursor's DLQ id or ''
 * Returns { DLQ id, score, DLQ id, score, ... }
 */
export const pageDlqIndex1 = {
  name: 'quarryPageDlqIndex',
  numberOfKeys: 1,
  readOnly: true,
  lua: `
local index, newest, oldest, size = KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3])
if ARGV[5] == '' then
  return redis.call('ZRANGE', index, newest, oldest, 'BYSCORE', 'REV', 'LIMIT', 0, size, 'WITHSCORES')
end
-- Byte order, as Redis orders members of equal score (Lua's < follows the server's locale).
local function above(a, b)
  for i = 1, math.min(#a, #b) do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then return x > y end
  end
  return #a > #b
end
local start = redis.call('ZREVRANK', index, ARGV[5])
if start then
  start = start + 1
else
  start = redis.call('ZCOUNT', index, '(' .. ARGV[4], '+inf')
  for _, id in ipairs(redis.call('ZRANGE', index, ARGV[4], ARGV[4], 'BYSCORE')) do
    if above(id, ARGV[5]) then start = start + 1 end
  end
end
local page = redis.call('ZRANGE', index, start, start + size - 1, 'REV', 'WITHSCORES')
local floor = oldest == '-inf' and -math.huge or tonumber(oldest)
local out = {}
for i = 1, #page, 2 do
  if tonumber(page[i + 1]) < floor then break end
  out[#out + 1] = page[i]
  out[#out + 1] = page[i + 1]
end
return out
`,
} as const satisfies QuarryScript;
