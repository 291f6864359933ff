import type { JobType, Queue } from 'bullmq';
import { DLQ_INDEX_VERSION, indexDlqRecordCall } from './dlq-index-call';
import { DlqIndexConflictError } from './dlq-index-conflict-error';
import { DlqRecord } from './dlq-record';
import type { QuarryKeys } from './keys';
import { duplicateClient, type RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';

/** Every state a job of the DLQ can be in (records normally wait forever: nothing consumes the DLQ). */
export const dlqJobTypes: readonly JobType[] = [
  'waiting',
  'paused',
  'prioritized',
  'delayed',
  'waiting-children',
  'active',
  'completed',
  'failed',
];

/** Options of {@link ensureDlqIndex}. */
export interface EnsureDlqIndexOptions {
  readonly redis: RedisClient;
  /** The dead-letter queue whose records are indexed. */
  readonly dlq: Queue;
  readonly keys: QuarryKeys;
  /** DLQ jobs read and indexed per transaction. Default 200. */
  readonly batchSize?: number;
}

/** What {@link ensureDlqIndex} did. */
export interface DlqIndexBackfill {
  /** False when the DLQ was already marked fully indexed (one GET, nothing else read). */
  readonly ran: boolean;
  /** DLQ jobs looked at. */
  readonly scanned: number;
  /** Records this call indexed (the others were indexed already, or by a concurrent call). */
  readonly indexed: number;
  /** DLQ jobs whose data is not a DLQ record: left out of the indexes. */
  readonly unreadable: readonly { readonly jobId: string; readonly problem: string }[];
}

/** Optimistic rounds on one batch before giving up. */
const MAX_ROUNDS = 10;

/**
 * Makes sure every DLQ record is in the DLQ indexes. A DLQ marked with the current index version (a
 * fresh DLQ from its first write on, or once a backfill finished) costs one GET. Otherwise every DLQ
 * job is read in batches and each record without an entry is indexed from what is stored, in one
 * transaction per batch that WATCHes the batch's jobs: a record replayed or removed meanwhile makes the
 * transaction retry with what is stored then. Records written meanwhile index themselves; a record
 * indexed twice counts once (`index-dlq-record-14` skips it), so concurrent backfills are safe. The
 * version is set once every job was looked at (only when there was one: reading an empty DLQ writes nothing).
 * @throws DlqIndexConflictError when one batch kept changing for {@link MAX_ROUNDS} rounds.
 */
export async function ensureDlqIndex(options: EnsureDlqIndexOptions): Promise<DlqIndexBackfill> {
  const { redis, dlq, keys } = options;
  const batchSize = options.batchSize ?? 200;
  if ((await redis.get(keys.dlq.version())) === DLQ_INDEX_VERSION) {
    return { ran: false, scanned: 0, indexed: 0, unreadable: [] };
  }
  const watcher = withQuarryScripts(
    duplicateClient(redis, 'quarry-dlq-backfill', { waitForConnection: true }),
  );
  watcher.on('error', () => {});
  const seen = new Set<string>();
  const unreadable: { jobId: string; problem: string }[] = [];
  let indexed = 0;
  try {
    for (const type of dlqJobTypes) {
      for (let start = 0; ; start += batchSize) {
        const ids = await dlq.getRanges([type], start, start + batchSize - 1, true);
        const fresh = [...new Set(ids)].filter((id) => !seen.has(id));
        for (const id of fresh) seen.add(id);
        const entries = fresh.length > 0 ? await redis.hmget(keys.dlq.entries(), ...fresh) : [];
        const missing = fresh.filter((_, i) => entries[i] === null);
        if (missing.length > 0) indexed += await indexBatch({ watcher, dlq, keys, ids: missing, unreadable });
        if (ids.length < batchSize) break;
      }
    }
    if (seen.size > 0) await redis.set(keys.dlq.version(), DLQ_INDEX_VERSION);
  } finally {
    await watcher.quit().catch(() => watcher.disconnect());
  }
  return { ran: true, scanned: seen.size, indexed, unreadable };
}

async function indexBatch(options: {
  readonly watcher: RedisClient & QuarryScriptCommands;
  readonly dlq: Queue;
  readonly keys: QuarryKeys;
  readonly ids: readonly string[];
  readonly unreadable: { jobId: string; problem: string }[];
}): Promise<number> {
  const { watcher, dlq, keys, ids } = options;
  const jobKeys = ids.map((id) => dlq.toKey(id));
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    await watcher.watch(...jobKeys);
    const stored = await Promise.all(jobKeys.map((key) => watcher.hget(key, 'data')));
    const tx = watcher.multi() as ReturnType<typeof watcher.multi> & {
      quarryIndexDlqRecord(...keysAndArgs: string[]): unknown;
    };
    const problems: { jobId: string; problem: string }[] = [];
    let queued = 0;
    for (const [i, text] of stored.entries()) {
      const jobId = ids[i] as string;
      if (text === null) continue;
      const record = parseRecord(text);
      if (typeof record === 'string' || record.dlqId !== jobId) {
        problems.push({
          jobId,
          problem: typeof record === 'string' ? record : 'its dlqId is not its job id',
        });
        continue;
      }
      tx.quarryIndexDlqRecord(
        ...indexDlqRecordCall({ keys, record, jobKey: jobKeys[i] as string, mode: 'backfill' }),
      );
      queued += 1;
    }
    if (queued === 0) {
      await watcher.unwatch();
      options.unreadable.push(...problems);
      return 0;
    }
    const replies = await tx.exec();
    if (replies === null) continue;
    options.unreadable.push(...problems);
    let indexed = 0;
    for (const [error, reply] of replies) {
      if (error) throw error;
      if ((reply as [unknown, number])[1] === 1) indexed += 1;
    }
    return indexed;
  }
  throw new DlqIndexConflictError({ dlqIds: ids, rounds: MAX_ROUNDS });
}

/** The record stored as `text`, or what is wrong with it. */
function parseRecord(text: string): DlqRecord | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'its data is not JSON';
  }
  const parsed = DlqRecord.safeParse(value);
  if (parsed.success) return parsed.data;
  return parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
    .join('; ');
}
