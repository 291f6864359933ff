import type { QuarryScript } from './quarry-script';

/**
 * Admits a job of a gated tenant, or says which limit it is over, atomically over every worker.
 * First a check in a fixed number of commands: every slot counted as running and reserving. Only
 * when that check finds a limit reached are the slots swept (one command per slot): slots of jobs
 * whose BullMQ lock is gone and that are not delayed (they ended, or their worker died) are freed,
 * so a killed worker's slot is back once its lock expires, and a delayed job (its attempt waiting in
 * a Message Batch) keeps its slot's reservation but is not counted as running; the decision is then
 * made on what is left. A job that holds a slot already (run again after a crash) is admitted. Over
 * `maxConcurrency` when the live slots reach it; over a budget when
 * the period's spend plus what running jobs still reserve reaches it (a budget of 0 is always
 * reached). An admitted job takes a slot reserving `reserve` USD and leaves the parked set.
 * KEYS[1] the tenant's slots (`keys.tenants.slots`), KEYS[2] its spend today, KEYS[3] this month
 *         (`keys.tenants.spend`), KEYS[4] its parked jobs (`keys.tenants.parked`), KEYS[5] BullMQ's delayed set
 * ARGV    job id, max concurrency (0: none), daily USD ('' none), monthly USD ('' none), reserve USD,
 *         BullMQ job key prefix (`<prefix>:<queue>:`)
 * Returns `admitted`, `concurrency`, `day` or `month`.
 */
export const tenantAdmit5 = {
  name: 'quarryTenantAdmit',
  numberOfKeys: 5,
  readOnly: false,
  lua: `
local id = ARGV[1]
if redis.call('HEXISTS', KEYS[1], id) == 1 then
  redis.call('ZREM', KEYS[4], id)
  return 'admitted'
end
local function finite(value)
  local n = tonumber(value)
  if n == nil or n ~= n or n == math.huge or n == -math.huge then return nil end
  return n
end
local cap = finite(ARGV[2]) or 0
local daily, monthly = finite(ARGV[3]), finite(ARGV[4])
local spentDay, spentMonth = 0, 0
if daily ~= nil then spentDay = finite(redis.call('GET', KEYS[2])) or 0 end
if monthly ~= nil then spentMonth = finite(redis.call('GET', KEYS[3])) or 0 end
local function limitReached(count, reserved)
  if cap > 0 and count >= cap then return 'concurrency' end
  if daily ~= nil and spentDay + reserved >= daily then return 'day' end
  if monthly ~= nil and spentMonth + reserved >= monthly then return 'month' end
  return nil
end
-- Every slot as running and reserving: an over-count, so a pass here is a pass after a sweep too.
local reserved = 0
if daily ~= nil or monthly ~= nil then
  for _, value in ipairs(redis.call('HVALS', KEYS[1])) do reserved = reserved + math.max(0, finite(value) or 0) end
end
if limitReached(redis.call('HLEN', KEYS[1]), reserved) then
  local slots = redis.call('HGETALL', KEYS[1])
  local count = 0
  reserved = 0
  for i = 1, #slots, 2 do
    local running = redis.call('EXISTS', ARGV[6] .. slots[i] .. ':lock') == 1
    if running or redis.call('ZSCORE', KEYS[5], slots[i]) then
      if running then count = count + 1 end
      reserved = reserved + math.max(0, finite(slots[i + 1]) or 0)
    else
      redis.call('HDEL', KEYS[1], slots[i])
    end
  end
  local reached = limitReached(count, reserved)
  if reached then return reached end
end
redis.call('HSET', KEYS[1], id, tostring(math.max(0, finite(ARGV[5]) or 0)))
redis.call('ZREM', KEYS[4], id)
return 'admitted'
`,
} as const satisfies QuarryScript;
