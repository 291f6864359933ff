/** The UTC day and month a moment falls in, and when each next one begins. */
export interface TenantPeriods {
  /** `YYYY-MM-DD`. */
  readonly day: string;
  /** `YYYY-MM`. */
  readonly month: string;
  /** Start of the next UTC day, ms. */
  readonly nextDayMs: number;
  /** Start of the next UTC month, ms. */
  readonly nextMonthMs: number;
}

/** The budget periods of `nowMs` (UTC). */
export function tenantPeriods(nowMs: number): TenantPeriods {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const date = now.getUTCDate();
  const iso = now.toISOString();
  return {
    day: iso.slice(0, 10),
    month: iso.slice(0, 7),
    nextDayMs: Date.UTC(year, month, date + 1),
    nextMonthMs: Date.UTC(year, month + 1, 1),
  };
}
