import { AttemptRecord, type AttemptStore } from '@quarry/core';
import type { Redis } from 'ioredis';
import type { QuarryKeys } from './keys';

/** Options of {@link RedisAttemptStore}. */
export interface RedisAttemptStoreOptions {
  readonly redis: Redis;
  readonly keys: QuarryKeys;
  /** Records expire this long after the last append. */
  readonly ttlSeconds: number;
  /** Told about a stored record that no longer parses; it is skipped (and left in Redis). */
  readonly onUnreadable?: (problem: { jobKey: string; field: string; error: unknown }) => void;
}

/**
 * Attempt records in a Redis hash per job (field = attempt number), so saving the same attempt twice
 * keeps one copy. `append` is one MULTI (HSET + EXPIRE) and resolves once Redis has it.
 */
export class RedisAttemptStore implements AttemptStore {
  readonly #redis: Redis;
  readonly #keys: QuarryKeys;
  readonly #ttlSeconds: number;
  readonly #onUnreadable: RedisAttemptStoreOptions['onUnreadable'];

  constructor(options: RedisAttemptStoreOptions) {
    if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 1) {
      throw new TypeError(`ttlSeconds must be a positive integer, got ${options.ttlSeconds}`);
    }
    this.#redis = options.redis;
    this.#keys = options.keys;
    this.#ttlSeconds = options.ttlSeconds;
    this.#onUnreadable = options.onUnreadable;
  }

  /** The job's records, ordered by attempt number. */
  async load(jobKey: string): Promise<AttemptRecord[]> {
    const stored = await this.#redis.hgetall(this.#keys.attempts(jobKey));
    const records: AttemptRecord[] = [];
    for (const [field, json] of Object.entries(stored)) {
      try {
        records.push(AttemptRecord.parse(JSON.parse(json)));
      } catch (error) {
        this.#onUnreadable?.({ jobKey, field, error });
      }
    }
    return records.sort((a, b) => a.n - b.n);
  }

  async append(jobKey: string, record: AttemptRecord): Promise<void> {
    const valid = AttemptRecord.parse(record);
    const key = this.#keys.attempts(jobKey);
    const replies = await this.#redis
      .multi()
      .hset(key, String(valid.n), JSON.stringify(valid))
      .expire(key, this.#ttlSeconds)
      .exec();
    const failed = replies?.find(([error]) => error)?.[0];
    if (replies === null || failed) {
      throw new Error(`Saving attempt ${valid.n} of job ${jobKey} failed`, { cause: failed ?? undefined });
    }
  }

  /** Deletes a job's records (e.g. once its result or DLQ record holds them). */
  async clear(jobKey: string): Promise<void> {
    await this.#redis.del(this.#keys.attempts(jobKey));
  }
}
