import type { QuarryScript } from './quarry-script';

/**
 * Moves an indexed DLQ record to `replayed`: its state, its group's state counters, and the
 * replay-time index (for retention). Runs in the replay's MULTI, with the record's new data. A record
 * not indexed yet (a DLQ of an older version) is left to the backfill, which reads the stored state.
 * KEYS[1] entries hash, KEYS[2] states hash, KEYS[3] the group hash of the record's fingerprint,
 * KEYS[4] replayed by replay time
 * ARGV[1] DLQ id, ARGV[2] replay time (ms)
 * Returns 1 when the state changed, else 0.
 */
export const markDlqReplayed4 = {
  name: 'quarryMarkDlqReplayed',
  numberOfKeys: 4,
  readOnly: false,
  lua: `
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
local state = redis.call('HGET', KEYS[2], ARGV[1]) or 'dead'
if state == 'replayed' then return 0 end
local from = 's:quarantined'
if state == 'dead' then from = 'r:' .. cjson.decode(json).redriveCount end
if redis.call('HINCRBY', KEYS[3], from, -1) <= 0 then redis.call('HDEL', KEYS[3], from) end
redis.call('HINCRBY', KEYS[3], 's:replayed', 1)
redis.call('HSET', KEYS[2], ARGV[1], 'replayed')
redis.call('ZADD', KEYS[4], ARGV[2], ARGV[1])
return 1
`,
} as const satisfies QuarryScript;
