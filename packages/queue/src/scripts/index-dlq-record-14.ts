import type { QuarryScript } from './quarry-script';

/**
 * Indexes one DLQ record, atomically (see `DlqIndexKeys`): its entry and state, the time, workflow,
 * reason kind, reason label and fingerprint sorted sets, the replay-time set when replayed, and its
 * fingerprint group's counters. A record already indexed is left alone, so a repeated write or a
 * second backfill counts nothing twice.
 *
 * `write` mode runs in the writer's MULTI, before the job is added: it points the source job at the
 * record (returning the previous pointer) and marks a fresh DLQ (no record yet) as fully indexed. When
 * the DLQ job exists already, it is this record written before or a record of an older version, which
 * the backfill indexes from what is stored. `backfill` mode indexes a stored record unless it is gone.
 *
 * Group examples: `e:<signature>` is the first message of the oldest record (time, then DLQ id) with
 * that signature; KEYS[12] orders `<6-digit signature length><signature><16-digit time><DLQ id>`.
 *
 * KEYS[1] source job → DLQ id hash, KEYS[2] index version, KEYS[3] entries hash, KEYS[4] states hash,
 * KEYS[5] by time, KEYS[6] by workflow, KEYS[7] by reason kind, KEYS[8] by reason label (may be KEYS[7]),
 * KEYS[9] by fingerprint, KEYS[10] groups, KEYS[11] the group hash, KEYS[12] the group's examples,
 * KEYS[13] replayed by replay time, KEYS[14] the DLQ job hash
 * ARGV[1] `write` or `backfill`, ARGV[2] DLQ id, ARGV[3] source job id, ARGV[4] entry JSON,
 * ARGV[5] dead-letter time (ms), ARGV[6] state, ARGV[7] replay time (ms) or '', ARGV[8] index version
 * Returns { previous DLQ id of the source job (write) or false, 1 when indexed else 0 }
 */
export const indexDlqRecord14 = {
  name: 'quarryIndexDlqRecord',
  numberOfKeys: 14,
  readOnly: false,
  lua: `
local dlqId, at, state = ARGV[2], ARGV[5], ARGV[6]
local previous = false
if ARGV[1] == 'write' then
  previous = redis.call('HGET', KEYS[1], ARGV[3])
  if redis.call('EXISTS', KEYS[2]) == 0 and redis.call('HLEN', KEYS[1]) == 0
      and redis.call('ZCARD', KEYS[5]) == 0 then
    redis.call('SET', KEYS[2], ARGV[8])
  end
  redis.call('HSET', KEYS[1], ARGV[3], dlqId)
  if redis.call('EXISTS', KEYS[14]) == 1 then return { previous, 0 } end
elseif redis.call('EXISTS', KEYS[14]) == 0 then
  return { previous, 0 }
end
if redis.call('HSETNX', KEYS[3], dlqId, ARGV[4]) == 0 then return { previous, 0 } end
local entry = cjson.decode(ARGV[4])
redis.call('HSET', KEYS[4], dlqId, state)
for i = 5, 9 do redis.call('ZADD', KEYS[i], at, dlqId) end
if state == 'replayed' and ARGV[7] ~= '' then redis.call('ZADD', KEYS[13], ARGV[7], dlqId) end
local group = KEYS[11]
redis.call('ZINCRBY', KEYS[10], 1, entry.fingerprint)
redis.call('HINCRBY', group, 'count', 1)
redis.call('HINCRBY', group, 'w:' .. entry.workflowLabel, 1)
local stateField = 'r:' .. entry.redriveCount
if state ~= 'dead' then stateField = 's:' .. state end
redis.call('HINCRBY', group, stateField, 1)
local time = string.rep('0', 16 - #at) .. at
for _, issue in ipairs(entry.issues) do
  local signature = issue.signature
  redis.call('HINCRBY', group, 'i:' .. signature, issue.count)
  local head = string.format('%06d', #signature) .. signature
  local member = head .. time .. dlqId
  redis.call('ZADD', KEYS[12], 0, member)
  local oldest = redis.call('ZRANGE', KEYS[12], '[' .. head, '(' .. head .. ':', 'BYLEX', 'LIMIT', 0, 1)[1]
  if oldest == member then redis.call('HSET', group, 'e:' .. signature, issue.example) end
end
return { previous, 1 }
`,
} as const satisfies QuarryScript;
