import type { QuarryScript } from './quarry-script';

/**
 * Takes back the global rate limit `pause-queue-2` set, once no pause runs: then BullMQ's job fetch
 * stops reading and counting the limiter key. Only the sentinel limit is removed, never an operator's.
 * KEYS[1] the queue's meta hash (BullMQ), KEYS[2] its limiter key (BullMQ)
 * ARGV    sentinel
 * Returns 1 when the limit was removed, 0 when a pause still runs or there is none of Quarry's.
 */
export const liftQueuePause2 = {
  name: 'quarryLiftQueuePause',
  numberOfKeys: 2,
  readOnly: false,
  lua: `
if redis.call('HGET', KEYS[1], 'max') ~= ARGV[1] then return 0 end
local running = tonumber(redis.call('GET', KEYS[2]) or '0') or 0
if running >= tonumber(ARGV[1]) then return 0 end
redis.call('HDEL', KEYS[1], 'max', 'duration')
return 1
`,
} as const satisfies QuarryScript;
