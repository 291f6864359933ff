import type { Queue } from 'bullmq';
import type { RedisClient } from './redis-connection';

/** Options of {@link CompletedRetention}. */
export interface CompletedRetentionOptions {
  readonly redis: RedisClient;
  /** The queue whose completed jobs are kept in bounds. */
  readonly queue: Queue;
  /** Completed jobs older than this are removed. */
  readonly ageSeconds: number;
  /** At most this many completed jobs are kept (the newest). */
  readonly count: number;
  /** Jobs removed per BullMQ `clean` call. Default 1,000. */
  readonly batch?: number;
}

/** What one {@link CompletedRetention.sweep} removed. */
export interface RetentionSweep {
  readonly removedByCount: number;
  readonly removedByAge: number;
}

/**
 * Keeps a queue's completed jobs within an age and a count, by sweeps instead of per job: BullMQ's
 * `removeOnComplete: { age, count }` costs every completion three commands, a sweep two commands when
 * there is nothing to remove (the set's size and its oldest entry), and then BullMQ's own `clean`,
 * which removes each job and its keys as the per-job retention would. Between two sweeps the set may
 * hold more than `count` (the completions of one interval). Several workers may sweep at once: each
 * `clean` is one atomic script, so a job is removed once. Ages are by the real clock, as `clean`'s.
 */
export class CompletedRetention {
  readonly #redis: RedisClient;
  readonly #queue: Queue;
  readonly #ageMs: number;
  readonly #count: number;
  readonly #batch: number;

  /** @throws RangeError when `ageSeconds`, `count` or `batch` is not a positive integer. */
  constructor(options: CompletedRetentionOptions) {
    for (const [name, value] of [
      ['ageSeconds', options.ageSeconds],
      ['count', options.count],
      ['batch', options.batch ?? 1000],
    ] as const) {
      if (!Number.isSafeInteger(value) || value < 1) {
        throw new RangeError(`${name} must be a positive integer, got ${value}`);
      }
    }
    this.#redis = options.redis;
    this.#queue = options.queue;
    this.#ageMs = options.ageSeconds * 1000;
    this.#count = options.count;
    this.#batch = options.batch ?? 1000;
  }

  /** Removes the completed jobs past the count (oldest first), then those past the age. */
  async sweep(): Promise<RetentionSweep> {
    const key = this.#queue.toKey('completed');
    const replies = await this.#redis.multi().zcard(key).zrange(key, 0, 0, 'WITHSCORES').exec();
    const size = Number(replies?.[0]?.[1] ?? 0);
    const oldest = (replies?.[1]?.[1] as string[] | undefined) ?? [];
    let removedByCount = 0;
    if (size > this.#count) {
      // The newest `count` stay: everything finished no later than the next one goes.
      const [, cutText] = await this.#redis.zrevrange(key, this.#count, this.#count, 'WITHSCORES');
      const cut = Number(cutText);
      if (Number.isFinite(cut)) removedByCount = await this.#clean(Math.max(0, Date.now() - cut));
    }
    let removedByAge = 0;
    const oldestAt = Number(oldest[1]);
    if (Number.isFinite(oldestAt) && oldestAt <= Date.now() - this.#ageMs) {
      removedByAge = await this.#clean(this.#ageMs);
    }
    return { removedByCount, removedByAge };
  }

  /** Cleans completed jobs finished at least `graceMs` ago, a batch at a time, until none is left. */
  async #clean(graceMs: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = await this.#queue.clean(graceMs, this.#batch, 'completed');
      removed += ids.length;
      if (ids.length < this.#batch) return removed;
    }
  }
}
