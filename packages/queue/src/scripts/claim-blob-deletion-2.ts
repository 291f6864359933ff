import type { QuarryScript } from './quarry-script';

/**
 * A gc claims the deletion of one blob, on the facts of this moment: refused while a producer's
 * mark is no older than the gc's reference snapshot allows, or while another gc's claim is live.
 * KEYS[1] marks (`keys.blobGc.marks()`), KEYS[2] deleting (`keys.blobGc.deleting()`)
 * ARGV    blob key, marks-since (ms: a mark at or after it keeps the blob), claim lease (ms), owner,
 *         keep period of marks (ms)
 * Returns 'claimed', 'marked' (a producer is using it), 'busy' (another gc's live claim), or
 * 'stale' (marks-since is older than the keep period: marks it needs may be gone; claim nothing).
 */
export const claimBlobDeletion2 = {
  name: 'quarryClaimBlobDeletion',
  numberOfKeys: 2,
  readOnly: false,
  lua: `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local since = tonumber(ARGV[2])
local lease = tonumber(ARGV[3])
local keep = tonumber(ARGV[5])
if not since or not lease or lease < 1 or not keep or keep < 1 then
  return redis.error_reply('ERR quarryClaimBlobDeletion: since, lease and keep must be numbers')
end
if since < now - keep then return 'stale' end
local marked = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]))
if marked and marked >= since then return 'marked' end
local claim = redis.call('HGET', KEYS[2], ARGV[1])
if claim then
  local at = tonumber(string.match(claim, '^(%d+):'))
  if at and at <= now and now - at < lease then return 'busy' end
end
redis.call('HSET', KEYS[2], ARGV[1], now .. ':' .. ARGV[4])
return 'claimed'
`,
} as const satisfies QuarryScript;
