import { Gauge, type Registry } from 'prom-client';

/** The prompt-cache gauges of a worker, set whenever it writes or reads a workflow version's decayed counters. */
export interface CacheGauges {
  /** Sets both gauges of `workflow` (a bounded label); a null share leaves that gauge alone. */
  window(
    workflow: string,
    figures: { readonly firstAttemptFailureRate: number | null; readonly cacheReadShare: number | null },
  ): void;
}

/**
 * `quarry_cache_hit_share{workflow}`: the share of prompt tokens (input, cache writes, cache reads)
 * read from the prompt cache, and `quarry_first_attempt_failure_rate{workflow}`: the share of first
 * attempts that were not valid — both from the decayed counters cache placement judges by
 * (half-life `CACHE_HALF_LIFE_MINUTES`), every worker's jobs together.
 */
export function createCacheGauges(
  registers: Registry[],
  workflowLabel: (name: string) => string,
): CacheGauges {
  const hitShare = new Gauge({
    name: 'quarry_cache_hit_share',
    help: 'Share of prompt tokens read from the prompt cache decayed (half-life CACHE_HALF_LIFE_MINUTES), all workers',
    labelNames: ['workflow'] as const,
    registers,
  });
  const failureRate = new Gauge({
    name: 'quarry_first_attempt_failure_rate',
    help: 'Share of first attempts that were not valid, decayed over CACHE_HALF_LIFE_MINUTES, all workers (what cache placement judges by)',
    labelNames: ['workflow'] as const,
    registers,
  });
  return {
    window(name, figures) {
      const workflow = workflowLabel(name);
      if (figures.cacheReadShare !== null) hitShare.set({ workflow }, figures.cacheReadShare);
      if (figures.firstAttemptFailureRate !== null)
        failureRate.set({ workflow }, figures.firstAttemptFailureRate);
    },
  };
}
