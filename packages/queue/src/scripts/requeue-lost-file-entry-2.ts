import type { QuarryScript } from './quarry-script';

/**
 * Puts an entry whose batch result failed for a document file the Files API lost back into its
 * model's collector, keeping its waiting-since time, and marks it with that file id (`l`), so its
 * next request resolves the document again and a loss of the new file ends the attempt instead of
 * looping. Only while `owner` (the batch whose result this is) still owns the entry.
 * KEYS[1] entries hash, KEYS[2] the model's waiting set
 * ARGV    ref, owner, the lost file id
 * Returns the job id when the entry was put back, else ''.
 */
export const requeueLostFileEntry2 = {
  name: 'quarryRequeueLostFileEntry',
  numberOfKeys: 2,
  readOnly: false,
  lua: `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return '' end
local entry = cjson.decode(raw)
if entry.b ~= ARGV[2] then return '' end
entry.b = ''
entry.l = ARGV[3]
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(entry))
redis.call('ZADD', KEYS[2], entry.s, ARGV[1])
return entry.j
`,
} as const satisfies QuarryScript;
