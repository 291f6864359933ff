/**
 * Upper bounds (ms) of the buckets tenants' queue waits are counted in: log-spaced (1, 2.5, 5 per
 * decade) from 100 ms to a day. A wait longer than a day counts in the last bucket.
 */
export const TENANT_WAIT_BUCKETS_MS: readonly number[] = [
  100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 60_000, 150_000, 300_000, 600_000, 1_500_000, 3_600_000,
  10_800_000, 21_600_000, 43_200_000, 86_400_000,
];

/** The index of the bucket a wait of `waitMs` counts in (a wait that is not a number counts as 0). */
export function tenantWaitBucket(waitMs: number): number {
  const wait = Number.isFinite(waitMs) ? Math.max(0, waitMs) : 0;
  const index = TENANT_WAIT_BUCKETS_MS.findIndex((bound) => wait <= bound);
  return index === -1 ? TENANT_WAIT_BUCKETS_MS.length - 1 : index;
}

/**
 * The wait below which a share `q` (0 to 1) of the counted waits fall, bucketed: the upper bound of
 * the bucket the quantile falls in. Null when nothing was counted.
 */
export function tenantWaitQuantileMs(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  const rank = Math.max(1, Math.ceil(Math.min(1, Math.max(0, q)) * total));
  let seen = 0;
  for (const [index, count] of counts.entries()) {
    seen += count;
    if (seen >= rank) return TENANT_WAIT_BUCKETS_MS[index] ?? null;
  }
  return TENANT_WAIT_BUCKETS_MS.at(-1) ?? null;
}
