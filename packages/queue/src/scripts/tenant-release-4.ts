import type { QuarryScript } from './quarry-script';

/**
 * Gives back a job's slot and takes the next job of the tenant to wake: the parked job due first if
 * it waits for a slot (due within the horizon), else, when the tenant's budgets leave room now
 * (spend plus what running jobs still reserve is under each), the first job parked for a budget
 * reset (a finished job may have spent less than it reserved). A woken job runs the gate again.
 * KEYS[1] the tenant's slots (`keys.tenants.slots`), KEYS[2] its parked jobs (`keys.tenants.parked`),
 *         KEYS[3] its spend today, KEYS[4] this month (`keys.tenants.spend`)
 * ARGV    job id, horizon (ms: jobs parked until no later than it are waiting for a slot),
 *         daily USD ('' none), monthly USD ('' none)
 * Returns the id of the job to wake, or nil.
 */
export const tenantRelease4 = {
  name: 'quarryTenantRelease',
  numberOfKeys: 4,
  readOnly: false,
  lua: `
redis.call('HDEL', KEYS[1], ARGV[1])
local function take(ids)
  if ids[1] then
    redis.call('ZREM', KEYS[2], ids[1])
    return ids[1]
  end
  return nil
end
local slot = take(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[2], 'LIMIT', 0, 1))
if slot then return slot end
local function finite(value)
  local n = tonumber(value)
  if n == nil or n ~= n or n == math.huge or n == -math.huge then return nil end
  return n
end
local daily, monthly = finite(ARGV[3]), finite(ARGV[4])
if daily == nil and monthly == nil then return false end
local reserved = 0
for _, value in ipairs(redis.call('HVALS', KEYS[1])) do reserved = reserved + math.max(0, finite(value) or 0) end
local function room(budget, key)
  return budget == nil or (finite(redis.call('GET', key)) or 0) + reserved < budget
end
if room(daily, KEYS[3]) and room(monthly, KEYS[4]) then
  return take(redis.call('ZRANGE', KEYS[2], 0, 0)) or false
end
return false
`,
} as const satisfies QuarryScript;
