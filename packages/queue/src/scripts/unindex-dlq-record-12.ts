import type { QuarryScript } from './quarry-script';

/**
 * Removes one DLQ record from every index (the reverse of `index-dlq-record-14`), atomically: its entry
 * and state, the sorted sets, and its share of its fingerprint group (a group left empty is deleted;
 * an example the record supplied passes to the next oldest record with that signature). The source
 * job's pointer is removed only while it points at this record (a newer record of the same source job
 * keeps it). The keys are derived from the entry the caller read: when the stored entry names other
 * ones, nothing changes and the caller reads again.
 * KEYS[1] source job → DLQ id hash, KEYS[2] entries hash, KEYS[3] states hash, KEYS[4] by time,
 * KEYS[5] by workflow, KEYS[6] by reason kind, KEYS[7] by reason label, KEYS[8] by fingerprint,
 * KEYS[9] groups, KEYS[10] the group hash, KEYS[11] the group's examples, KEYS[12] replayed
 * ARGV[1] source job id, ARGV[2] DLQ id, ARGV[3] the entry's fingerprint, ARGV[4] workflow,
 * ARGV[5] reason kind, ARGV[6] reason label ('' for all four when the caller found no entry)
 * Returns { 1 when unindexed, 0 when there was no entry, -1 when the entry names other keys;
 *           1 when the source job's pointer was removed else 0 }
 */
export const unindexDlqRecord12 = {
  name: 'quarryUnindexDlqRecord',
  numberOfKeys: 12,
  readOnly: false,
  lua: `
local dlqId = ARGV[2]
local unindexed = 0
local json = redis.call('HGET', KEYS[2], dlqId)
if json then
  local entry = cjson.decode(json)
  if entry.fingerprint ~= ARGV[3] or entry.workflow ~= ARGV[4] or entry.kind ~= ARGV[5]
      or entry.label ~= ARGV[6] then
    return { -1, 0 }
  end
  local state = redis.call('HGET', KEYS[3], dlqId) or 'dead'
  redis.call('HDEL', KEYS[2], dlqId)
  redis.call('HDEL', KEYS[3], dlqId)
  for i = 4, 8 do redis.call('ZREM', KEYS[i], dlqId) end
  redis.call('ZREM', KEYS[12], dlqId)
  local group = KEYS[10]
  local function decrement(field, by)
    if redis.call('HINCRBY', group, field, -by) <= 0 then redis.call('HDEL', group, field) end
  end
  decrement('w:' .. entry.workflowLabel, 1)
  if state == 'dead' then decrement('r:' .. entry.redriveCount, 1) else decrement('s:' .. state, 1) end
  local at = tostring(entry.at)
  local time = string.rep('0', 16 - #at) .. at
  for _, issue in ipairs(entry.issues) do
    local signature = issue.signature
    local head = string.format('%06d', #signature) .. signature
    local member = head .. time .. dlqId
    local range = { '[' .. head, '(' .. head .. ':', 'BYLEX', 'LIMIT', 0, 1 }
    local wasOldest = redis.call('ZRANGE', KEYS[11], unpack(range))[1] == member
    redis.call('ZREM', KEYS[11], member)
    decrement('i:' .. signature, issue.count)
    if redis.call('HEXISTS', group, 'i:' .. signature) == 0 then
      redis.call('HDEL', group, 'e:' .. signature)
    elseif wasOldest then
      local oldest = redis.call('ZRANGE', KEYS[11], unpack(range))[1]
      local holder = oldest and redis.call('HGET', KEYS[2], string.sub(oldest, #head + 17))
      if holder then
        for _, other in ipairs(cjson.decode(holder).issues) do
          if other.signature == signature then
            redis.call('HSET', group, 'e:' .. signature, other.example)
            break
          end
        end
      end
    end
  end
  if redis.call('HINCRBY', group, 'count', -1) <= 0 then
    redis.call('DEL', group, KEYS[11])
    redis.call('ZREM', KEYS[9], entry.fingerprint)
  else
    redis.call('ZINCRBY', KEYS[9], -1, entry.fingerprint)
  end
  unindexed = 1
end
local removed = 0
if redis.call('HGET', KEYS[1], ARGV[1]) == dlqId then removed = redis.call('HDEL', KEYS[1], ARGV[1]) end
return { unindexed, removed }
`,
} as const satisfies QuarryScript;
