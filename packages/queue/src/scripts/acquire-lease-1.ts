import type { QuarryScript } from './quarry-script';

/**
 * Takes a lease, or renews it when the caller already holds it.
 * KEYS[1] the lease (`keys.batch.lease(name)`)
 * ARGV    owner, lifetime in ms
 * Returns 1 when the caller holds the lease now, 0 when another owner does.
 */
export const acquireLease1 = {
  name: 'quarryAcquireLease',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
`,
} as const satisfies QuarryScript;
