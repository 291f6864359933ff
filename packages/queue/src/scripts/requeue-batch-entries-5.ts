import type { QuarryScript } from './quarry-script';

/**
 * Puts entries back into their model's collector, keeping their waiting-since time, but only those
 * still owned by `owner` (a batch or an intent): an entry already resubmitted elsewhere, or settled,
 * is left alone, so replaying a batch's results never collects an attempt twice. With `all`, every
 * entry of the group is considered and the group (hash, index member, meta) is removed.
 * KEYS[1] entries hash, KEYS[2] the model's waiting set, KEYS[3] the group's custom_id → ref hash,
 *         KEYS[4] the group's meta hash, KEYS[5] the group's index (intents or in-flight set)
 * ARGV    owner, '1' to release the whole group or '0', index member, then refs (when not all)
 * Returns the job ids of the entries put back.
 */
export const requeueBatchEntries5 = {
  name: 'quarryRequeueBatchEntries',
  numberOfKeys: 5,
  readOnly: false,
  lua: `
local refs = {}
if ARGV[2] == '1' then
  refs = redis.call('HVALS', KEYS[3])
else
  for i = 4, #ARGV do refs[#refs + 1] = ARGV[i] end
end
local jobs = {}
for _, ref in ipairs(refs) do
  local raw = redis.call('HGET', KEYS[1], ref)
  if raw then
    local entry = cjson.decode(raw)
    if entry.b == ARGV[1] then
      entry.b = ''
      redis.call('HSET', KEYS[1], ref, cjson.encode(entry))
      redis.call('ZADD', KEYS[2], entry.s, ref)
      jobs[#jobs + 1] = entry.j
    end
  end
end
if ARGV[2] == '1' then
  redis.call('DEL', KEYS[3], KEYS[4])
  redis.call('ZREM', KEYS[5], ARGV[3])
end
return jobs
`,
} as const satisfies QuarryScript;
