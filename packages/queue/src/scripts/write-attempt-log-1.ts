import type { QuarryScript } from './quarry-script';

/**
 * Writes a new DLQ record's job log (one line per attempt) unless the log already exists, so a
 * repeated write of the same record adds nothing.
 * KEYS[1] the log list of the DLQ job (BullMQ's `<job key>:logs`, `bullJobLogsKey`)
 * ARGV    the lines, oldest first
 * Returns the length of the log after the call (0 when it was left alone and empty).
 */
export const writeAttemptLog1 = {
  name: 'quarryWriteAttemptLog',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
return redis.call('RPUSH', KEYS[1], unpack(ARGV))
`,
} as const satisfies QuarryScript;
