import type { QuarryScript } from './quarry-script';

/**
 * Counts one settled attempt's cost against a tenant's budgets, and takes it off what the job's slot
 * still reserves (never below 0). A cost that is not a finite number above 0 counts nothing.
 * KEYS[1] the tenant's slots (`keys.tenants.slots`), KEYS[2] its spend today, KEYS[3] this month
 * ARGV    job id, cost USD, seconds the day's spend is kept, seconds the month's spend is kept
 * Returns 1 when counted, 0 when not.
 */
export const tenantSpend3 = {
  name: 'quarryTenantSpend',
  numberOfKeys: 3,
  readOnly: false,
  lua: `
local cost = tonumber(ARGV[2])
if cost == nil or cost ~= cost or cost <= 0 or cost == math.huge then return 0 end
local reserved = tonumber(redis.call('HGET', KEYS[1], ARGV[1]))
if reserved ~= nil and reserved == reserved then
  redis.call('HSET', KEYS[1], ARGV[1], tostring(math.max(0, reserved - cost)))
end
redis.call('INCRBYFLOAT', KEYS[2], tostring(cost))
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('INCRBYFLOAT', KEYS[3], tostring(cost))
redis.call('EXPIRE', KEYS[3], ARGV[4])
return 1
`,
} as const satisfies QuarryScript;
