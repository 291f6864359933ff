import type { Lane } from '@quarry/core';

/** The lanes of a soak's jobs: all realtime, all batch, or alternating (even jobs realtime, odd batch). */
export type SoakLane = Lane | 'mixed';

/** The soak lanes, as `--lane` takes them. */
export const soakLanes: readonly SoakLane[] = ['realtime', 'batch', 'mixed'];

/** The lane of the soak's `i`-th job. */
export function laneOfJob(lane: SoakLane, i: number): Lane {
  switch (lane) {
    case 'realtime':
    case 'batch':
      return lane;
    case 'mixed':
      return i % 2 === 0 ? 'realtime' : 'batch';
  }
}

/** What the stand-in's Message Batches do in a soak with batch-lane jobs. */
export interface SoakBatchOptions {
  /** How long a batch takes to end. */
  readonly delayMs: number;
  /** Entries ended `errored` (retryable `overloaded`, permanent `invalidRequest`) or `expired`. */
  readonly shares: { readonly overloaded: number; readonly invalidRequest: number; readonly expired: number };
  /** Share of creates whose batch is made but whose response is dropped (reconciled by the workers). */
  readonly dropCreateResponse: number;
  /** Attempts that make a batch due (`BATCH_MAX_REQUESTS`). */
  readonly maxRequests: number;
}

/**
 * The workers' batch-lane settings in a soak: batches due fast, polled often; a parked job checks
 * again on its own after 5 s and an unanswered create is reconciled 70 s after its intent at the
 * latest (the call's 10 s limit plus a minute), so a promotion lost with a killed worker or a
 * create lost with one holds its jobs seconds, not the production defaults' ten minutes.
 */
export function soakBatchEnv(batch: SoakBatchOptions): Record<string, string> {
  return {
    BATCH_MAX_REQUESTS: String(batch.maxRequests),
    BATCH_MAX_WAIT_MS: '500',
    BATCH_POLL_INTERVAL_MS: '250',
    BATCH_RECHECK_MS: '5000',
    ANTHROPIC_TIMEOUT_MS: '10000',
  };
}

/** The stand-in's `batches` options for a soak. */
export function soakStandinBatches(batch: SoakBatchOptions): Record<string, unknown> {
  return { delayMs: batch.delayMs, shares: batch.shares, dropCreateResponse: batch.dropCreateResponse };
}
