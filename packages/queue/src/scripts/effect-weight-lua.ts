/**
 * Lua shared by the scripts that count lesson effects (`count-lesson-jobs-1`, `record-history-3`,
 * `retire-lesson-1`): `effectWeight(key, now, halfLife)` returns what one job counted now adds to
 * the effect hash `key`, 2^((now − ref) / half-life), its counts being stored relative to the hash's
 * `ref` like the history's scores. Once the exponent passes 32 every count is rebased to `ref = now`
 * (the retirement marks `r:` are not counts), so doubles never overflow. `now` is the ARGV text.
 */
export const effectWeightLua = `
local function effectWeight(key, nowText, halfLife)
  local ref = tonumber(redis.call('HGET', key, 'ref'))
  if not ref then
    redis.call('HSET', key, 'ref', nowText)
    return 1
  end
  local exponent = (tonumber(nowText) - ref) / halfLife
  if exponent <= 32 then return 2 ^ exponent end
  local scale = 2 ^ (-exponent)
  local fields = redis.call('HGETALL', key)
  for i = 1, #fields, 2 do
    local name = fields[i]
    if name ~= 'ref' and string.sub(name, 1, 2) ~= 'r:' then
      redis.call('HSET', key, name, string.format('%.17g', (tonumber(fields[i + 1]) or 0) * scale))
    end
  end
  redis.call('HSET', key, 'ref', nowText)
  return 1
end
`;
