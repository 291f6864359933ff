import type { QuarryScript } from './quarry-script';

/**
 * Stores an attempt's outcome once and ends its entry, but only while the entry is still owned by
 * `owner` (the batch whose result this is, or '' for an entry still waiting), so a result seen twice,
 * or a result of a batch the entry has left, changes nothing.
 * KEYS[1] entries hash, KEYS[2] the attempt's result, KEYS[3] deadlines set, KEYS[4] the model's waiting set
 * ARGV    ref, owner, outcome JSON ('' to end the entry without storing one), lifetime of the result in seconds
 * An entry whose attempt has an outcome already (stored through another entry of the same ref) is
 * ended without storing, so it never goes back to wait and is never paid for again.
 * Returns the job id when the outcome was stored, else ''. With owner '' and no entry at all, the
 * outcome is stored when none is yet (and '' returned: the caller holds the job).
 */
export const settleBatchEntry4 = {
  name: 'quarrySettleBatchEntry',
  numberOfKeys: 4,
  readOnly: false,
  lua: `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then
  if ARGV[2] == '' and ARGV[3] ~= '' then redis.call('SET', KEYS[2], ARGV[3], 'NX', 'EX', ARGV[4]) end
  redis.call('ZREM', KEYS[3], ARGV[1])
  return ''
end
local entry = cjson.decode(raw)
if entry.b ~= ARGV[2] then return '' end
local stored = ARGV[3] == '' or redis.call('SET', KEYS[2], ARGV[3], 'NX', 'EX', ARGV[4])
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
if not stored then return '' end
return entry.j
`,
} as const satisfies QuarryScript;
