import type { CachePlacementPolicy } from '@quarry/core';
import { integerVar } from '@quarry/env';
import { z } from 'zod';

/** Defaults of the cache placement settings, in one place. */
const cacheSettingsDefaults = {
  placement: 'by_cost' as CachePlacementPolicy,
  rateHalfLifeMinutes: 30,
  refreshMs: 10_000,
} as const;

/** How the worker places cache breakpoints and learns each workflow version's first-attempt failure rate. */
export interface CacheSettings {
  /** `by_cost` (default) or `after_document`, the former single breakpoint (`QUARRY_CACHE_PLACEMENT`). */
  readonly placement: CachePlacementPolicy;
  /** Half-life of the decayed first-attempt failure rate the placement judges by (`CACHE_HALF_LIFE_MINUTES`). */
  readonly rateHalfLifeMs: number;
  /** How long one read of the rate is reused before Redis is asked again (`CACHE_RATE_REFRESH_MS`). */
  readonly refreshMs: number;
}

/** The cache placement's environment variables, merged into the worker's schema. */
export const cacheEnv = {
  QUARRY_CACHE_PLACEMENT: z
    .string()
    .trim()
    .pipe(z.enum(['by_cost', 'after_document'], { error: 'by_cost or after_document' }))
    .default(cacheSettingsDefaults.placement)
    .meta({
      description:
        "Cache breakpoints: `by_cost` (shared prefix; the job's first turn when a retry is likely) or `after_document` (the former single breakpoint).",
    }),
  CACHE_HALF_LIFE_MINUTES: integerVar(5, 1440).default(cacheSettingsDefaults.rateHalfLifeMinutes).meta({
    description:
      'Half-life (5 to 1440) of the decayed first-attempt failure rate that cache placement judges by.',
  }),
  CACHE_RATE_REFRESH_MS: integerVar(100, 600_000).default(cacheSettingsDefaults.refreshMs).meta({
    description:
      'How long a worker reuses one read of that rate (100 to 600000; once a second while under 20 first attempts).',
  }),
};

type CacheEnv = { [K in keyof typeof cacheEnv]: z.output<(typeof cacheEnv)[K]> };

/** The settings from the parsed variables. */
export function cacheSettings(env: CacheEnv): CacheSettings {
  return {
    placement: env.QUARRY_CACHE_PLACEMENT,
    rateHalfLifeMs: env.CACHE_HALF_LIFE_MINUTES * 60_000,
    refreshMs: env.CACHE_RATE_REFRESH_MS,
  };
}
