import type { QuarryScript } from './quarry-script';

/**
 * Pauses taking jobs from a queue for every worker, as BullMQ's manual rate limit does, without a
 * limiter configured on the workers: it sets the queue's global rate limit to the sentinel (so that
 * BullMQ checks its limiter key while the pause lasts) and the limiter key to the sentinel for the
 * pause. A longer pause already running is kept. An operator's own global rate limit is left as it is.
 * KEYS[1] the queue's meta hash (BullMQ), KEYS[2] its limiter key (BullMQ)
 * ARGV    pause (ms), sentinel (a count no real limit reaches)
 * Returns 1.
 */
export const pauseQueue2 = {
  name: 'quarryPauseQueue',
  numberOfKeys: 2,
  readOnly: false,
  lua: `
local sentinel = ARGV[2]
local max = redis.call('HGET', KEYS[1], 'max')
if not max then redis.call('HSET', KEYS[1], 'max', sentinel, 'duration', '1000') end
local running = tonumber(redis.call('GET', KEYS[2]) or '0') or 0
if running < tonumber(sentinel) or redis.call('PTTL', KEYS[2]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], sentinel, 'PX', ARGV[1])
end
return 1
`,
} as const satisfies QuarryScript;
