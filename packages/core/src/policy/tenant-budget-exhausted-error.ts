/**
 * A job whose tenant's budget cannot pay for it in time: the budget is 0, or the job's deadline
 * comes before the budget's period resets. The failure policy dead-letters it
 * (`tenant_budget_exhausted`); the message names the tenant and the budget, never document text.
 */
export class TenantBudgetExhaustedError extends Error {
  override readonly name = 'TenantBudgetExhaustedError';
  readonly tenant: string;
  /** The budget that stopped it. */
  readonly period: 'day' | 'month';

  constructor(options: {
    readonly tenant: string;
    readonly period: 'day' | 'month';
    readonly message: string;
    readonly cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.tenant = options.tenant;
    this.period = options.period;
  }
}
