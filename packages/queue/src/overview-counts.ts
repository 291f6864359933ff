import type { Queue } from 'bullmq';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Options of {@link OverviewCounts}. */
export interface OverviewCountsOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** The extraction queue (its completed jobs are counted by finish time). */
  readonly queue: Queue;
}

/** A time series: bucket starts (ms, oldest first) and one count per bucket. */
export interface CountSeries {
  readonly starts: readonly number[];
  readonly counts: readonly number[];
}

/** Jobs per time bucket by outcome. */
export interface OutcomeSeries {
  readonly starts: readonly number[];
  /** Completed jobs still kept by BullMQ (its `removeOnComplete` retention bounds what is counted). */
  readonly completed: readonly number[];
  /** Completed jobs flagged for review and not acknowledged yet (by flag time). */
  readonly flagged: readonly number[];
  /** Jobs dead-lettered (by dead-letter time). */
  readonly deadLettered: readonly number[];
}

/** Review entries waiting, by how long they have waited, and the oldest flag time. */
export interface ReviewAges {
  /** Entries waiting at most `edgesMs[i]` (and longer than the edge before); the last bucket is everything older. */
  readonly counts: readonly number[];
  /** Flag time (ms) of the oldest waiting entry, or null when none waits. */
  readonly oldestFlaggedAt: number | null;
}

/** A window of whole buckets: at least 1, at most `max` buckets of `bucketMs` (1 s … 1 day). */
export interface BucketWindow {
  readonly now: number;
  readonly bucketMs: number;
  readonly buckets: number;
}

/** The most buckets one series reads. */
export const OVERVIEW_MAX_BUCKETS = 1440;

const clampInt = (n: number, min: number, max: number): number =>
  Number.isFinite(n) ? Math.min(max, Math.max(min, Math.floor(n))) : min;

/** Bucket starts of a window (clamped), oldest first, the last one holding `now`. */
function bucketsOf(window: BucketWindow): { starts: number[]; bucketMs: number } {
  const bucketMs = clampInt(window.bucketMs, 1000, 86_400_000);
  const buckets = clampInt(window.buckets, 1, OVERVIEW_MAX_BUCKETS);
  const last = Math.floor(window.now / bucketMs) * bucketMs;
  return { starts: Array.from({ length: buckets }, (_, i) => last - (buckets - 1 - i) * bucketMs), bucketMs };
}

/**
 * The counts the dashboard's overview charts are drawn from, each read in one pipeline of ZCOUNTs
 * over sorted sets scored by time (every key shares the prefix's hash tag, so a cluster answers it
 * from one node): jobs per bucket by outcome, DLQ arrivals per fingerprint, the review backlog by age.
 */
export class OverviewCounts {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;
  readonly #completedKey: string;

  constructor(options: OverviewCountsOptions) {
    this.#redis = options.redis;
    this.#keys = options.keys;
    this.#completedKey = options.queue.toKey('completed');
  }

  /** Completed, flagged and dead-lettered jobs per bucket. */
  async outcomes(window: BucketWindow): Promise<OutcomeSeries> {
    const { starts, bucketMs } = bucketsOf(window);
    const sets = [this.#completedKey, this.#keys.reviewPending(), this.#keys.dlq.byTime()];
    const [completed = [], flagged = [], deadLettered = []] = await this.#countAll(sets, starts, bucketMs);
    return { starts, completed, flagged, deadLettered };
  }

  /** DLQ arrivals per bucket of each fingerprint. */
  async dlqArrivals(
    fingerprints: readonly string[],
    window: BucketWindow,
  ): Promise<Map<string, CountSeries>> {
    const { starts, bucketMs } = bucketsOf(window);
    const sets = fingerprints.map((fingerprint) => this.#keys.dlq.byFingerprint(fingerprint));
    const counts = await this.#countAll(sets, starts, bucketMs);
    return new Map(fingerprints.map((fingerprint, i) => [fingerprint, { starts, counts: counts[i] ?? [] }]));
  }

  /** Review entries waiting, by age up to each edge (ms, ascending), and the oldest flag time. */
  async reviewAges(now: number, edgesMs: readonly number[]): Promise<ReviewAges> {
    const key = this.#keys.reviewPending();
    const pipeline = this.#redis.pipeline();
    const bounds = [0, ...edgesMs.map((edge) => Math.max(0, edge))];
    bounds.forEach((edge, i) => {
      const next = bounds[i + 1];
      // The newest bucket also takes entries flagged "in the future" (another host's clock).
      pipeline.zcount(key, next === undefined ? '-inf' : `(${now - next}`, i === 0 ? '+inf' : now - edge);
    });
    pipeline.zrange(key, 0, 0, 'WITHSCORES');
    const replies = await this.#replies(pipeline.exec());
    const oldest = replies.at(-1) as string[] | undefined;
    return {
      counts: replies.slice(0, -1).map(Number),
      oldestFlaggedAt: oldest?.[1] !== undefined ? Number(oldest[1]) : null,
    };
  }

  async #countAll(sets: readonly string[], starts: readonly number[], bucketMs: number): Promise<number[][]> {
    if (sets.length === 0) return [];
    const pipeline = this.#redis.pipeline();
    for (const key of sets) {
      for (const start of starts) pipeline.zcount(key, start, `(${start + bucketMs}`);
    }
    const replies = (await this.#replies(pipeline.exec())).map(Number);
    return sets.map((_, i) => replies.slice(i * starts.length, (i + 1) * starts.length));
  }

  async #replies(exec: Promise<[Error | null, unknown][] | null>): Promise<unknown[]> {
    const replies = (await exec) ?? [];
    return replies.map(([error, value]) => {
      if (error) throw error;
      return value;
    });
  }
}
