import { effectWeightLua } from './effect-weight-lua';
import type { QuarryScript } from './quarry-script';

/**
 * Counts jobs in the lesson effects (see `read-history-3`, `record-history-3`) at the weight of now,
 * a worker having gathered them in memory for up to an interval: `t` gains jobs × weight and `sj:` of
 * each signature gains its shown count × weight, except for a signature retired meanwhile (its `r:`
 * mark set; those jobs count as not shown it). Renews the hash's TTL.
 * KEYS[1] effect hash
 * ARGV[1] now (ms), ARGV[2] half-life (ms), ARGV[3] TTL (ms), ARGV[4] jobs,
 * then pairs of signature, jobs shown it (signatures distinct)
 * Returns 1.
 */
export const countLessonJobs1 = {
  name: 'quarryCountLessonJobs',
  numberOfKeys: 1,
  readOnly: false,
  lua: `${effectWeightLua}
local weight = effectWeight(KEYS[1], ARGV[1], tonumber(ARGV[2]))
local jobs = tonumber(ARGV[4]) or 0
if jobs > 0 then
  redis.call('HINCRBYFLOAT', KEYS[1], 't', string.format('%.17g', jobs * weight))
end
for i = 5, #ARGV, 2 do
  local signature = ARGV[i]
  local shown = tonumber(ARGV[i + 1]) or 0
  if shown > 0 and redis.call('HEXISTS', KEYS[1], 'r:' .. signature) == 0 then
    redis.call('HINCRBYFLOAT', KEYS[1], 'sj:' .. signature, string.format('%.17g', shown * weight))
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`,
} as const satisfies QuarryScript;
