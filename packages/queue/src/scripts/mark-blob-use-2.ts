import type { QuarryScript } from './quarry-script';

/**
 * A producer says it is about to store (or re-store) a blob and refer to it from a job: records the
 * mark at the server's time, drops marks older than the keep period, and tells whether a gc holds a
 * live claim to delete the blob right now.
 * KEYS[1] marks (`keys.blobGc.marks()`), KEYS[2] deleting (`keys.blobGc.deleting()`)
 * ARGV    blob key, claim lease (ms), keep period of marks (ms)
 * Returns [0, now] when no live claim stands (the mark now keeps the blob from any later claim), or
 * [ms left of the live claim, now]: the producer waits for it to end, then marks again and re-puts.
 */
export const markBlobUse2 = {
  name: 'quarryMarkBlobUse',
  numberOfKeys: 2,
  readOnly: false,
  lua: `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local lease = tonumber(ARGV[2])
local keep = tonumber(ARGV[3])
if not lease or lease < 1 or not keep or keep < 1 then
  return redis.error_reply('ERR quarryMarkBlobUse: lease and keep must be positive ms')
end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - keep))
local claim = redis.call('HGET', KEYS[2], ARGV[1])
if claim then
  local at = tonumber(string.match(claim, '^(%d+):'))
  if at and at <= now and now - at < lease then
    return {lease - (now - at), now}
  end
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return {0, now}
`,
} as const satisfies QuarryScript;
