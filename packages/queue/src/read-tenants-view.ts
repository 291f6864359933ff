import { TenantId, type TenantSettings, tenantIsGated, tenantPeriods } from '@quarry/core';
import type { Queue } from 'bullmq';
import { countTenantJobs } from './count-tenant-jobs';
import type { TenantStore } from './tenant-store';
import type { TenantUsage, TenantUsageStore } from './tenant-usage-store';

/** Bounds of the Tenants page. */
export const tenantsViewDefaults = {
  /** Tenants listed at most (those with settings first, then the most recently seen). */
  maxTenants: 200,
  /** Jobs read at most to count waiting jobs by tenant (and as many for running ones). */
  maxJobsScanned: 10_000,
} as const;

/** A count of jobs: exact, or at least `count` when the scan was cut short. */
export interface JobCount {
  readonly count: number;
  readonly atLeast: boolean;
}

/** One row of the Tenants page. */
export interface TenantRow {
  readonly tenant: string;
  /** Null: no settings (weight 1, no limit). */
  readonly settings: TenantSettings | null;
  readonly waiting: JobCount;
  readonly running: JobCount;
  /** Jobs parked by the tenant's gate (gated tenants), else null. */
  readonly parked: number | null;
  /** Spend counted by the gate against the budget, USD (gated tenants), else null. */
  readonly spent: { readonly todayUsd: number; readonly monthUsd: number } | null;
  /** Null when the usage figures could not be read. */
  readonly usage: TenantUsage | null;
}

/** What the Tenants page shows. */
export interface TenantsView {
  readonly rows: readonly TenantRow[];
  /** Stored names that are not tenant ids (settings that break the schema, odd seen entries). */
  readonly unreadable: readonly string[];
  /** Tenants known in all (rows may show fewer). */
  readonly known: number;
}

/** Options of {@link readTenantsView}. */
export interface TenantsViewOptions {
  readonly store: TenantStore;
  readonly usage: TenantUsageStore;
  readonly queue: Queue;
  readonly now: number;
}

/** Reads the Tenants page: settings, seen tenants, waiting and running jobs, spend and usage. */
export async function readTenantsView(options: TenantsViewOptions): Promise<TenantsView> {
  const { store, now } = options;
  const limits = tenantsViewDefaults;
  const [{ settings, broken }, seen, waiting, active] = await Promise.all([
    store.all(),
    store.seen(limits.maxTenants),
    countTenantJobs({
      queue: options.queue,
      states: ['waiting', 'prioritized', 'delayed'],
      limit: limits.maxJobsScanned,
    }),
    countTenantJobs({ queue: options.queue, states: ['active'], limit: limits.maxJobsScanned }),
  ]);
  const valid = (tenant: string) => TenantId.safeParse(tenant).success;
  const names = [...new Set([...settings.keys(), ...seen.filter(valid)])];
  const unreadable = [...broken, ...seen.filter((tenant) => !valid(tenant))];
  const periods = tenantPeriods(now);
  const rows = await Promise.all(
    names.slice(0, limits.maxTenants).map(async (tenant): Promise<TenantRow> => {
      const own = settings.get(tenant) ?? null;
      const gated = own !== null && tenantIsGated(own);
      const [gate, usage] = await Promise.all([
        gated ? store.gateState(tenant, periods) : null,
        options.usage.read(tenant, now).catch(() => null),
      ]);
      const count = (counts: typeof waiting) => ({
        count: counts.counts.get(tenant) ?? 0,
        atLeast: !counts.complete,
      });
      return {
        tenant,
        settings: own,
        waiting: count(waiting),
        running: gate ? { count: amount(gate.slots), atLeast: false } : count(active),
        parked: gate ? amount(gate.parked) : null,
        spent: gate ? { todayUsd: amount(gate.spentTodayUsd), monthUsd: amount(gate.spentMonthUsd) } : null,
        usage,
      };
    }),
  );
  return { rows, unreadable: unreadable.slice(0, limits.maxTenants), known: names.length };
}

/** A non-negative finite number from Redis; anything else is 0. */
function amount(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}
