import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { ReviewEntry } from './review-entry';

/** Options of {@link ReviewIndex.list}. */
export interface ReviewListOptions {
  /** Only entries of this workflow. */
  readonly workflow?: string;
  /** At most this many entries, oldest first. Default every entry. */
  readonly limit?: number;
}

/** An entry whose stored JSON does not parse as a {@link ReviewEntry}; listed so nothing is hidden. */
export interface UnreadableReviewEntry {
  readonly jobId: string;
  readonly problem: string;
}

/**
 * The review index: completed jobs flagged `needsReview` that no person has acknowledged yet. The
 * worker adds an entry before the job completes (so a flagged result is never silently accepted);
 * `quarry review ack` removes it. A sorted set orders entries by flag time, a hash holds them;
 * both change in one MULTI/EXEC.
 */
export class ReviewIndex {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;

  constructor(options: { readonly redis: RedisClient; readonly keys: QuarryKeys }) {
    this.#redis = options.redis;
    this.#keys = options.keys;
  }

  /** Adds (or refreshes) an entry; a job flagged twice keeps its first flag time. */
  async flag(entry: ReviewEntry): Promise<void> {
    const valid = ReviewEntry.parse(entry);
    await this.#redis
      .multi()
      .zadd(this.#keys.reviewPending(), 'NX', Date.parse(valid.flaggedAt), valid.jobId)
      .hset(this.#keys.reviewEntries(), valid.jobId, JSON.stringify(valid))
      .exec();
  }

  /** Entries waiting for review, oldest first, and any whose stored form is unreadable. */
  async list(options: ReviewListOptions = {}): Promise<{
    entries: ReviewEntry[];
    unreadable: UnreadableReviewEntry[];
  }> {
    const jobIds = await this.#redis.zrange(this.#keys.reviewPending(), 0, -1);
    if (jobIds.length === 0) return { entries: [], unreadable: [] };
    const stored = await this.#redis.hmget(this.#keys.reviewEntries(), ...jobIds);
    const entries: ReviewEntry[] = [];
    const unreadable: UnreadableReviewEntry[] = [];
    for (const [i, jobId] of jobIds.entries()) {
      const parsed = parseEntry(stored[i] ?? null);
      if (!parsed.ok) unreadable.push({ jobId, problem: parsed.problem });
      else if (options.workflow === undefined || parsed.entry.workflow === options.workflow) {
        entries.push(parsed.entry);
      }
      if (options.limit !== undefined && entries.length >= options.limit) break;
    }
    return { entries, unreadable };
  }

  /** One entry, or null when the job is not waiting for review. */
  async get(jobId: string): Promise<ReviewEntry | null> {
    const parsed = parseEntry(await this.#redis.hget(this.#keys.reviewEntries(), jobId));
    return parsed.ok ? parsed.entry : null;
  }

  /** Entries waiting for review. One ZCARD. */
  count(): Promise<number> {
    return this.#redis.zcard(this.#keys.reviewPending());
  }

  /** Acknowledges a reviewed job: removes its entry. @returns false when the job was not waiting for review. */
  async ack(jobId: string): Promise<boolean> {
    const replies = await this.#redis
      .multi()
      .zrem(this.#keys.reviewPending(), jobId)
      .hdel(this.#keys.reviewEntries(), jobId)
      .exec();
    return (replies ?? []).some(([error, removed]) => error === null && Number(removed) > 0);
  }
}

function parseEntry(text: string | null): { ok: true; entry: ReviewEntry } | { ok: false; problem: string } {
  if (text === null) return { ok: false, problem: 'the entry is missing' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'the entry is not JSON' };
  }
  const parsed = ReviewEntry.safeParse(value);
  if (parsed.success) return { ok: true, entry: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, problem: first ? `${first.path.join('.') || '(entry)'}: ${first.message}` : 'invalid' };
}
