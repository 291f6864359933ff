import { type BatchEntry, parseBatchEntry } from './batch-entry';
import { type BatchIntent, batchIntentOf } from './batch-intent';
import { BatchRecords } from './batch-records';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';

/** What `park` returns for an attempt whose outcome is stored already. */
export const BATCH_ENTRY_SETTLED = ':settled';

/** Options of {@link BatchLaneStore}. */
export interface BatchLaneStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Lifetime of a stored outcome (the attempt records' lifetime). */
  readonly resultTtlSeconds: number;
}

/** A batch in flight. */
export interface BatchInFlight {
  readonly batchId: string;
  readonly model: string;
  readonly submittedAtMs: number;
}

/**
 * The batch lane's state in Redis: per-model collectors of waiting attempts (references only:
 * job id, model, owner, times), intents saved before each create call, batches in flight with
 * their custom_id → ref maps, and each attempt's outcome, written once. Every move of an entry
 * is one script that checks who owns the entry (see docs/batch-lane.md).
 */
export class BatchLaneStore {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #keys: QuarryKeys['batch'];
  readonly #ttl: number;
  /** What operators are shown of each batch; opened here when a batch is saved. */
  readonly records: BatchRecords;

  constructor(options: BatchLaneStoreOptions) {
    if (!Number.isInteger(options.resultTtlSeconds) || options.resultTtlSeconds < 1) {
      throw new TypeError(`resultTtlSeconds must be a positive integer, got ${options.resultTtlSeconds}`);
    }
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys.batch;
    this.#ttl = options.resultTtlSeconds;
    this.records = new BatchRecords({ redis: options.redis, keys: options.keys });
  }

  /**
   * Puts an attempt into its model's collector unless it is known or its outcome is stored; returns
   * its owner ('' = waiting), or {@link BATCH_ENTRY_SETTLED} when the outcome is stored (read it with `result`).
   */
  park(entry: { ref: string; jobId: string; model: string; nowMs: number; deadlineMs: number | null }) {
    const k = this.#keys;
    return this.#redis.quarryParkBatchEntry(
      ...[k.entries(), k.waiting(entry.model), k.deadlines(), k.models(), k.result(entry.ref)],
      ...[entry.ref, entry.jobId, entry.model, entry.nowMs, entry.deadlineMs ?? ''],
    );
  }

  /** The stored outcome of an attempt (JSON), or null. */
  result(ref: string): Promise<string | null> {
    return this.#redis.get(this.#keys.result(ref));
  }

  /**
   * Stores an attempt's outcome while `owner` still owns its entry; returns the job id when stored,
   * else ''. Owner '' stores it for an entry still waiting, or for an attempt never parked.
   */
  settle(options: { ref: string; owner: string; model: string; outcome: string }): Promise<string> {
    const k = this.#keys;
    return this.#redis.quarrySettleBatchEntry(
      ...[k.entries(), k.result(options.ref), k.deadlines(), k.waiting(options.model)],
      ...[options.ref, options.owner, options.outcome, this.#ttl],
    );
  }

  /** Puts entries still owned by `batchId` back into the collector; returns their job ids. */
  requeue(options: { batchId: string; model: string; refs: readonly string[] }): Promise<string[]> {
    if (options.refs.length === 0) return Promise.resolve([]);
    const k = this.#keys;
    return this.#redis.quarryRequeueBatchEntries(
      ...[k.entries(), k.waiting(options.model), k.members(options.batchId)],
      ...[k.meta(options.batchId), k.inFlight()],
      ...[options.batchId, '0', options.batchId, ...options.refs],
    );
  }

  /**
   * Puts an entry still owned by `batchId` back into the collector after its result failed for a
   * document file the Files API lost, marked with `lostFileId`; returns its job id, or '' when
   * `batchId` no longer owns it.
   */
  requeueLostFile(options: {
    ref: string;
    batchId: string;
    model: string;
    lostFileId: string;
  }): Promise<string> {
    const k = this.#keys;
    return this.#redis.quarryRequeueLostFileEntry(
      ...[k.entries(), k.waiting(options.model)],
      ...[options.ref, options.batchId, options.lostFileId],
    );
  }

  /** Ends a batch: entries it still owns go back to the collector; returns their job ids. */
  finishBatch(batch: { batchId: string; model: string }): Promise<string[]> {
    const k = this.#keys;
    return this.#redis.quarryRequeueBatchEntries(
      ...[k.entries(), k.waiting(batch.model), k.members(batch.batchId), k.meta(batch.batchId), k.inFlight()],
      ...[batch.batchId, '1', batch.batchId],
    );
  }

  /** Drops an intent whose batch was never created: its entries go back; returns their job ids. */
  releaseIntent(intent: { intentId: string; model: string }): Promise<string[]> {
    const k = this.#keys;
    const { intentId } = intent;
    return this.#redis.quarryRequeueBatchEntries(
      ...[k.entries(), k.waiting(intent.model), k.intentEntries(intentId), k.intent(intentId), k.intents()],
      ...[`intent:${intentId}`, '1', intentId],
    );
  }

  /**
   * Phase one: moves waiting entries (ref → custom_id) into a new intent, each keeping the document
   * file id its request references (`fileId`); returns the refs taken.
   */
  takeIntent(options: {
    intentId: string;
    model: string;
    nowMs: number;
    entries: readonly { ref: string; customId: string; fileId?: string | null }[];
  }): Promise<string[]> {
    const k = this.#keys;
    const { intentId } = options;
    return this.#redis.quarryTakeBatchIntent(
      ...[k.entries(), k.waiting(options.model), k.intents(), k.intent(intentId), k.intentEntries(intentId)],
      ...[intentId, options.nowMs, options.model],
      ...options.entries.flatMap((entry) => [entry.ref, entry.customId, entry.fileId ?? '']),
    );
  }

  /** Phase two: the intent becomes batch `batchId`; false when the intent was settled already. */
  async saveBatchId(options: { intentId: string; batchId: string; nowMs: number }): Promise<boolean> {
    const k = this.#keys;
    const { intentId, batchId } = options;
    const moved = await this.#redis.quarrySaveBatchId(
      ...[k.entries(), k.intents(), k.intent(intentId), k.intentEntries(intentId)],
      ...[k.meta(batchId), k.members(batchId), k.inFlight(), k.known()],
      ...[intentId, batchId, options.nowMs],
    );
    if (moved < 0) return false;
    const model = (await this.#redis.hget(k.meta(batchId), 'model')) ?? '';
    await this.records.open({ batchId, model, submittedAtMs: options.nowMs });
    return true;
  }

  /** Marks an intent whose create call failed without an answer, for reconciliation. */
  async markIntentUnknown(intentId: string): Promise<void> {
    const key = this.#keys.intent(intentId);
    if ((await this.#redis.exists(key)) === 1) await this.#redis.hset(key, 'state', 'unknown');
  }

  /** Models that have had a collector. */
  models(): Promise<string[]> {
    return this.#redis.smembers(this.#keys.models());
  }

  /** How many attempts wait in a model's collector, and since when the oldest waits (ms, or null). */
  async waiting(model: string): Promise<{ count: number; oldestMs: number | null }> {
    const key = this.#keys.waiting(model);
    const [count, oldest] = await Promise.all([
      this.#redis.zcard(key),
      this.#redis.zrange(key, 0, 0, 'WITHSCORES'),
    ]);
    return { count, oldestMs: oldest[1] === undefined ? null : Number(oldest[1]) };
  }

  /** The oldest `limit` waiting entries of a model, oldest first. */
  async waitingEntries(model: string, limit: number): Promise<BatchEntry[]> {
    const refs = await this.#redis.zrange(this.#keys.waiting(model), 0, Math.max(0, limit - 1));
    return this.entries(refs);
  }

  /** Entries whose deadline is at or before `untilMs`, soonest first. */
  async dueByDeadline(untilMs: number, limit: number): Promise<BatchEntry[]> {
    const refs = await this.#redis.zrangebyscore(this.#keys.deadlines(), '-inf', untilMs, 'LIMIT', 0, limit);
    return this.entries(refs);
  }

  /** The stored entries of some refs (those that no longer exist left out). */
  async entries(refs: readonly string[]): Promise<BatchEntry[]> {
    if (refs.length === 0) return [];
    const raws = await this.#redis.hmget(this.#keys.entries(), ...refs);
    return refs.flatMap((ref, i) => {
      const raw = raws[i];
      return raw ? [parseBatchEntry(ref, raw)] : [];
    });
  }

  /** Intents saved and not yet settled, oldest first. */
  async intents(): Promise<BatchIntent[]> {
    const ids = await this.#redis.zrange(this.#keys.intents(), 0, -1);
    const intents = await Promise.all(
      ids.map(async (intentId): Promise<BatchIntent | null> => {
        const [meta, entries] = await Promise.all([
          this.#redis.hgetall(this.#keys.intent(intentId)),
          this.#redis.hgetall(this.#keys.intentEntries(intentId)),
        ]);
        return batchIntentOf(intentId, meta, entries);
      }),
    );
    return intents.filter((intent): intent is BatchIntent => intent !== null);
  }

  /** Batches in flight, oldest first. */
  async inFlight(): Promise<BatchInFlight[]> {
    const ids = await this.#redis.zrange(this.#keys.inFlight(), 0, -1, 'WITHSCORES');
    const batches: BatchInFlight[] = [];
    for (let i = 0; i < ids.length; i += 2) {
      const batchId = ids[i] as string;
      const model = (await this.#redis.hget(this.#keys.meta(batchId), 'model')) ?? '';
      batches.push({ batchId, model, submittedAtMs: Number(ids[i + 1]) });
    }
    return batches;
  }

  /** The ref a batch's custom_id names, or null when it names none of this queue's. */
  memberRef(batchId: string, customId: string): Promise<string | null> {
    return this.#redis.hget(this.#keys.members(batchId), customId);
  }

  /** The refs of a batch's entries. */
  memberRefs(batchId: string): Promise<string[]> {
    return this.#redis.hvals(this.#keys.members(batchId));
  }

  /** Whether this queue created or adopted batch `batchId`. */
  async isKnown(batchId: string): Promise<boolean> {
    return (await this.#redis.zscore(this.#keys.known(), batchId)) !== null;
  }

  /** Records a batch as known without adopting it (e.g. one created for an intent already settled). */
  async markKnown(batchId: string, nowMs: number): Promise<void> {
    await this.#redis.zadd(this.#keys.known(), nowMs, batchId);
  }
}
