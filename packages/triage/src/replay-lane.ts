import { fairShareCost, tenantOf } from '@quarry/core';
import {
  duplicateClient,
  EXTRACTION_JOB_NAME,
  extractionQueue,
  FairOrder,
  markReplayed,
  type QuarryKeys,
  type QueueConfig,
  type RedisClient,
} from '@quarry/queue';
import type { Queue } from 'bullmq';
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
  readonly #redis: RedisClient;
  readonly #queue: Queue;
  readonly #dlq: Queue;
  readonly #keys: QuarryKeys;
  readonly #fairOrder: FairOrder;

  constructor(options: {
    readonly connection: RedisClient;
    readonly dlq: Queue;
    readonly keys: QuarryKeys;
    readonly config: QueueConfig;
  }) {
    // A fresh connection is not ready at once; let its first commands wait for it even when the
    // original fails fast (producer connections have no offline queue).
    this.#redis = duplicateClient(options.connection, 'quarry-triage-replay', { waitForConnection: true });
    this.#redis.on('error', () => {});
    this.#dlq = options.dlq;
    this.#keys = options.keys;
    this.#queue = extractionQueue({ connection: this.#redis, config: options.config });
    this.#fairOrder = new FairOrder({ redis: this.#redis, keys: this.#keys, queue: this.#queue });
  }

  /** Adds the replay job of `step` and marks its record, exactly once. */
  async write(step: Extract<ReplayStep, { action: 'replay' }>, at: Date): Promise<ReplayWriteOutcome> {
    const replayedAt = at.toISOString();
    const { redriveCount } = step.data.lineage ?? { redriveCount: 0 };
    // A replayed job takes its place in the fair order between tenants like any new job.
    const [priority] = await this.#fairOrder.stamp([
      {
        tenant: tenantOf(step.data),
        costTokens: fairShareCost({ textChars: JSON.stringify(step.data.input)?.length ?? 0 }),
      },
    ]);
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const result = await markReplayed({
        redis: this.#redis,
        queue: this.#queue,
        dlq: this.#dlq,
        keys: this.#keys,
        dlqId: step.dlqId,
        job: {
          name: EXTRACTION_JOB_NAME,
          data: step.data,
          opts: { jobId: step.newJobId, ...(priority ? { priority } : {}) },
        },
        replayedAt: at,
        audit: `replayed as job ${step.newJobId} (redrive ${redriveCount}) at ${replayedAt}`,
      });
      switch (result.outcome) {
        case 'replayed':
          return { outcome: 'replayed', newJobId: step.newJobId };
        case 'already-replayed':
          return {
            outcome: 'skipped',
            why: `already replayed${result.jobId ? ` as job ${result.jobId}` : ''}`,
          };
        case 'missing':
          throw new DlqRecordNotFoundError({ dlqIds: [step.dlqId] });
        case 'contended':
          break;
      }
    }
    throw new Error(`Replaying ${step.dlqId} gave up after ${MAX_ROUNDS} rounds of contention on its record`);
  }

  async close(): Promise<void> {
    await this.#queue.close().catch(() => {});
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
