import type { QuarryScript } from './quarry-script';

/**
 * Shows a retired lesson again (see `retire-lesson-1`): drops its `r:` mark when it is the one of
 * the retirement at `retired at`, keeping its counts (the jobs not shown it while it was retired are
 * what it is judged against next).
 * KEYS[1] effect hash
 * ARGV[1] signature, ARGV[2] retired at (ms)
 * Returns 1 when restored now, 0 when it was not retired at that time.
 */
export const restoreLesson1 = {
  name: 'quarryRestoreLesson',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
local mark = redis.call('HGET', KEYS[1], 'r:' .. ARGV[1])
if not mark or string.sub(mark, 1, #ARGV[2] + 1) ~= ARGV[2] .. ':' then return 0 end
redis.call('HDEL', KEYS[1], 'r:' .. ARGV[1])
return 1
`,
} as const satisfies QuarryScript;
