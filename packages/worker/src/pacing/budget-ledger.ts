import {
  hasRateLimits,
  headerBudget,
  type PacingDraw,
  pacingSettlement,
  type RateLimitReading,
  rateLimitDimensions,
  type Usage,
} from '@quarry/core';
import type { PacerBudgetStore, PacerLevels } from '@quarry/queue';
import type { Logger } from 'pino';
import { describeError } from '../describe-error';
import type { PacingMetrics } from '../metrics/pacing-metrics';

/** How a paced call ended, as its settlement needs it. */
export interface CallOutcome {
  /** The answer's usage; null when the call failed or never went. */
  readonly usage: Usage | null;
  /** The response's rate-limit headers (an error response's too); null when none. */
  readonly reading: RateLimitReading | null;
  /** True when an answer came back. */
  readonly answered: boolean;
  /** False when the call was never sent (its wait was cut short). Default true. */
  readonly sent?: boolean;
}

/**
 * The settling side of the pacer: reconciles a call with its budget (real usage, the headers' limits
 * and levels, a 429's retry-after, all clamped to `maxWaitAheadMs`), counts ignored headers and
 * reports the budget's levels. A failure to settle is logged, never thrown.
 */
export function budgetLedger(options: {
  readonly store: PacerBudgetStore;
  readonly log: Logger;
  readonly metrics?: PacingMetrics | undefined;
  readonly now: () => number;
  readonly maxWaitAheadMs: number;
}) {
  const { store, log, metrics, maxWaitAheadMs } = options;
  const report = (rateLimitClass: string, levels: PacerLevels): void => {
    for (const name of rateLimitDimensions) {
      const level = levels[name];
      if (level !== null) metrics?.budgetLevel(rateLimitClass, name, level);
    }
  };
  const settle = async (
    budget: string,
    rateLimitClass: string,
    drawn: PacingDraw,
    outcome: CallOutcome,
  ): Promise<void> => {
    const { reading } = outcome;
    for (const header of reading?.ignored ?? []) metrics?.headerIgnored(header);
    const headers = hasRateLimits(reading) ? 'yes' : outcome.answered ? 'no' : 'skip';
    try {
      const levels = await store.settle(budget, {
        units: pacingSettlement({ drawn, usage: outcome.usage, sent: outcome.sent ?? true }),
        headers,
        ...(reading
          ? { update: headerBudget({ reading, now: options.now(), maxAheadMs: maxWaitAheadMs }) }
          : {}),
        retryAfterMs: reading?.retryAfterMs == null ? null : Math.min(reading.retryAfterMs, maxWaitAheadMs),
      });
      report(rateLimitClass, levels);
    } catch (error) {
      log.warn(
        { error: describeError(error), rateLimitClass },
        'could not settle a call with its rate-limit budget',
      );
    }
  };
  return { report, settle };
}
