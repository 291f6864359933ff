import { z } from 'zod';
import { TenantId } from './tenant-id';

/** The most a weight may be: shares stay meaningful and tags finite. */
export const MAX_TENANT_WEIGHT = 1000;
/** The most model calls one tenant may be allowed in flight. */
export const MAX_TENANT_CONCURRENCY = 100_000;
/** The largest budget a tenant may be given, in USD. */
export const MAX_TENANT_BUDGET_USD = 10_000_000;

/** Defaults of a tenant without settings. */
export const tenantDefaults = { weight: 1 } as const;

/**
 * One tenant's settings: `weight` (its share of the rate limit under contention, default 1),
 * `maxConcurrency` (its model calls in flight at once), `dailyUsd` and `monthlyUsd` (its budget,
 * counted on the settled cost of every attempt; a day and a month are UTC). Absent: no limit.
 */
export const TenantSettings = z.strictObject({
  weight: z
    .number()
    .positive({ error: 'must be above 0' })
    .max(MAX_TENANT_WEIGHT, { error: `must be at most ${MAX_TENANT_WEIGHT}` })
    .optional()
    .describe('Share of the rate limit under contention, relative to the other tenants. Default 1.'),
  maxConcurrency: z
    .number()
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_TENANT_CONCURRENCY, { error: `must be at most ${MAX_TENANT_CONCURRENCY}` })
    .optional()
    .describe('Model calls of this tenant in flight at once, over every worker. Default: no limit.'),
  dailyUsd: z
    .number()
    .min(0, { error: 'must be 0 or more' })
    .max(MAX_TENANT_BUDGET_USD, { error: `must be at most ${MAX_TENANT_BUDGET_USD}` })
    .optional()
    .describe('Budget in USD per UTC day; 0 stops the tenant. Default: no limit.'),
  monthlyUsd: z
    .number()
    .min(0, { error: 'must be 0 or more' })
    .max(MAX_TENANT_BUDGET_USD, { error: `must be at most ${MAX_TENANT_BUDGET_USD}` })
    .optional()
    .describe('Budget in USD per UTC month; 0 stops the tenant. Default: no limit.'),
});
export type TenantSettings = z.infer<typeof TenantSettings>;

/** The file `QUARRY_TENANTS` names: tenant id → settings. */
export const TenantsFile = z.strictObject({
  tenants: z.record(TenantId, TenantSettings),
});
export type TenantsFile = z.infer<typeof TenantsFile>;

/** True when the settings limit the tenant at job start (a concurrency cap or a budget). */
export function tenantIsGated(settings: TenantSettings | undefined): boolean {
  return (
    settings !== undefined &&
    (settings.maxConcurrency !== undefined ||
      settings.dailyUsd !== undefined ||
      settings.monthlyUsd !== undefined)
  );
}
