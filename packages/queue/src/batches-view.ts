import {
  type BatchDetail,
  BatchResultType,
  type BatchSummary,
  batchSummaryOf,
  type CollectorState,
} from './batch-summary';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Options of {@link BatchesView}. */
export interface BatchesViewOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
}

/** The most batches one list returns, and requests one detail returns. */
export const BATCHES_VIEW_LIMITS = { batches: 1000, requests: 10_000 } as const;

const clamp = (n: number, max: number) => (Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1);

/** The job id and attempt of a ref `<job id>@<job timestamp>#<attempt>` (the ref itself when it is not one). */
function refParts(ref: string): { jobId: string; attempt: number | null } {
  const match = /^(.+)@\d+#(\d+)$/.exec(ref);
  return match ? { jobId: match[1] as string, attempt: Number(match[2]) } : { jobId: ref, attempt: null };
}

/**
 * The batch lane as operators see it, read-only: the batches this queue has in flight or ended
 * within the records' retention (newest first, from their records; a batch in flight without a
 * record is shown from its in-flight state), one batch's requests, and each model's collector.
 */
export class BatchesView {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys['batch'];

  constructor(options: BatchesViewOptions) {
    this.#redis = options.redis;
    this.#keys = options.keys.batch;
  }

  /** Batches newest first, at most `limit` (clamped to 1…1000). */
  async list(options: { readonly limit: number }): Promise<BatchSummary[]> {
    const limit = clamp(options.limit, BATCHES_VIEW_LIMITS.batches);
    const [recent, inFlight] = await Promise.all([
      this.#redis.zrevrange(this.#keys.recent(), 0, limit - 1, 'WITHSCORES'),
      this.#redis.zrange(this.#keys.inFlight(), 0, -1, 'WITHSCORES'),
    ]);
    const submitted = new Map<string, number>();
    for (const list of [recent, inFlight]) {
      for (let i = 0; i < list.length; i += 2) submitted.set(list[i] as string, Number(list[i + 1]));
    }
    const ids = [...submitted.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([id]) => id);
    const flying = new Set(inFlight.filter((_, i) => i % 2 === 0));
    const summaries = await Promise.all(ids.map((batchId) => this.#summary(batchId, flying.has(batchId))));
    return summaries.filter((summary): summary is BatchSummary => summary !== null);
  }

  /** One batch with up to `requestLimit` of its requests (clamped to 1…10,000), or null when unknown. */
  async show(options: {
    readonly batchId: string;
    readonly requestLimit: number;
  }): Promise<BatchDetail | null> {
    const { batchId } = options;
    const inFlight = (await this.#redis.zscore(this.#keys.inFlight(), batchId)) !== null;
    const summary = await this.#summary(batchId, inFlight);
    if (!summary) return null;
    const [recorded, live, results] = await Promise.all([
      this.#redis.hgetall(this.#keys.recordRequests(batchId)),
      inFlight ? this.#redis.hgetall(this.#keys.members(batchId)) : Promise.resolve({}),
      this.#redis.hgetall(this.#keys.recordResults(batchId)),
    ]);
    const requests: Record<string, string> = { ...live, ...recorded };
    const requestList = Object.keys(requests)
      .sort()
      .slice(0, clamp(options.requestLimit, BATCHES_VIEW_LIMITS.requests))
      .map((customId) => {
        const type = BatchResultType.safeParse(results[customId]);
        return {
          customId,
          ...refParts(requests[customId] as string),
          result: type.success ? type.data : null,
        };
      });
    return { ...summary, requestList };
  }

  /** Each model's collector: how many attempts wait and since when the oldest waits. */
  async collectors(): Promise<CollectorState[]> {
    const models = (await this.#redis.smembers(this.#keys.models())).sort();
    return Promise.all(
      models.map(async (model) => {
        const key = this.#keys.waiting(model);
        const [waiting, oldest] = await Promise.all([
          this.#redis.zcard(key),
          this.#redis.zrange(key, 0, 0, 'WITHSCORES'),
        ]);
        const since = oldest[1] === undefined ? null : Number(oldest[1]);
        return {
          model,
          waiting,
          oldestWaitingSince:
            since === null || !Number.isFinite(since) ? null : new Date(since).toISOString(),
        };
      }),
    );
  }

  async #summary(batchId: string, inFlight: boolean): Promise<BatchSummary | null> {
    const record = await this.#redis.hgetall(this.#keys.record(batchId));
    if (record.batchId !== undefined) return batchSummaryOf({ record, inFlight });
    if (!inFlight) return null;
    // In flight without a record (saved by an earlier version, or a crash before the record was opened).
    const [meta, requests, submittedAt] = await Promise.all([
      this.#redis.hgetall(this.#keys.meta(batchId)),
      this.#redis.hlen(this.#keys.members(batchId)),
      this.#redis.zscore(this.#keys.inFlight(), batchId),
    ]);
    return batchSummaryOf({
      record: {
        batchId,
        model: meta.model ?? '',
        submittedAt: submittedAt ?? '0',
        requests: String(requests),
        status: 'in_progress',
      },
      inFlight,
    });
  }
}
