import { unindexDlqRecordCall } from './dlq-index-call';
import { DlqIndexConflictError } from './dlq-index-conflict-error';
import { DlqIndexEntry } from './dlq-index-entry';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { withQuarryScripts } from './scripts/quarry-scripts';

/** Options of {@link unindexDlqRecord}. */
export interface UnindexDlqRecordOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly sourceJobId: string;
  readonly dlqId: string;
}

/** Reads of the entry before giving up on one that keeps changing under the call (it never should). */
const MAX_ROUNDS = 5;

/**
 * Removes a DLQ record from the DLQ indexes and its fingerprint group, and its source job's pointer only
 * while it still points at `dlqId` (a newer record of the same source job keeps it), atomically
 * (`unindex-dlq-record-12`). Call it when the record is removed (retention).
 * @returns true when the source job's pointer was removed.
 * @throws DlqIndexConflictError when the record's entry kept changing under the call.
 */
export async function unindexDlqRecord(options: UnindexDlqRecordOptions): Promise<boolean> {
  const redis = withQuarryScripts(options.redis);
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const stored = await redis.hget(options.keys.dlq.entries(), options.dlqId);
    const entry = stored === null ? null : DlqIndexEntry.safeParse(JSON.parse(stored));
    const facts = entry?.success ? entry.data : null;
    const [unindexed, removed] = await redis.quarryUnindexDlqRecord(
      ...unindexDlqRecordCall({ ...options, facts }),
    );
    if (unindexed !== -1) return removed === 1;
  }
  throw new DlqIndexConflictError({ dlqIds: [options.dlqId], rounds: MAX_ROUNDS });
}
