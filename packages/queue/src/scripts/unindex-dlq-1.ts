import type { QuarryScript } from './quarry-script';

/**
 * Removes a source job's entry from the DLQ index only while it still points at the given record
 * (a newer record of the same source job keeps its entry).
 * KEYS[1] the DLQ index hash (source job id → DLQ id)
 * ARGV[1] source job id
 * ARGV[2] DLQ id
 * Returns 1 when the entry was removed, else 0.
 */
export const unindexDlq1 = {
  name: 'quarryUnindexDlq',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
`,
} as const satisfies QuarryScript;
