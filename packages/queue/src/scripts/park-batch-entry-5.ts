import type { QuarryScript } from './quarry-script';

/**
 * Puts a batch-lane attempt into its model's collector unless it is already known (waiting, in an
 * intent or in a batch) or its outcome is stored already (settled after the job last looked), so a
 * job that parks again adds nothing and an answered attempt is never sent again.
 * KEYS[1] entries hash, KEYS[2] the model's waiting set, KEYS[3] deadlines set, KEYS[4] models set,
 * KEYS[5] the attempt's result
 * ARGV    ref, job id, model, now (ms), deadline (ms, or '' for none)
 * Returns the entry's owner: '' (waiting), `intent:<id>` or a batch id; `:settled` when the outcome is stored.
 */
export const parkBatchEntry5 = {
  name: 'quarryParkBatchEntry',
  numberOfKeys: 5,
  readOnly: false,
  lua: `
if redis.call('EXISTS', KEYS[5]) == 1 then return ':settled' end
local known = redis.call('HGET', KEYS[1], ARGV[1])
if known then return cjson.decode(known).b end
local entry = { j = ARGV[2], m = ARGV[3], b = '', s = tonumber(ARGV[4]) }
if ARGV[5] ~= '' then
  entry.d = tonumber(ARGV[5])
  redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
end
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(entry))
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
redis.call('SADD', KEYS[4], ARGV[3])
return ''
`,
} as const satisfies QuarryScript;
