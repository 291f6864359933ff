import type { QuarryScript } from './quarry-script';

/**
 * One fingerprint group's summary as `index-dlq-record-14` keeps it, with the entries of its oldest and
 * newest records (first and last seen, latest reason), read atomically. O(fields of the group).
 * KEYS[1] the group hash, KEYS[2] the fingerprint's index (by time), KEYS[3] entries hash
 * Returns { group hash as field, value, ...; oldest entry JSON or false; newest entry JSON or false }
 */
export const readDlqGroup3 = {
  name: 'quarryReadDlqGroup',
  numberOfKeys: 3,
  readOnly: true,
  lua: `
local oldest = redis.call('ZRANGE', KEYS[2], 0, 0)[1]
local newest = redis.call('ZRANGE', KEYS[2], -1, -1)[1]
return {
  redis.call('HGETALL', KEYS[1]),
  oldest and redis.call('HGET', KEYS[3], oldest) or false,
  newest and redis.call('HGET', KEYS[3], newest) or false,
}
`,
} as const satisfies QuarryScript;
