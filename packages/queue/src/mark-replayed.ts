import type { Queue } from 'bullmq';
import { markDlqReplayedCall } from './dlq-index-call';
import { DlqRecord } from './dlq-record';
import { bullJobLogsKey, type QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { markDlqReplayed4 } from './scripts/mark-dlq-replayed-4';
import { execWithJobs, type TransactionalJob } from './transactional-add';

/** Options of {@link markReplayed}. */
export interface MarkReplayedOptions {
  /** The connection the extraction queue `queue` was opened on, used only by this caller (WATCH is per connection). */
  readonly redis: RedisClient;
  /** The extraction queue the replay job is added to. */
  readonly queue: Queue;
  /** The dead-letter queue holding the record. */
  readonly dlq: Queue;
  /** Quarry's keys of the queues (the DLQ indexes). */
  readonly keys: QuarryKeys;
  readonly dlqId: string;
  /** The replay job (its id is the record's deterministic replay id). */
  readonly job: TransactionalJob;
  readonly replayedAt: Date;
  /** The audit line appended to the record's job log. */
  readonly audit: string;
}

/** What one round of {@link markReplayed} did. */
export type MarkReplayedOutcome =
  | { readonly outcome: 'replayed' }
  | { readonly outcome: 'already-replayed'; readonly jobId: string | null }
  | { readonly outcome: 'missing' }
  /** A concurrent writer changed the record: nothing happened; try again. */
  | { readonly outcome: 'contended' };

/**
 * One optimistic round of a replay: WATCH the DLQ record's job hash, read it, and if it is still
 * unreplayed, one MULTI/EXEC that adds the replay job and marks the record `replayed` with the new
 * job id and time, plus an audit line in the record's job log, and moves it to `replayed` in the DLQ
 * indexes (`mark-dlq-replayed-4`).
 */
export async function markReplayed(options: MarkReplayedOptions): Promise<MarkReplayedOutcome> {
  const { redis, dlq, dlqId } = options;
  const recordKey = dlq.toKey(dlqId);
  let watching = false;
  try {
    await redis.watch(recordKey);
    watching = true;
    const raw = await redis.hget(recordKey, 'data');
    if (raw === null) return { outcome: 'missing' };
    const stored = JSON.parse(raw) as Record<string, unknown>;
    const record = DlqRecord.parse(stored);
    if (record.state === 'replayed' || record.replay) {
      return { outcome: 'already-replayed', jobId: record.replay?.jobId ?? null };
    }
    const mark = { jobId: options.job.opts.jobId, replayedAt: options.replayedAt.toISOString() };
    const marked = { ...stored, state: 'replayed', replay: mark };
    const result = await execWithJobs({
      queue: options.queue,
      commands: (tx) => {
        tx.call('HSET', recordKey, 'data', JSON.stringify(marked));
        tx.call('RPUSH', bullJobLogsKey({ queue: dlq, jobId: dlqId }), options.audit);
        tx.script(
          markDlqReplayed4,
          ...markDlqReplayedCall({ keys: options.keys, record, replayedAt: options.replayedAt }),
        );
      },
      jobs: [options.job],
    });
    watching = false;
    return result === null ? { outcome: 'contended' } : { outcome: 'replayed' };
  } finally {
    if (watching) await redis.unwatch().catch(() => {});
  }
}
