import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';

/** How long an ended batch's record is kept for operators: 7 days. */
export const BATCH_RECORD_RETENTION_SECONDS = 7 * 24 * 60 * 60;

/** A batch is in the recent index this long after its submission: at most 24 h running, then the retention. */
const RECENT_WINDOW_MS = (24 * 60 * 60 + BATCH_RECORD_RETENTION_SECONDS) * 1000;

/** Options of {@link BatchRecords}. */
export interface BatchRecordsOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Default {@link BATCH_RECORD_RETENTION_SECONDS}. */
  readonly retentionSeconds?: number;
}

/**
 * What operators are shown of each batch (`quarry batches`, the dashboard's Batches page), written
 * by the batch lane: opened when a batch is saved, each result counted once with its cost, marked
 * ended when its results were consumed and then kept for the retention. Informational: the lane's
 * correctness never reads it.
 */
export class BatchRecords {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #keys: QuarryKeys['batch'];
  readonly #retentionSeconds: number;

  constructor(options: BatchRecordsOptions) {
    const retention = options.retentionSeconds ?? BATCH_RECORD_RETENTION_SECONDS;
    if (!Number.isInteger(retention) || retention < 1) {
      throw new TypeError(`retentionSeconds must be a positive integer, got ${retention}`);
    }
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys.batch;
    this.#retentionSeconds = retention;
  }

  /** Opens the record of a batch just saved, copying its custom_id → ref map; a second call changes nothing. */
  async open(batch: { batchId: string; model: string; submittedAtMs: number }): Promise<void> {
    const k = this.#keys;
    const { batchId } = batch;
    await this.#redis.quarryOpenBatchRecord(
      ...[k.members(batchId), k.record(batchId), k.recordRequests(batchId), k.recent()],
      ...[batchId, batch.model, batch.submittedAtMs, batch.submittedAtMs - RECENT_WINDOW_MS],
    );
  }

  /** Counts one result (its type and cost, when known) once per custom_id; true when counted now. */
  async countResult(result: {
    batchId: string;
    customId: string;
    type: 'succeeded' | 'errored' | 'expired' | 'canceled';
    costUsd: number | null;
  }): Promise<boolean> {
    const k = this.#keys;
    const cost = result.costUsd !== null && Number.isFinite(result.costUsd) && result.costUsd > 0;
    const counted = await this.#redis.quarryRecordBatchResult(
      ...[k.record(result.batchId), k.recordResults(result.batchId)],
      ...[result.customId, result.type, cost ? String(result.costUsd) : ''],
    );
    return counted === 1;
  }

  /** Marks a batch asked to cancel (by an operator); its results still come in. */
  async markCanceling(batchId: string): Promise<void> {
    const key = this.#keys.record(batchId);
    if ((await this.#redis.hget(key, 'status')) === 'in_progress')
      await this.#redis.hset(key, 'status', 'canceling');
  }

  /** Marks a batch's record ended (its results consumed); it is kept for the retention. */
  async end(batch: { batchId: string; endedAtMs: number }): Promise<void> {
    const k = this.#keys;
    const { batchId } = batch;
    await this.#redis.quarryEndBatchRecord(
      ...[k.record(batchId), k.recordRequests(batchId), k.recordResults(batchId)],
      ...[batch.endedAtMs, this.#retentionSeconds],
    );
  }
}
