import type { QuarryScript } from './quarry-script';

/**
 * Gives enqueued jobs their place in the queue's fair order between tenants (start-time fair
 * queuing over BullMQ priorities): the queue's virtual time is the level of the first waiting
 * prioritized job (else the latest start tag given); a job of tenant t starts at
 * S = max(virtual time, t's finish tag) and moves t's finish tag to S + cost / (level size × weight);
 * its priority is 1 + floor(S). A tenant that floods the queue pushes only its own tags ahead, so
 * another tenant's job lands just behind the jobs already due. When a tag would pass the renumbering
 * level, every tag, every waiting job's score and every job's priority field (prioritized, delayed,
 * active, waiting for children) is moved down by the virtual time, as are the priorities this call
 * gave already, so priorities stay within BullMQ's limit (a job stamped by another producer and not
 * yet added misses it and waits one renumbering's span longer); a tag still over it is clamped to the limit. Tenants caught up with the virtual time lose
 * their tag then (they start at the virtual time anyway). Every value read is untrusted: a field that
 * is not a finite number counts as absent, a weight outside [0.001, 1000] as 1.
 * KEYS[1] the fair-order hash (`keys.tenants.fair`), KEYS[2] tenant settings (`keys.tenants.settings`),
 *         KEYS[3] BullMQ's prioritized set, KEYS[4] its delayed set, KEYS[5] its active list,
 *         KEYS[6] its waiting-children set, KEYS[7] the tenants seen (`keys.tenants.seen`)
 * ARGV    level size (tokens), renumbering level, BullMQ job key prefix (`<prefix>:<queue>:`), now (ms),
 *         most tenants kept in the seen set, then per job: tenant, cost (input tokens)
 * Returns the priority of each job, in order.
 */
export const fairStamp7 = {
  name: 'quarryFairStamp',
  numberOfKeys: 7,
  readOnly: false,
  lua: `
local LIMIT = 2097151
local SCALE = 4294967296
local size = tonumber(ARGV[1])
local renumberAt = math.min(tonumber(ARGV[2]), LIMIT)
local prefix = ARGV[3]
local function finite(value)
  local n = tonumber(value)
  if n == nil or n ~= n or n == math.huge or n == -math.huge or n < 0 then return nil end
  return n
end
local function virtual()
  local head = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  if head[2] then return math.max(0, math.floor(tonumber(head[2]) / SCALE) - 1) end
  return finite(redis.call('HGET', KEYS[1], 'v')) or 0
end
local function weight(tenant)
  local raw = redis.call('HGET', KEYS[2], tenant)
  if not raw then return 1 end
  local ok, settings = pcall(cjson.decode, raw)
  if not ok or type(settings) ~= 'table' then return 1 end
  local w = finite(settings['weight'])
  if w == nil or w < 0.001 or w > 1000 then return 1 end
  return w
end
local function lower(key, id, delta)
  local p = finite(redis.call('HGET', key, 'priority'))
  if p ~= nil and p > 0 then redis.call('HSET', key, 'priority', math.max(1, p - delta)) end
end
local function renumber(delta)
  local fields = redis.call('HGETALL', KEYS[1])
  for i = 1, #fields, 2 do
    local value = (finite(fields[i + 1]) or 0) - delta
    if value <= 0 and fields[i] ~= 'v' then redis.call('HDEL', KEYS[1], fields[i])
    else redis.call('HSET', KEYS[1], fields[i], tostring(math.max(0, value))) end
  end
  local waiting = redis.call('ZRANGE', KEYS[3], 0, -1, 'WITHSCORES')
  for i = 1, #waiting, 2 do
    local score = math.max(SCALE, tonumber(waiting[i + 1]) - delta * SCALE)
    redis.call('ZADD', KEYS[3], score, waiting[i])
    redis.call('HSET', prefix .. waiting[i], 'priority', math.floor(score / SCALE))
  end
  for _, id in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do lower(prefix .. id, id, delta) end
  for _, id in ipairs(redis.call('LRANGE', KEYS[5], 0, -1)) do lower(prefix .. id, id, delta) end
  for _, id in ipairs(redis.call('ZRANGE', KEYS[6], 0, -1)) do lower(prefix .. id, id, delta) end
end
local v = virtual()
local latest = finite(redis.call('HGET', KEYS[1], 'v')) or 0
local renumbered = false
local priorities = {}
for i = 6, #ARGV, 2 do
  local tenant = ARGV[i]
  local cost = math.min(finite(ARGV[i + 1]) or 0, 1e12) / (size * weight(tenant))
  local start = math.max(v, finite(redis.call('HGET', KEYS[1], 'f:' .. tenant)) or 0)
  if 1 + math.floor(start) > renumberAt and not renumbered and v >= 1 then
    renumbered = true
    local delta = math.floor(v)
    renumber(delta)
    for k = 1, #priorities do priorities[k] = math.max(1, priorities[k] - delta) end
    v = v - delta
    latest = math.max(0, latest - delta)
    start = math.max(v, finite(redis.call('HGET', KEYS[1], 'f:' .. tenant)) or 0)
  end
  redis.call('HSET', KEYS[1], 'f:' .. tenant, tostring(start + cost))
  latest = math.max(latest, start)
  priorities[#priorities + 1] = math.min(LIMIT, 1 + math.floor(start))
  redis.call('ZADD', KEYS[7], ARGV[4], tenant)
end
redis.call('HSET', KEYS[1], 'v', tostring(latest))
local kept = tonumber(ARGV[5]) or 10000
if redis.call('ZCARD', KEYS[7]) > kept then redis.call('ZREMRANGEBYRANK', KEYS[7], 0, -kept - 1) end
return priorities
`,
} as const satisfies QuarryScript;
