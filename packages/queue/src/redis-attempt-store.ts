import { AttemptRecord, type AttemptStore } from '@quarry/core';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Options of {@link RedisAttemptStore}. */
export interface RedisAttemptStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Records expire this long after the last append. */
  readonly ttlSeconds: number;
  /** Told about a stored record that no longer parses; it is skipped (and left in Redis). */
  readonly onUnreadable?: (problem: { jobKey: string; field: string; error: unknown }) => void;
}

/**
 * Saves one attempt record and renews the TTL of its job's hash, atomically.
 * KEYS[1] the job's attempts hash
 * ARGV[1] the attempt number (field), ARGV[2] the record JSON, ARGV[3] the TTL in seconds
 */
const APPEND_ATTEMPT_LUA = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return redis.call('EXPIRE', KEYS[1], ARGV[3])
`;

const APPEND = 'quarryAppendAttempt';

interface AttemptCommands {
  [APPEND](key: string, field: string, json: string, ttlSeconds: number): Promise<number>;
}

/**
 * Attempt records in a Redis hash per job (field = attempt number), so saving the same attempt twice
 * keeps one copy. `append` is one atomic script call (HSET + EXPIRE) and resolves once Redis has it.
 * (A script rather than MULTI: on a connection carrying BullMQ's scripts every ioredis pipeline copies
 * all of them, which made saving an attempt one of the worker's most expensive steps.)
 */
export class RedisAttemptStore implements AttemptStore {
  readonly #redis: RedisClient & AttemptCommands;
  readonly #keys: QuarryKeys;
  readonly #ttlSeconds: number;
  readonly #onUnreadable: RedisAttemptStoreOptions['onUnreadable'];

  constructor(options: RedisAttemptStoreOptions) {
    if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 1) {
      throw new TypeError(`ttlSeconds must be a positive integer, got ${options.ttlSeconds}`);
    }
    const redis = options.redis as RedisClient & Partial<AttemptCommands>;
    if (!redis[APPEND]) redis.defineCommand(APPEND, { numberOfKeys: 1, lua: APPEND_ATTEMPT_LUA });
    this.#redis = redis as RedisClient & AttemptCommands;
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
    try {
      await this.#redis[APPEND](key, String(valid.n), JSON.stringify(valid), this.#ttlSeconds);
    } catch (cause) {
      throw new Error(`Saving attempt ${valid.n} of job ${jobKey} failed`, { cause });
    }
  }

  /** Deletes a job's records (e.g. once its result or DLQ record holds them). */
  async clear(jobKey: string): Promise<void> {
    await this.#redis.del(this.#keys.attempts(jobKey));
  }
}
