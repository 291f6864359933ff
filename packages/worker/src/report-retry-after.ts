import { type FailureDecision, ModelTransportError } from '@quarry/core';
import type { Logger } from 'pino';
import type { WorkerMetrics } from './metrics/worker-metrics';

/**
 * Warns (and counts in `quarry_retry_after_adjusted_total`) when a provider's retry-after was not
 * honoured as sent: negative or malformed, so treated as absent, or longer than
 * `RATE_LIMIT_MAX_PAUSE_MS`, so the wait was capped. The header's text is never logged.
 */
export function reportRetryAfter(options: {
  readonly error: unknown;
  readonly decision: FailureDecision;
  readonly maxPauseMs: number;
  readonly log: Logger;
  readonly metrics?: WorkerMetrics | undefined;
}): void {
  const { error, decision, log, metrics } = options;
  if (error instanceof ModelTransportError && error.retryAfterProblem !== null) {
    metrics?.retryAfterAdjusted(error.retryAfterProblem);
    log.warn(
      { problem: error.retryAfterProblem, status: error.status, requestId: error.requestId },
      'retry-after from the API was negative or malformed; it was ignored',
    );
  }
  if (decision.action !== 'dead-letter' && decision.clampedFromMs !== undefined) {
    metrics?.retryAfterAdjusted('too_long');
    log.warn(
      { requestedMs: decision.clampedFromMs, delayMs: decision.delayMs, maxPauseMs: options.maxPauseMs },
      'retry-after asked for a longer wait than RATE_LIMIT_MAX_PAUSE_MS; the wait was capped',
    );
  }
}
