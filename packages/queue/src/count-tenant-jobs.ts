import { TenantId, tenantOf } from '@quarry/core';
import type { JobType, Queue } from 'bullmq';

/** Options of {@link countTenantJobs}. */
export interface CountTenantJobsOptions {
  readonly queue: Pick<Queue, 'getJobs'>;
  /** The job states counted, e.g. `waiting`, `prioritized`, `delayed` (or `active`). */
  readonly states: readonly JobType[];
  /** Most jobs read in all (1 to 100,000); past it the counts are lower bounds. */
  readonly limit: number;
  /** Jobs read per page (1 to 1000). Default 200. */
  readonly pageSize?: number;
}

/** Jobs counted per tenant; `complete` is false when `limit` cut the count short (the counts are then at least these). */
export interface TenantJobCounts {
  readonly counts: ReadonlyMap<string, number>;
  readonly scanned: number;
  readonly complete: boolean;
}

/**
 * Counts the jobs of each tenant in the given states by paging their job data (a job whose data
 * names no tenant counts as `default`; one whose tenant is not a tenant id is not counted). Jobs
 * move while pages are read, so the counts are a snapshot of roughly now, never exact.
 */
export async function countTenantJobs(options: CountTenantJobsOptions): Promise<TenantJobCounts> {
  const limit = clampWhole(options.limit, 1, 100_000);
  const pageSize = clampWhole(options.pageSize ?? 200, 1, 1000);
  const counts = new Map<string, number>();
  let scanned = 0;
  for (const state of options.states) {
    for (let start = 0; scanned < limit; start += pageSize) {
      const size = Math.min(pageSize, limit - scanned);
      const jobs = await options.queue.getJobs([state], start, start + size - 1, true);
      scanned += jobs.length;
      for (const job of jobs) {
        const tenant = tenantOf({ tenant: readTenant(job?.data) });
        if (TenantId.safeParse(tenant).success) counts.set(tenant, (counts.get(tenant) ?? 0) + 1);
      }
      if (jobs.length < size) break;
    }
    if (scanned >= limit) return { counts, scanned, complete: false };
  }
  return { counts, scanned, complete: true };
}

function readTenant(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('tenant' in data)) return undefined;
  const { tenant } = data as { tenant: unknown };
  return typeof tenant === 'string' ? tenant : tenant === undefined ? undefined : '';
}

function clampWhole(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.floor(value)));
}
