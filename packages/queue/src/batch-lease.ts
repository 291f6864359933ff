import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { withQuarryScripts } from './scripts/quarry-scripts';

/** Options of {@link acquireBatchLease}. */
export interface AcquireBatchLeaseOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** `submit:<model>` or `poll`. */
  readonly name: string;
  /** Who asks, unique per worker. */
  readonly owner: string;
  /** Lifetime of the lease; the holder renews it on every tick. */
  readonly ttlMs: number;
}

/**
 * Takes (or renews) a coordinator lease: true when `owner` holds it now. Leases only keep the
 * batch lane's work from being done twice for nothing; correctness never depends on them (every
 * move of an entry is an atomic script that checks its owner).
 */
export async function acquireBatchLease(options: AcquireBatchLeaseOptions): Promise<boolean> {
  const redis = withQuarryScripts(options.redis);
  const held = await redis.quarryAcquireLease(
    options.keys.batch.lease(options.name),
    options.owner,
    Math.max(1, Math.round(options.ttlMs)),
  );
  return held === 1;
}

/** Gives a lease back when `owner` still holds it (best effort; it lapses anyway). */
export async function releaseBatchLease(options: Omit<AcquireBatchLeaseOptions, 'ttlMs'>): Promise<void> {
  const key = options.keys.batch.lease(options.name);
  if ((await options.redis.get(key)) === options.owner) await options.redis.del(key);
}
