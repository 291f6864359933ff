import type { QuarryScript } from './quarry-script';

/**
 * Opens the operators' record of a batch just saved (submitted or adopted): its model, time and
 * size, a copy of its custom_id → ref map (kept after the batch ends) and its place in the recent
 * index, whose members submitted before the cutoff are dropped. A record already open is kept.
 * KEYS[1] the batch's members hash, KEYS[2] its record hash, KEYS[3] its record's requests hash,
 *         KEYS[4] the recent index
 * ARGV    batch id, model, submitted at (ms), cutoff (ms)
 * Returns 1 when opened, 0 when the record existed.
 */
export const openBatchRecord4 = {
  name: 'quarryOpenBatchRecord',
  numberOfKeys: 4,
  readOnly: false,
  lua: `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
-- Copied pair by pair (COPY needs Redis 6.2; unpacking a large hash would overflow Lua's stack).
local members = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[3])
for i = 1, #members, 2 do redis.call('HSET', KEYS[3], members[i], members[i + 1]) end
redis.call('HSET', KEYS[2], 'batchId', ARGV[1], 'model', ARGV[2], 'submittedAt', ARGV[3],
  'requests', #members / 2, 'status', 'in_progress')
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', '(' .. ARGV[4])
return 1
`,
} as const satisfies QuarryScript;
