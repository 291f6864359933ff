import type { QuarryScript } from './quarry-script';

/**
 * Marks a batch's record ended, then keeps the record for the retention only.
 * KEYS[1] the batch's record hash, KEYS[2] its record's requests hash, KEYS[3] its record's results hash
 * ARGV    ended at (ms), retention in seconds
 * Returns 1 when marked, 0 when the batch has no record.
 */
export const endBatchRecord3 = {
  name: 'quarryEndBatchRecord',
  numberOfKeys: 3,
  readOnly: false,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[1], 'status') ~= 'ended' then
  redis.call('HSET', KEYS[1], 'status', 'ended', 'endedAt', ARGV[1])
end
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ARGV[2]) end
return 1
`,
} as const satisfies QuarryScript;
