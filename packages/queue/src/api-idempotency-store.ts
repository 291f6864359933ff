import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Options of {@link ApiIdempotencyStore}. */
export interface ApiIdempotencyStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** How long a key remembers its body (the queue's idempotency retention). */
  readonly retentionMs: number;
}

/** What a request's `Idempotency-Key` is: first seen (`new`), seen with the same body, or with another body. */
export type IdempotencyClaim = 'new' | 'same' | 'conflict';

/**
 * The HTTP API's `Idempotency-Key` records: per API key and idempotency key, the digest of the body it
 * was first used with (`SET NX` with the retention as TTL). The job itself is made once by the queue's
 * own idempotency (the job's `idempotencyKey`), so two racing requests with the same body get one job.
 */
export class ApiIdempotencyStore {
  readonly #options: ApiIdempotencyStoreOptions;

  /** @throws RangeError when `retentionMs` is not a positive whole number. */
  constructor(options: ApiIdempotencyStoreOptions) {
    if (!Number.isSafeInteger(options.retentionMs) || options.retentionMs < 1) {
      throw new RangeError(`retentionMs must be a positive whole number, got ${options.retentionMs}`);
    }
    this.#options = options;
  }

  /** Records `bodyDigest` for the key unless one is recorded, and tells how this body compares. */
  async claim(options: {
    readonly apiKeyId: string;
    readonly idempotencyKey: string;
    readonly bodyDigest: string;
  }): Promise<IdempotencyClaim> {
    const { redis, keys, retentionMs } = this.#options;
    const key = keys.apiIdempotency(options.apiKeyId, options.idempotencyKey);
    // Two rounds: a record that expires between SET NX and GET is claimed on the second.
    for (let round = 0; round < 2; round += 1) {
      if ((await redis.set(key, options.bodyDigest, 'PX', retentionMs, 'NX')) === 'OK') return 'new';
      const first = await redis.get(key);
      if (first !== null) return first === options.bodyDigest ? 'same' : 'conflict';
    }
    return 'new';
  }

  /** Forgets the key when it still holds `bodyDigest` (a job refused after its key was claimed). */
  async release(options: {
    readonly apiKeyId: string;
    readonly idempotencyKey: string;
    readonly bodyDigest: string;
  }): Promise<void> {
    const { redis, keys } = this.#options;
    const key = keys.apiIdempotency(options.apiKeyId, options.idempotencyKey);
    if ((await redis.get(key)) === options.bodyDigest) await redis.del(key);
  }
}
