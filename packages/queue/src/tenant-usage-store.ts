import { TenantId } from '@quarry/core';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { TenantInputError } from './tenant-input-error';
import { emptyTenantUsage, type TenantUsageCounts, type TenantUsageTotals } from './tenant-usage-counts';
import { TENANT_WAIT_BUCKETS_MS, tenantWaitQuantileMs } from './tenant-wait-histogram';

/** Limits of {@link TenantUsageStore}. */
export const tenantUsageDefaults = {
  /** How long a day's counters are kept (they feed the month's totals). */
  ttlSeconds: 62 * 86_400,
  /** Most tenants one `record` call may write. */
  maxEntries: 10_000,
  /** Largest cost one counter is read as, USD (anything larger is corrupt). */
  maxUsd: 1e12,
} as const;

/** One tenant's increments in a {@link TenantUsageStore.record} call. */
export interface TenantUsageEntry {
  readonly tenant: string;
  readonly counts: TenantUsageCounts;
}

/** A tenant's usage as {@link TenantUsageStore.read} gives it. */
export interface TenantUsage {
  readonly today: TenantUsageTotals;
  /** Summed over the month's days up to today (UTC). */
  readonly month: TenantUsageTotals;
  /** Today's queue waits, bucketed: the upper bound of the bucket the median falls in; null: none counted. */
  readonly waitP50Ms: number | null;
  /** As `waitP50Ms`, for the 95th percentile. */
  readonly waitP95Ms: number | null;
  /** Waits counted today. */
  readonly waitCount: number;
}

const TOTAL_FIELDS = {
  started: 'started',
  completed: 'completed',
  attempts: 'attempts',
  inputTokens: 'in',
  outputTokens: 'out',
} as const satisfies Record<Exclude<keyof TenantUsageTotals, 'costUsd'>, string>;
const COST_FIELD = 'usd';
const waitField = (bound: number) => `w:${bound}`;

/**
 * Tenants' usage counters in Redis: one hash per tenant per UTC day (`keys.tenants.usage`), kept
 * for 62 days, written in batches (one MULTI per batch of tenants) and read as today's and this
 * month's totals with today's wait percentiles. Every value read is checked: a field that is not a
 * non-negative number counts as 0.
 */
export class TenantUsageStore {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;

  constructor(options: { readonly redis: RedisClient; readonly keys: QuarryKeys }) {
    this.#redis = options.redis;
    this.#keys = options.keys;
  }

  /**
   * Adds each entry's counts to its tenant's counters of the UTC day of `nowMs`, all in one MULTI.
   * Counts are clamped (not a finite non-negative number: 0; counts whole).
   * @throws TenantInputError naming each bad tenant id, or too many entries; nothing is written.
   */
  async record(options: { readonly entries: readonly TenantUsageEntry[]; readonly nowMs: number }) {
    const { entries } = options;
    const problems = entries
      .filter((entry) => !TenantId.safeParse(entry.tenant).success)
      .map((entry) => `tenant ${JSON.stringify(String(entry.tenant).slice(0, 80))} is not a tenant id`);
    if (entries.length > tenantUsageDefaults.maxEntries) {
      problems.push(`at most ${tenantUsageDefaults.maxEntries} tenants per write, got ${entries.length}`);
    }
    if (problems.length > 0) throw new TenantInputError({ problems });
    if (entries.length === 0) return;
    const day = dayOf(options.nowMs);
    const multi = this.#redis.multi();
    for (const { tenant, counts } of entries) {
      const key = this.#keys.tenants.usage(tenant, day);
      for (const [name, field] of Object.entries(TOTAL_FIELDS)) {
        const by = wholeCount(counts[name as keyof typeof TOTAL_FIELDS]);
        if (by > 0) multi.hincrby(key, field, by);
      }
      const usd = usdAmount(counts.costUsd);
      if (usd > 0) multi.hincrbyfloat(key, COST_FIELD, usd);
      for (const [index, bound] of TENANT_WAIT_BUCKETS_MS.entries()) {
        const by = wholeCount(counts.waits[index]);
        if (by > 0) multi.hincrby(key, waitField(bound), by);
      }
      multi.expire(key, tenantUsageDefaults.ttlSeconds);
    }
    const replies = await multi.exec();
    const failed = replies?.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  /**
   * A tenant's usage today and this month (UTC, of `nowMs`; one pipeline over the month's days).
   * @throws TenantInputError when `tenant` is not a tenant id.
   */
  async read(tenant: string, nowMs: number): Promise<TenantUsage> {
    if (!TenantId.safeParse(tenant).success) {
      throw new TenantInputError({
        problems: [`tenant ${JSON.stringify(tenant.slice(0, 80))} is not a tenant id`],
      });
    }
    const days = daysOfMonthUpTo(nowMs);
    const pipeline = this.#redis.pipeline();
    for (const day of days) pipeline.hgetall(this.#keys.tenants.usage(tenant, day));
    const replies = (await pipeline.exec()) ?? [];
    const hashes = replies.map(([error, value]) => {
      if (error) throw error;
      return (value ?? {}) as Record<string, string>;
    });
    const parsed = hashes.map(countsOf);
    const month = emptyTenantUsage();
    for (const counts of parsed) addTotals(month, counts);
    const today = parsed.at(-1) ?? emptyTenantUsage();
    const { waits, ...todayTotals } = today;
    const { waits: _monthWaits, ...monthTotals } = month;
    return {
      today: todayTotals,
      month: monthTotals,
      waitP50Ms: tenantWaitQuantileMs(waits, 0.5),
      waitP95Ms: tenantWaitQuantileMs(waits, 0.95),
      waitCount: waits.reduce((sum, count) => sum + count, 0),
    };
  }
}

function addTotals(into: TenantUsageCounts, from: TenantUsageCounts): void {
  into.started += from.started;
  into.completed += from.completed;
  into.attempts += from.attempts;
  into.inputTokens += from.inputTokens;
  into.outputTokens += from.outputTokens;
  into.costUsd += from.costUsd;
}

/** A stored hash as counts; a field that is not a non-negative number reads as 0. */
function countsOf(hash: Record<string, string>): TenantUsageCounts {
  const counts = emptyTenantUsage();
  for (const [name, field] of Object.entries(TOTAL_FIELDS)) {
    counts[name as keyof typeof TOTAL_FIELDS] = wholeCount(Number(hash[field]));
  }
  counts.costUsd = usdAmount(Number(hash[COST_FIELD]));
  counts.waits = TENANT_WAIT_BUCKETS_MS.map((bound) => wholeCount(Number(hash[waitField(bound)])));
  return counts;
}

/** A count: a whole number from 0 to the largest safe integer; anything else is 0. */
function wholeCount(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value) || value < 0) return 0;
  return Math.min(Math.floor(value), Number.MAX_SAFE_INTEGER);
}

/** An amount of USD: finite, from 0 to {@link tenantUsageDefaults.maxUsd}; anything else is 0. */
function usdAmount(value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > tenantUsageDefaults.maxUsd) return 0;
  return value;
}

/** The first ms of the year 10000 (a day key has a four-digit year). */
const LAST_MS = Date.UTC(10_000, 0, 1);

/** The UTC day (`YYYY-MM-DD`) of `nowMs` (not a valid time: refused). */
function dayOf(nowMs: number): string {
  if (!Number.isFinite(nowMs) || nowMs < 0 || nowMs >= LAST_MS) {
    throw new TenantInputError({ problems: [`nowMs must be a time in ms, got ${nowMs}`] });
  }
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** The UTC days of `nowMs`'s month from its first up to its own, oldest first. */
function daysOfMonthUpTo(nowMs: number): string[] {
  const today = dayOf(nowMs);
  const date = new Date(nowMs).getUTCDate();
  return Array.from(
    { length: date },
    (_, index) => `${today.slice(0, 8)}${String(index + 1).padStart(2, '0')}`,
  );
}
