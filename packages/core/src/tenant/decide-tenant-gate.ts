import { TenantBudgetExhaustedError } from '../policy/tenant-budget-exhausted-error';
import type { TenantPeriods } from './tenant-periods';
import type { TenantSettings } from './tenant-settings';

/** What the shared tenant gate answered for a job: admitted, or which limit it is over. */
export type TenantAdmission = 'admitted' | 'concurrency' | 'day' | 'month';

/** Defaults of {@link decideTenantGate}. */
export const tenantGateDefaults = {
  /**
   * How long a job over its tenant's concurrency waits at most: a finished job of the tenant wakes
   * the next one at once; this only bounds a wake-up that was lost (a worker killed).
   */
  concurrencyParkMs: 30_000,
  /** Spread of the wake-ups when a budget period resets, so that parked jobs do not all start at once. */
  resetSpreadMs: 60_000,
} as const;

/** What a job does about its tenant: run, wait (delayed, no attempt spent) until a time, or dead-letter. */
export type TenantGateDecision =
  | { readonly kind: 'run' }
  | {
      readonly kind: 'wait';
      readonly reason: 'concurrency' | 'daily_budget' | 'monthly_budget';
      readonly untilMs: number;
    }
  | { readonly kind: 'dead_letter'; readonly error: TenantBudgetExhaustedError };

/** Options of {@link decideTenantGate}. */
export interface DecideTenantGateOptions {
  readonly tenant: string;
  readonly admission: TenantAdmission;
  readonly settings: TenantSettings;
  readonly periods: TenantPeriods;
  readonly nowMs: number;
  /** The job's deadline (ms), if it has one. */
  readonly deadlineMs: number | null;
  /** Uniform in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
}

/**
 * Turns the gate's answer into what the job does. Over the concurrency cap it waits until a slot
 * frees; over a budget it waits until the period resets (UTC day or month), unless the budget is 0
 * or the job's deadline comes first: then it is dead-lettered `tenant_budget_exhausted`.
 */
export function decideTenantGate(options: DecideTenantGateOptions): TenantGateDecision {
  const { admission, settings, periods, nowMs, tenant } = options;
  const random = options.random ?? Math.random;
  switch (admission) {
    case 'admitted':
      return { kind: 'run' };
    case 'concurrency':
      return {
        kind: 'wait',
        reason: 'concurrency',
        untilMs: nowMs + tenantGateDefaults.concurrencyParkMs,
      };
    case 'day':
    case 'month': {
      const period = admission;
      const budget = period === 'day' ? settings.dailyUsd : settings.monthlyUsd;
      const label = period === 'day' ? 'daily' : 'monthly';
      if (budget === 0) {
        return refuse(tenant, period, `tenant ${tenant} has a ${label} budget of $0`);
      }
      const resetMs = period === 'day' ? periods.nextDayMs : periods.nextMonthMs;
      if (options.deadlineMs !== null && options.deadlineMs < resetMs) {
        return refuse(
          tenant,
          period,
          `tenant ${tenant} spent its ${label} budget of $${budget}; it resets at ${new Date(resetMs).toISOString()}, after the job's deadline`,
        );
      }
      const spread = Math.floor(random() * tenantGateDefaults.resetSpreadMs);
      return {
        kind: 'wait',
        reason: period === 'day' ? 'daily_budget' : 'monthly_budget',
        untilMs: resetMs + spread,
      };
    }
    default: {
      const unhandled: never = admission;
      throw new TypeError(`Unhandled tenant admission ${String(unhandled)}`);
    }
  }
}

function refuse(tenant: string, period: 'day' | 'month', message: string): TenantGateDecision {
  return { kind: 'dead_letter', error: new TenantBudgetExhaustedError({ tenant, period, message }) };
}
