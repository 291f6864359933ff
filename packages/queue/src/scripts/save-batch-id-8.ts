import type { QuarryScript } from './quarry-script';

/**
 * Phase two of a submission: the intent becomes the batch the API created (or the one adopted for
 * it by reconciliation), its entries now owned by the batch.
 * KEYS[1] entries hash, KEYS[2] intents set, KEYS[3] the intent's hash, KEYS[4] the intent's
 *         entries hash, KEYS[5] the batch's meta hash, KEYS[6] the batch's members hash,
 *         KEYS[7] in-flight set, KEYS[8] known set
 * ARGV    intent id, batch id, now (ms)
 * Returns the entries moved, or -1 when the intent no longer exists (already settled).
 */
export const saveBatchId8 = {
  name: 'quarrySaveBatchId',
  numberOfKeys: 8,
  readOnly: false,
  lua: `
if redis.call('EXISTS', KEYS[3]) == 0 then return -1 end
local owner = 'intent:' .. ARGV[1]
local moved = 0
local refs = redis.call('HVALS', KEYS[4])
for _, ref in ipairs(refs) do
  local raw = redis.call('HGET', KEYS[1], ref)
  if raw then
    local entry = cjson.decode(raw)
    if entry.b == owner then
      entry.b = ARGV[2]
      redis.call('HSET', KEYS[1], ref, cjson.encode(entry))
      moved = moved + 1
    end
  end
end
redis.call('RENAME', KEYS[3], KEYS[5])
redis.call('HSET', KEYS[5], 'batchId', ARGV[2], 'submittedAt', ARGV[3], 'intentId', ARGV[1])
redis.call('HDEL', KEYS[5], 'state')
if #refs > 0 then redis.call('RENAME', KEYS[4], KEYS[6]) end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[7], ARGV[3], ARGV[2])
redis.call('ZADD', KEYS[8], ARGV[3], ARGV[2])
return moved
`,
} as const satisfies QuarryScript;
