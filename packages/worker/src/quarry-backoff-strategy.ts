import { fullJitterBackoff } from '@quarry/core';
import type { BackoffStrategy } from 'bullmq';

/**
 * The worker's BullMQ `settings.backoffStrategy`: the delay the failure policy chose (carried by a
 * `RetryLaterError`, retry-after included), else capped full-jitter exponential backoff.
 * BullMQ consults it for jobs whose `backoff.type` is not a built-in one.
 */
export function quarryBackoffStrategy(options: {
  readonly baseMs: number;
  readonly capMs: number;
  readonly random?: () => number;
}): BackoffStrategy {
  return (attemptsMade, _type, error) => {
    const chosen = (error as { delayMs?: unknown } | undefined)?.delayMs;
    if (error?.name === 'RetryLaterError' && typeof chosen === 'number') return chosen;
    return fullJitterBackoff({ attempt: attemptsMade, ...options });
  };
}
