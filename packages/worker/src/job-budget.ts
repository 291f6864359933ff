import type { ExtractBudget } from '@quarry/core';
import type { JobBudget } from '@quarry/queue';

/** Options of {@link jobBudget}. */
export interface JobBudgetOptions {
  /** The job's own budget (`JobData.budget`), already checked against the job contract. */
  readonly budget: JobBudget | undefined;
  /** The worker's default cost budget (`JOB_MAX_COST_USD`); null when there is none. */
  readonly defaultMaxCostUsd: number | null;
}

/**
 * The budget `extract()` enforces for a job. Each limit the job sets wins, higher or lower than the
 * worker's default; the default cost limit applies only to a job that sets no cost limit of its own.
 * Undefined when there is no limit at all.
 */
export function jobBudget(options: JobBudgetOptions): ExtractBudget | undefined {
  const maxTotalTokens = options.budget?.maxTokens;
  const maxCostUsd = options.budget?.maxCostUsd ?? options.defaultMaxCostUsd ?? undefined;
  if (maxTotalTokens === undefined && maxCostUsd === undefined) return undefined;
  return {
    ...(maxTotalTokens !== undefined ? { maxTotalTokens } : {}),
    ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
  };
}
