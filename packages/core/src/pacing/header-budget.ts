import {
  type RateLimitDimensionName,
  type RateLimitReading,
  rateLimitDimensions,
} from './rate-limit-reading';

/** What the headers say of one dimension, in the form the shared budget takes it. */
export interface HeaderBudget {
  /** The bucket's size per minute. */
  readonly limit: number;
  /**
   * The level the headers allow now: the smaller of `remaining` and what a bucket that is full at
   * the reset time holds now (`limit × (1 − time to reset / 1 min)`, below 0 when the reset is more
   * than a minute away). Null when neither was sent.
   */
  readonly level: number | null;
}

/** A minute, the period every limit is expressed in. */
const minuteMs = 60_000;

/**
 * The budget update a response's rate-limit headers call for, per dimension that named a limit.
 * A reset time is honoured for at most `maxAheadMs` ahead (a wild one must not stop every worker
 * for hours); one in the past counts as now.
 */
export function headerBudget(options: {
  readonly reading: RateLimitReading;
  /** Epoch ms. */
  readonly now: number;
  readonly maxAheadMs: number;
}): Partial<Record<RateLimitDimensionName, HeaderBudget>> {
  const { reading, now } = options;
  const update: Partial<Record<RateLimitDimensionName, HeaderBudget>> = {};
  for (const name of rateLimitDimensions) {
    const { limit, remaining, resetAt } = reading[name];
    if (limit === null) continue;
    const candidates: number[] = [];
    if (remaining !== null) candidates.push(Math.min(remaining, limit));
    if (resetAt !== null) {
      const ahead = Math.min(Math.max(0, resetAt - now), options.maxAheadMs);
      candidates.push(Math.floor(limit - (ahead * limit) / minuteMs));
    }
    update[name] = { limit, level: candidates.length > 0 ? Math.min(...candidates) : null };
  }
  return update;
}
