import type { QuarryScript } from './quarry-script';

/**
 * Draws one call's units from a shared rate-limit budget: per dimension (`r` requests, `i` input
 * tokens, `o` output tokens) a token bucket of `cap` units a minute, refilled continuously, whose
 * level may go below 0 (units promised to callers already waiting). Every draw is granted; the
 * caller waits the returned time before sending, so waiting callers go in the order they drew.
 * The clock is the server's (TIME), shared by every worker. A budget with no cap at all (no header
 * seen, no ceiling configured) lets one probe call through and asks the others to draw again
 * shortly, until the probe's answer says what the limits are or that there are none (`bare`).
 * Every field is read as untrusted (a hand-edited or corrupt key must not stall or unpace calls):
 * a value that is not a finite number counts as absent, a cap below 1 as no cap, a time or level is
 * clamped so that no wait exceeds the longest wait (`until`, `probe` and `bare` further ahead than
 * that are cut and written back cut, so they pass), and a level above its cap is the cap.
 * KEYS[1] the budget hash (`keys.pacerBudget`): `<d>c` cap from headers, `<d>l` level, `<d>t` its
 *         time (ms), `until` no call before (ms), `probe` probe running until (ms), `bare` unpaced until (ms)
 * ARGV    units r, i, o; configured ceilings r, i, o (0: none); probe lifetime (ms); key lifetime (ms);
 *         longest wait (ms); how long a budget without headers stays unpaced at most (ms)
 * Returns { mode, wait ms, level r, level i, level o } where mode is `paced`, `probe` (send now, the
 *         first call of an unknown budget), `probing` (draw again after the wait) or `bare` (unpaced
 *         for the time returned as the wait);
 *         a level is '' where the dimension has no cap.
 */
export const pacerDraw1 = {
  name: 'quarryPacerDraw',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local longest = tonumber(ARGV[9])
local function field(name)
  local value = tonumber(redis.call('HGET', KEYS[1], name))
  if value == nil or value ~= value or value == math.huge or value == -math.huge then return nil end
  return value
end
local function deadline(name, most)
  local value = field(name)
  if value == nil or value <= now then return 0 end
  if value > now + most then
    value = now + most
    redis.call('HSET', KEYS[1], name, value)
  end
  return value
end
local dims = {'r', 'i', 'o'}
local caps = {}
local any = false
for k, d in ipairs(dims) do
  local cap = field(d .. 'c')
  if cap == nil or cap < 1 then cap = tonumber(ARGV[3 + k]) or 0 end
  caps[k] = cap
  if cap > 0 then any = true end
end
if not any then
  local bare = deadline('bare', tonumber(ARGV[10]))
  if bare > now then return {'bare', bare - now, '', '', ''} end
  local probe = deadline('probe', tonumber(ARGV[7]))
  if probe > now then return {'probing', math.min(probe - now, 250), '', '', ''} end
  redis.call('HSET', KEYS[1], 'probe', now + tonumber(ARGV[7]))
  redis.call('PEXPIRE', KEYS[1], ARGV[8])
  return {'probe', 0, '', '', ''}
end
local wait = math.max(0, deadline('until', longest) - now)
local levels = {'', '', ''}
for k, d in ipairs(dims) do
  local cap = caps[k]
  if cap > 0 then
    local rate = cap / 60000
    local level = math.max(-longest * rate, math.min(cap, field(d .. 'l') or cap))
    local at = math.min(now, math.max(0, field(d .. 't') or now))
    level = math.min(cap, level + (now - at) * rate) - math.min(tonumber(ARGV[k]), cap)
    if level < 0 then wait = math.max(wait, -level / rate) end
    redis.call('HSET', KEYS[1], d .. 'l', tostring(level), d .. 't', now)
    levels[k] = tostring(level)
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[8])
return {'paced', math.ceil(math.min(wait, longest)), levels[1], levels[2], levels[3]}
`,
} as const satisfies QuarryScript;
