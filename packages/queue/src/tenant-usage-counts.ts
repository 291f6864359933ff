import { TENANT_WAIT_BUCKETS_MS } from './tenant-wait-histogram';

/** A tenant's usage totals over a period (a UTC day or month). */
export interface TenantUsageTotals {
  /** Job runs started. */
  started: number;
  /** Jobs completed with a valid result. */
  completed: number;
  /** Model calls settled (attempts). */
  attempts: number;
  inputTokens: number;
  outputTokens: number;
  /** Settled cost of the attempts, USD. */
  costUsd: number;
}

/** Usage counters of one tenant as written: the totals, and queue waits per bucket. */
export interface TenantUsageCounts extends TenantUsageTotals {
  /** Waits counted per bucket of `TENANT_WAIT_BUCKETS_MS` (same length). */
  waits: number[];
}

/** Counters at zero. */
export function emptyTenantUsage(): TenantUsageCounts {
  return {
    started: 0,
    completed: 0,
    attempts: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    waits: TENANT_WAIT_BUCKETS_MS.map(() => 0),
  };
}

/** Adds `from` into `into`. */
export function addTenantUsage(into: TenantUsageCounts, from: TenantUsageCounts): void {
  into.started += from.started;
  into.completed += from.completed;
  into.attempts += from.attempts;
  into.inputTokens += from.inputTokens;
  into.outputTokens += from.outputTokens;
  into.costUsd += from.costUsd;
  for (const [index, count] of from.waits.entries()) {
    if (index < into.waits.length) into.waits[index] = (into.waits[index] ?? 0) + count;
  }
}
