import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { withQuarryScripts } from './scripts/quarry-scripts';
import { unindexDlq1 } from './scripts/unindex-dlq-1';

/** Options of {@link unindexDlqRecord}. */
export interface UnindexDlqRecordOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly sourceJobId: string;
  readonly dlqId: string;
}

/**
 * Removes a source job's DLQ index entry only while it still points at `dlqId` (a newer record of
 * the same source job keeps its entry), atomically (`unindex-dlq-1`).
 * @returns true when the entry was removed.
 */
export async function unindexDlqRecord(options: UnindexDlqRecordOptions): Promise<boolean> {
  const redis = withQuarryScripts(options.redis);
  const removed = await redis[unindexDlq1.name](options.keys.dlqIndex(), options.sourceJobId, options.dlqId);
  return removed === 1;
}
