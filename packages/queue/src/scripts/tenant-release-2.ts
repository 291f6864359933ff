import type { QuarryScript } from './quarry-script';

/**
 * Gives back a job's slot and takes the next job of the tenant that waits for one (the parked job
 * due first, if it is due within the horizon: a job parked over a budget waits for its period's
 * reset, far later, and stays).
 * KEYS[1] the tenant's slots (`keys.tenants.slots`), KEYS[2] its parked jobs (`keys.tenants.parked`)
 * ARGV    job id, horizon (ms: jobs parked until no later than it are waiting for a slot)
 * Returns the id of the job to wake, or nil.
 */
export const tenantRelease2 = {
  name: 'quarryTenantRelease',
  numberOfKeys: 2,
  readOnly: false,
  lua: `
redis.call('HDEL', KEYS[1], ARGV[1])
local next = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[2], 'LIMIT', 0, 1)
if next[1] then
  redis.call('ZREM', KEYS[2], next[1])
  return next[1]
end
return false
`,
} as const satisfies QuarryScript;
