import type { QuarryScript } from './quarry-script';

/**
 * Settles one call with its shared rate-limit budget (see `pacer-draw-1`): takes or gives back the
 * difference between what it drew and what it used, applies what its response's rate-limit headers
 * said (a limit becomes the dimension's cap; the level they allow lowers the bucket's, never raises
 * it, since draws not yet seen by the API are already taken), and a retry-after as a time before
 * which no call is granted. Ends the budget's probe; an answer without any rate-limit header marks
 * the budget unpaced (`bare`) for a while, one with headers clears that mark.
 * KEYS[1] the budget hash
 * ARGV    units r, i, o (positive: take, negative: give back); configured ceilings r, i, o (0: none);
 *         headers `yes`, `no` (an answer without any) or `skip` (no answer); limits r, i, o from the
 *         headers (0: not sent); levels r, i, o the headers allow ('': not said); retry-after (ms, 0:
 *         none); how long a budget without headers stays unpaced (ms); key lifetime (ms)
 * Returns { level r, level i, level o }, '' where the dimension has no cap.
 */
export const pacerSettle1 = {
  name: 'quarryPacerSettle',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('HDEL', KEYS[1], 'probe')
if ARGV[7] == 'no' then
  redis.call('HSET', KEYS[1], 'bare', now + tonumber(ARGV[15]))
elseif ARGV[7] == 'yes' then
  redis.call('HDEL', KEYS[1], 'bare')
end
local dims = {'r', 'i', 'o'}
local levels = {'', '', ''}
for k, d in ipairs(dims) do
  local limit = tonumber(ARGV[7 + k]) or 0
  local cap
  if limit > 0 then
    redis.call('HSET', KEYS[1], d .. 'c', limit)
    cap = limit
  else
    cap = tonumber(redis.call('HGET', KEYS[1], d .. 'c')) or tonumber(ARGV[3 + k]) or 0
  end
  if cap > 0 then
    local rate = cap / 60000
    local level = tonumber(redis.call('HGET', KEYS[1], d .. 'l')) or cap
    local at = tonumber(redis.call('HGET', KEYS[1], d .. 't')) or now
    level = math.min(cap, math.min(cap, level + math.max(0, now - at) * rate) - tonumber(ARGV[k]))
    local said = tonumber(ARGV[10 + k])
    if said then level = math.min(level, said) end
    redis.call('HSET', KEYS[1], d .. 'l', tostring(level), d .. 't', now)
    levels[k] = tostring(level)
  end
end
local retryAfter = tonumber(ARGV[14]) or 0
if retryAfter > 0 then
  local blocked = tonumber(redis.call('HGET', KEYS[1], 'until')) or 0
  redis.call('HSET', KEYS[1], 'until', math.max(blocked, now + retryAfter))
end
redis.call('PEXPIRE', KEYS[1], ARGV[16])
return levels
`,
} as const satisfies QuarryScript;
