import type { QuarryScript } from './quarry-script';

/**
 * Counts one result of a batch in its record, once per custom_id (a result read twice is counted
 * once), adding its cost. Nothing is written for a batch without a record.
 * KEYS[1] the batch's record hash, KEYS[2] its record's results hash
 * ARGV    custom_id, result type (`succeeded`, `errored`, `expired`, `canceled`), cost in USD ('' when unknown)
 * Returns 1 when counted, 0 when it was counted already or the batch has no record.
 */
export const recordBatchResult2 = {
  name: 'quarryRecordBatchResult',
  numberOfKeys: 2,
  readOnly: false,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'n:' .. ARGV[2], 1)
if ARGV[3] ~= '' then redis.call('HINCRBYFLOAT', KEYS[1], 'costUsd', ARGV[3]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl > 0 then redis.call('EXPIRE', KEYS[2], ttl) end
return 1
`,
} as const satisfies QuarryScript;
