import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/**
 * The DLQ ids of records replayed before `before` (ms, exclusive), oldest replay first, from the
 * replay-time index: what retention removes. O(log N + result); no record is read.
 */
export async function readReplayedDlqIds(options: {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly before: number;
}): Promise<string[]> {
  if (!Number.isFinite(options.before)) {
    throw new RangeError(
      `The replay-time cutoff must be a finite number of milliseconds, got ${options.before}`,
    );
  }
  return options.redis.zrangebyscore(options.keys.dlq.replayed(), '-inf', `(${options.before}`);
}
