import type { Lane } from '@quarry/core';
import { integerVar } from '@quarry/env';
import { z } from 'zod';

/** The Message Batches API's limits: requests per batch, and bytes of one create request (256 MB). */
const batchApiLimits = { maxRequests: 100_000, maxBytes: 256 * 1_000_000 } as const;

/** Defaults of the batch lane's settings, in one place. */
export const batchLaneDefaults = {
  defaultLane: 'realtime' as Lane,
  maxRequests: 10_000,
  maxWaitMs: 60_000,
  maxBytes: batchApiLimits.maxBytes,
  deadlineMarginMs: 2 * 3_600_000,
  pollIntervalMs: 10_000,
  /** How long a parked job stays delayed before it checks again on its own (a safety net). */
  recheckMs: 10 * 60_000,
  /** TTL of the cache entry a batch request's shared prefix writes. */
  cacheTtl: '5m' as '5m' | '1h',
} as const;

/** The batch lane's settings, as `WorkerConfig.batch`. */
export interface BatchLaneSettings {
  /** The lane of jobs whose job and workflow name none (`QUARRY_DEFAULT_LANE`). */
  readonly defaultLane: Lane;
  /** Requests per batch at most; a batch is submitted once this many wait (clamped to 100,000). */
  readonly maxRequests: number;
  /** A batch is submitted this long after its oldest request started waiting. */
  readonly maxWaitMs: number;
  /** Bytes of one create request at most (clamped to 256 MB); a larger batch is cut. */
  readonly maxBytes: number;
  /** A waiting attempt whose job's deadline is this close moves to the realtime lane. */
  readonly deadlineMarginMs: number;
  /** How often each worker's coordinator looks for work (submit, poll, promote). */
  readonly pollIntervalMs: number;
  /** How long a parked job stays delayed before it checks again on its own. */
  readonly recheckMs: number;
  /**
   * TTL of the cache entry a batch request's shared prefix writes (`BATCH_CACHE_TTL`): `5m`, or
   * `1h` (writes cost 2× base input instead of 1.25×; reads stay possible for an hour).
   */
  readonly cacheTtl: '5m' | '1h';
}

/** The batch lane's environment variables, merged into the worker's schema. */
export const batchLaneEnv = {
  QUARRY_DEFAULT_LANE: z
    .string()
    .trim()
    .pipe(z.enum(['realtime', 'batch'], { error: 'realtime or batch' }))
    .default(batchLaneDefaults.defaultLane)
    .meta({
      description:
        'Lane of jobs whose job and workflow name none: `realtime` or `batch` (Message Batches at half price, see [docs/batch-lane.md](docs/batch-lane.md)).',
    }),
  BATCH_MAX_REQUESTS: integerVar(1).default(batchLaneDefaults.maxRequests).meta({
    description: "A model's batch is submitted once this many attempts wait (clamped to the API's 100,000).",
  }),
  BATCH_MAX_WAIT_MS: integerVar(0, 86_400_000)
    .default(batchLaneDefaults.maxWaitMs)
    .meta({ description: '… or once the oldest waiting attempt has waited this long.' }),
  BATCH_MAX_BYTES: integerVar(1024).default(batchLaneDefaults.maxBytes).meta({
    description: 'Largest create request; a batch over it is cut and the rest sent next (clamped to 256 MB).',
  }),
  BATCH_DEADLINE_MARGIN_MS: integerVar(0, 86_400_000).default(batchLaneDefaults.deadlineMarginMs).meta({
    description:
      "An attempt still waiting to be collected whose job's `deadline` is this close goes to the realtime lane.",
  }),
  BATCH_POLL_INTERVAL_MS: integerVar(50, 3_600_000)
    .default(batchLaneDefaults.pollIntervalMs)
    .meta({ description: "How often each worker's batch coordinator submits, polls and promotes." }),
  BATCH_RECHECK_MS: integerVar(1000, 86_400_000).default(batchLaneDefaults.recheckMs).meta({
    description:
      'How long a parked batch-lane job waits before it checks again on its own (bounds a promotion lost in a crash).',
  }),
  BATCH_CACHE_TTL: z
    .string()
    .trim()
    .pipe(z.enum(['5m', '1h'], { error: '5m or 1h' }))
    .default(batchLaneDefaults.cacheTtl)
    .meta({
      description:
        "Cache TTL of a batch-lane request's shared prefix: `5m` or `1h` (1-hour writes cost 2× base input instead of 1.25×; see [the batch lane](docs/batch-lane.md#prompt-caching-in-batches)).",
    }),
};

type BatchLaneEnv = { [K in keyof typeof batchLaneEnv]: z.output<(typeof batchLaneEnv)[K]> };

/** The settings from the parsed variables; request and byte limits clamped to the API's. */
export function batchLaneSettings(env: BatchLaneEnv): BatchLaneSettings {
  return {
    defaultLane: env.QUARRY_DEFAULT_LANE,
    maxRequests: Math.min(env.BATCH_MAX_REQUESTS, batchApiLimits.maxRequests),
    maxWaitMs: env.BATCH_MAX_WAIT_MS,
    maxBytes: Math.min(env.BATCH_MAX_BYTES, batchApiLimits.maxBytes),
    deadlineMarginMs: env.BATCH_DEADLINE_MARGIN_MS,
    pollIntervalMs: env.BATCH_POLL_INTERVAL_MS,
    recheckMs: env.BATCH_RECHECK_MS,
    cacheTtl: env.BATCH_CACHE_TTL,
  };
}
