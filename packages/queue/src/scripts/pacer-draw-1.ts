import type { QuarryScript } from './quarry-script';

/**
 * Draws one call's units from a shared rate-limit budget: per dimension (`r` requests, `i` input
 * tokens, `o` output tokens) a token bucket of `cap` units a minute, refilled continuously, whose
 * level may go below 0 (units promised to callers already waiting). Every draw is granted; the
 * caller waits the returned time before sending, so waiting callers go in the order they drew.
 * The clock is the server's (TIME), shared by every worker. A budget with no cap at all (no header
 * seen, no ceiling configured) lets one probe call through and asks the others to draw again
 * shortly, until the probe's answer says what the limits are or that there are none (`bare`).
 * KEYS[1] the budget hash (`keys.pacerBudget`): `<d>c` cap from headers, `<d>l` level, `<d>t` its
 *         time (ms), `until` no call before (ms), `probe` probe running until (ms), `bare` unpaced until (ms)
 * ARGV    units r, i, o; configured ceilings r, i, o (0: none); probe lifetime (ms); key lifetime (ms)
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
local dims = {'r', 'i', 'o'}
local caps = {}
local any = false
for k, d in ipairs(dims) do
  local cap = tonumber(redis.call('HGET', KEYS[1], d .. 'c')) or tonumber(ARGV[3 + k]) or 0
  caps[k] = cap
  if cap > 0 then any = true end
end
if not any then
  local bare = tonumber(redis.call('HGET', KEYS[1], 'bare')) or 0
  if bare > now then return {'bare', bare - now, '', '', ''} end
  local probe = tonumber(redis.call('HGET', KEYS[1], 'probe')) or 0
  if probe > now then return {'probing', math.min(probe - now, 250), '', '', ''} end
  redis.call('HSET', KEYS[1], 'probe', now + tonumber(ARGV[7]))
  redis.call('PEXPIRE', KEYS[1], ARGV[8])
  return {'probe', 0, '', '', ''}
end
local wait = math.max(0, (tonumber(redis.call('HGET', KEYS[1], 'until')) or 0) - now)
local levels = {'', '', ''}
for k, d in ipairs(dims) do
  local cap = caps[k]
  if cap > 0 then
    local rate = cap / 60000
    local level = tonumber(redis.call('HGET', KEYS[1], d .. 'l')) or cap
    local at = tonumber(redis.call('HGET', KEYS[1], d .. 't')) or now
    level = math.min(cap, level + math.max(0, now - at) * rate) - math.min(tonumber(ARGV[k]), cap)
    if level < 0 then wait = math.max(wait, -level / rate) end
    redis.call('HSET', KEYS[1], d .. 'l', tostring(level), d .. 't', now)
    levels[k] = tostring(level)
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[8])
return {'paced', math.ceil(wait), levels[1], levels[2], levels[3]}
`,
} as const satisfies QuarryScript;
