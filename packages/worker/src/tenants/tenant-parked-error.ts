import type { TenantGateDecision } from '@quarry/core';

/**
 * A job whose tenant is over its concurrency cap or a budget: it is moved to `delayed` until
 * `untilMs` without using a job attempt (`parkTenantJob`), and woken earlier when a slot frees or the
 * tenant's settings change.
 */
export class TenantParkedError extends Error {
  override readonly name = 'TenantParkedError';
  readonly tenant: string;
  readonly reason: Extract<TenantGateDecision, { kind: 'wait' }>['reason'];
  readonly untilMs: number;

  constructor(options: {
    readonly tenant: string;
    readonly reason: TenantParkedError['reason'];
    readonly untilMs: number;
  }) {
    super(
      `tenant ${options.tenant} waits (${options.reason}) until ${new Date(options.untilMs).toISOString()}`,
    );
    this.tenant = options.tenant;
    this.reason = options.reason;
    this.untilMs = options.untilMs;
  }
}
