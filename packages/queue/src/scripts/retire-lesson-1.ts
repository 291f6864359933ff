import { effectWeightLua } from './effect-weight-lua';
import type { QuarryScript } from './quarry-script';

/**
 * Retires a lesson (see `read-history-3`, which skips retired signatures): marks it `r:` with when
 * and the two rates, and starts its counts again (`sj:`, `se:`, `ae:` dropped, `b:` set to `t`), so
 * that jobs counted from now on (`count-lesson-jobs-1`) count as not shown it. Renews the hash's TTL.
 * KEYS[1] effect hash
 * ARGV[1] signature, ARGV[2] now (ms), ARGV[3] half-life (ms), ARGV[4] TTL (ms),
 * ARGV[5] shown rate, ARGV[6] not-shown rate
 * Returns 1 when retired now, 0 when it was retired already.
 */
export const retireLesson1 = {
  name: 'quarryRetireLesson',
  numberOfKeys: 1,
  readOnly: false,
  lua: `${effectWeightLua}
local signature = ARGV[1]
-- Sets or rebases \`ref\`, so that \`b:\` below is relative to the same \`ref\` as later counts.
effectWeight(KEYS[1], ARGV[2], tonumber(ARGV[3]))
local retiredNow = 0
if redis.call('HEXISTS', KEYS[1], 'r:' .. signature) == 0 then
  local base = tonumber(redis.call('HGET', KEYS[1], 't')) or 0
  redis.call('HDEL', KEYS[1], 'sj:' .. signature, 'se:' .. signature, 'ae:' .. signature)
  redis.call('HSET', KEYS[1], 'b:' .. signature, string.format('%.17g', base),
    'r:' .. signature, ARGV[2] .. ':' .. ARGV[5] .. ':' .. ARGV[6])
  retiredNow = 1
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return retiredNow
`,
} as const satisfies QuarryScript;
