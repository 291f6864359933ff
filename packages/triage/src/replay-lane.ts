import {
  DlqRecord,
  EXTRACTION_JOB_NAME,
  execWithJobs,
  extractionQueue,
  type QueueConfig,
} from '@quarry/queue';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DlqRecordNotFoundError } from './errors/dlq-record-not-found-error';
import type { ReplayStep } from './replay-plan';

/** What writing one replay did. */
export type ReplayWriteOutcome =
  | { readonly outcome: 'replayed'; readonly newJobId: string }
  | { readonly outcome: 'skipped'; readonly why: string };

/** Rounds of optimistic locking on one DLQ record before giving up. */
const MAX_ROUNDS = 10;

/**
 * One connection (WATCH state belongs to a connection) and the extraction queue opened on it;
 * replays one record at a time. A replay runs in one optimistic transaction: WATCH the DLQ record's
 * job hash, read it, and if it is still unreplayed, MULTI/EXEC that adds the new job (deterministic
 * id) and marks the record `replayed` with the new job id and time (plus an audit line in its log).
 * A concurrent replay of the same record aborts the EXEC, and the retry then sees it replayed.
 */
export class ReplayLane {
  readonly #redis: Redis;
  readonly #queue: Queue;
  readonly #dlq: Queue;

  constructor(options: { readonly connection: Redis; readonly dlq: Queue; readonly config: QueueConfig }) {
    // A fresh connection is not ready at once; let its first commands wait for it even when the
    // original fails fast (producer connections have no offline queue).
    this.#redis = options.connection.duplicate({
      connectionName: 'quarry-triage-replay',
      enableOfflineQueue: true,
    });
    this.#redis.on('error', () => {});
    this.#dlq = options.dlq;
    this.#queue = extractionQueue({ connection: this.#redis, config: options.config });
  }

  /** Adds the replay job of `step` and marks its record, exactly once. */
  async write(
    step: Extract<ReplayStep, { action: 'replay' }>,
    replayedAt: Date,
  ): Promise<ReplayWriteOutcome> {
    const recordKey = this.#dlq.toKey(step.dlqId);
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      let watching = false;
      try {
        await this.#redis.watch(recordKey);
        watching = true;
        const raw = await this.#redis.hget(recordKey, 'data');
        if (raw === null) throw new DlqRecordNotFoundError({ dlqIds: [step.dlqId] });
        const stored = JSON.parse(raw) as Record<string, unknown>;
        const record = DlqRecord.parse(stored);
        if (record.state === 'replayed' || record.replay) {
          const jobId = record.replay?.jobId;
          return { outcome: 'skipped', why: `already replayed${jobId ? ` as job ${jobId}` : ''}` };
        }
        const mark = { jobId: step.newJobId, replayedAt: replayedAt.toISOString() };
        const marked = { ...stored, state: 'replayed', replay: mark };
        const { redriveCount } = step.data.lineage ?? { redriveCount: 0 };
        const audit = `replayed as job ${step.newJobId} (redrive ${redriveCount}) at ${mark.replayedAt}`;
        const result = await execWithJobs({
          queue: this.#queue,
          commands: (tx) => {
            tx.call('HSET', recordKey, 'data', JSON.stringify(marked));
            tx.call('RPUSH', `${recordKey}:logs`, audit);
          },
          jobs: [{ name: EXTRACTION_JOB_NAME, data: step.data, opts: { jobId: step.newJobId } }],
        });
        watching = false;
        if (result !== null) return { outcome: 'replayed', newJobId: step.newJobId };
      } finally {
        if (watching) await this.#redis.unwatch().catch(() => {});
      }
    }
    throw new Error(`Replaying ${step.dlqId} gave up after ${MAX_ROUNDS} rounds of contention on its record`);
  }

  async close(): Promise<void> {
    await this.#queue.close().catch(() => {});
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
