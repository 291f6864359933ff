import type { QuarryScript } from './quarry-script';

/**
 * Phase one of a submission: moves waiting entries of one model into a new intent, saved before
 * the create call. An entry no longer waiting (promoted, taken by another worker) is left out. Each
 * entry taken keeps the document file id its request references (`f`, none when ''), so that a
 * result failing for a lost file can be told apart later.
 * KEYS[1] entries hash, KEYS[2] the model's waiting set, KEYS[3] intents set, KEYS[4] the intent's
 *         hash, KEYS[5] the intent's entries hash
 * ARGV    intent id, now (ms), model, then triples of ref, custom_id and file id ('' for none)
 * Returns the refs taken.
 */
export const takeBatchIntent5 = {
  name: 'quarryTakeBatchIntent',
  numberOfKeys: 5,
  readOnly: false,
  lua: `
local owner = 'intent:' .. ARGV[1]
local taken = {}
for i = 4, #ARGV, 3 do
  local ref = ARGV[i]
  local raw = redis.call('HGET', KEYS[1], ref)
  if raw then
    local entry = cjson.decode(raw)
    if entry.b == '' then
      entry.b = owner
      if ARGV[i + 2] ~= '' then entry.f = ARGV[i + 2] else entry.f = nil end
      redis.call('HSET', KEYS[1], ref, cjson.encode(entry))
      redis.call('ZREM', KEYS[2], ref)
      redis.call('HSET', KEYS[5], ARGV[i + 1], ref)
      taken[#taken + 1] = ref
    end
  end
end
if #taken > 0 then
  redis.call('HSET', KEYS[4], 'model', ARGV[3], 'createdAt', ARGV[2], 'state', 'pending')
  redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
end
return taken
`,
} as const satisfies QuarryScript;
