import { effectWeightLua } from './effect-weight-lua';
import type { QuarryScript } from './quarry-script';

/**
 * The error history (see also `read-history-3`). Scores are decayed frequencies stored relative to a reference
 * time `ref` (kept in the details hash): an observation at `t` adds 2^((t - ref) / halfLife), and the
 * score at `now` is the stored score × 2^((ref - now) / halfLife). When the exponent grows past 32 the
 * set is rebased to `ref = now` (ZUNIONSTORE with a weight), so doubles never overflow.
 */

/**
 * Records the signatures of one failed attempt, atomically. Beyond `max signatures` the weakest are
 * evicted (with their lesson effects), sparing the signatures just seen so a new kind of mistake
 * always gets a foothold. A counted job's first attempt (`shown count` ≥ 0) also adds its weight to
 * `ae:` of each signature and to `se:` of each signature it was shown (in the effect hash).
 * KEYS[1] scores sorted set, KEYS[2] details hash, KEYS[3] effect hash
 * ARGV[1] now (ms), ARGV[2] half-life (ms), ARGV[3] max signatures, ARGV[4] TTL of the keys (ms),
 * ARGV[5] shown count (-1: not a counted first attempt), ARGV[6 .. 5 + shown count] the signatures
 * shown, then pairs of signature, example (signatures distinct)
 */
export const recordHistory3 = {
  name: 'quarryHistoryRecord',
  numberOfKeys: 3,
  readOnly: false,
  lua: `${effectWeightLua}
local now = tonumber(ARGV[1])
local halfLife = tonumber(ARGV[2])
local maxSignatures = tonumber(ARGV[3])
local ttl = tonumber(ARGV[4])
local shownCount = tonumber(ARGV[5])
local pairsFrom = 6 + math.max(shownCount, 0)
local ref = tonumber(redis.call('HGET', KEYS[2], 'ref'))
if not ref then
  ref = now
  redis.call('HSET', KEYS[2], 'ref', ARGV[1])
end
local exponent = (now - ref) / halfLife
if exponent > 32 then
  if redis.call('EXISTS', KEYS[1]) == 1 then
    redis.call('ZUNIONSTORE', KEYS[1], 1, KEYS[1], 'WEIGHTS', tostring(2 ^ (-exponent)))
  end
  ref = now
  exponent = 0
  redis.call('HSET', KEYS[2], 'ref', ARGV[1])
end
local increment = tostring(2 ^ exponent)
local current = {}
for i = pairsFrom, #ARGV, 2 do
  local signature = ARGV[i]
  current[signature] = true
  redis.call('ZINCRBY', KEYS[1], increment, signature)
  if redis.call('HINCRBY', KEYS[2], 'c:' .. signature, 1) == 1 then
    redis.call('HSET', KEYS[2], 'f:' .. signature, ARGV[1])
  end
  local last = tonumber(redis.call('HGET', KEYS[2], 'l:' .. signature))
  if not last or now > last then
    redis.call('HSET', KEYS[2], 'l:' .. signature, ARGV[1])
  end
  redis.call('HSET', KEYS[2], 'e:' .. signature, ARGV[i + 1])
end
if shownCount >= 0 then
  local weight = string.format('%.17g', (effectWeight(KEYS[3], ARGV[1], halfLife)))
  local shown = {}
  for i = 6, pairsFrom - 1 do shown[ARGV[i]] = true end
  for i = pairsFrom, #ARGV, 2 do
    redis.call('HINCRBYFLOAT', KEYS[3], 'ae:' .. ARGV[i], weight)
    if shown[ARGV[i]] then redis.call('HINCRBYFLOAT', KEYS[3], 'se:' .. ARGV[i], weight) end
  end
end
local excess = redis.call('ZCARD', KEYS[1]) - maxSignatures
if excess > 0 then
  -- Evict the weakest signatures, sparing the ones just seen unless they alone exceed the bound.
  local members = redis.call('ZRANGE', KEYS[1], 0, -1)
  local evicted = {}
  for pass = 1, 2 do
    for _, signature in ipairs(members) do
      if #evicted == excess then break end
      if (pass == 1) == (not current[signature]) then table.insert(evicted, signature) end
    end
  end
  for _, signature in ipairs(evicted) do
    redis.call('ZREM', KEYS[1], signature)
    redis.call('HDEL', KEYS[2], 'c:' .. signature, 'f:' .. signature, 'l:' .. signature, 'e:' .. signature)
    redis.call('HDEL', KEYS[3], 'sj:' .. signature, 'se:' .. signature, 'ae:' .. signature, 'b:' .. signature, 'r:' .. signature)
  end
end
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('PEXPIRE', KEYS[3], ttl)
return 1
`,
} as const satisfies QuarryScript;
