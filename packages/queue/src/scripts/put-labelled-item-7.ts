import type { QuarryScript } from './quarry-script';

/**
 * Puts one item into a labelled set, replacing the item of the same id, atomically with the set's
 * index, id order and workflow counts; a correction from review also acknowledges the job's review
 * entry in the same step, and only while the entry stands (so two people correcting one job store
 * one correction between them, and a job no longer waiting is refused without a write).
 * KEYS[1] sets index, KEYS[2] the set's items, KEYS[3] its ids, KEYS[4] its item workflows,
 * KEYS[5] its workflow counts, KEYS[6] review pending, KEYS[7] review entries
 * ARGV[1] set name, ARGV[2] item id, ARGV[3] item JSON, ARGV[4] the item's workflow name ('' none),
 * ARGV[5] now (ms), ARGV[6] most items a set holds, ARGV[7] job id whose review entry to acknowledge ('' none)
 * Returns {status, items in the set}: status `added`, `replaced`, `full` (a new id in a full set,
 * nothing written) or `not_in_review` (nothing written).
 */
export const putLabelledItem7 = {
  name: 'quarryPutLabelledItem',
  numberOfKeys: 7,
  readOnly: false,
  lua: `
local id = ARGV[2]
local workflow = ARGV[4]
local now = tonumber(ARGV[5])
local maxItems = tonumber(ARGV[6])
local ack = ARGV[7]
if not now or not maxItems or maxItems < 1 then
  return redis.error_reply('ERR quarryPutLabelledItem: now and max items must be numbers')
end
local count = redis.call('HLEN', KEYS[2])
if ack ~= '' and redis.call('HEXISTS', KEYS[7], ack) == 0 then
  return {'not_in_review', count}
end
local existed = redis.call('HEXISTS', KEYS[2], id) == 1
if not existed and count >= maxItems then
  return {'full', count}
end
local before = redis.call('HGET', KEYS[4], id)
if before then
  if redis.call('HINCRBY', KEYS[5], before, -1) <= 0 then redis.call('HDEL', KEYS[5], before) end
  redis.call('HDEL', KEYS[4], id)
end
if workflow ~= '' then
  redis.call('HSET', KEYS[4], id, workflow)
  redis.call('HINCRBY', KEYS[5], workflow, 1)
end
redis.call('HSET', KEYS[2], id, ARGV[3])
redis.call('ZADD', KEYS[3], 0, id)
redis.call('ZADD', KEYS[1], now, ARGV[1])
if ack ~= '' then
  redis.call('ZREM', KEYS[6], ack)
  redis.call('HDEL', KEYS[7], ack)
end
if existed then return {'replaced', count} end
return {'added', count + 1}
`,
} as const satisfies QuarryScript;
