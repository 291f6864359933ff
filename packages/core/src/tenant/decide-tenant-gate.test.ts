import { describe, expect, it } from 'vitest';
import { TenantBudgetExhaustedError } from '../policy/tenant-budget-exhausted-error';
import { decideTenantGate, tenantGateDefaults } from './decide-tenant-gate';
import { fairShareCost } from './fair-share-cost';
import { TenantId } from './tenant-id';
import { tenantPeriods } from './tenant-periods';

const nowMs = Date.parse('2026-12-31T23:00:00Z');
const periods = tenantPeriods(nowMs);
const base = { tenant: 'acme', periods, nowMs, deadlineMs: null, random: () => 0.5 };

describe('decideTenantGate', () => {
  it('runs an admitted job and parks one over its concurrency cap for a bounded while', () => {
    expect(decideTenantGate({ ...base, admission: 'admitted', settings: {} })).toEqual({ kind: 'run' });
    expect(decideTenantGate({ ...base, admission: 'concurrency', settings: { maxConcurrency: 1 } })).toEqual({
      kind: 'wait',
      reason: 'concurrency',
      untilMs: nowMs + tenantGateDefaults.concurrencyParkMs,
    });
  });

  it('parks a job over a budget until its UTC period resets, spread over a minute', () => {
    const day = decideTenantGate({ ...base, admission: 'day', settings: { dailyUsd: 1 } });
    expect(day).toEqual({
      kind: 'wait',
      reason: 'daily_budget',
      untilMs: Date.parse('2027-01-01T00:00:30Z'),
    });
    const month = decideTenantGate({ ...base, admission: 'month', settings: { monthlyUsd: 1 } });
    expect(month).toMatchObject({ reason: 'monthly_budget', untilMs: Date.parse('2027-01-01T00:00:30Z') });
  });

  it('dead-letters a job whose budget is 0 or resets after its deadline', () => {
    const zero = decideTenantGate({ ...base, admission: 'day', settings: { dailyUsd: 0 } });
    expect(zero.kind).toBe('dead_letter');
    expect(zero.kind === 'dead_letter' && zero.error).toBeInstanceOf(TenantBudgetExhaustedError);
    const late = decideTenantGate({
      ...base,
      admission: 'month',
      settings: { monthlyUsd: 5 },
      deadlineMs: Date.parse('2026-12-31T23:30:00Z'),
    });
    expect(late.kind === 'dead_letter' && late.error.message).toContain("after the job's deadline");
  });
});

describe('tenant ids, periods and costs', () => {
  it('takes letters, digits, - _ . up to 64 and nothing else', () => {
    for (const good of ['a', 'ACME-1_x.y', 'x'.repeat(64)])
      expect(TenantId.safeParse(good).success).toBe(true);
    for (const bad of ['', 'a b', 'x'.repeat(65), '../x/', 'ü', 'a:b', 7]) {
      expect(TenantId.safeParse(bad).success).toBe(false);
    }
  });

  it('names the UTC day and month and when the next ones begin', () => {
    expect(periods).toEqual({
      day: '2026-12-31',
      month: '2026-12',
      nextDayMs: Date.parse('2027-01-01T00:00:00Z'),
      nextMonthMs: Date.parse('2027-01-01T00:00:00Z'),
    });
  });

  it('estimates tokens from text and pages, clamping bad figures', () => {
    expect(fairShareCost({ fixedTokens: 100, textChars: 400 })).toBe(200);
    expect(fairShareCost({ fixedTokens: 0, textChars: 0, pages: 2 })).toBe(3000);
    expect(
      fairShareCost({ fixedTokens: Number.NaN, textChars: -5, documentBytes: Number.POSITIVE_INFINITY }),
    ).toBe(1500);
  });
});
