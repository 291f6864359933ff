import {
  type AnyWorkflow,
  costOf,
  decideTenantGate,
  emptyUsage,
  extractDefaults,
  jobFairCost,
  type ModelTable,
  type TenantPeriods,
  type TenantSettings,
  tenantIsGated,
  tenantOf,
  tenantPeriods,
} from '@quarry/core';
import type { JobData, TenantSettingsCache, TenantStore } from '@quarry/queue';
import { Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import { describeError } from '../describe-error';
import { TenantParkedError } from './tenant-parked-error';

/** What the worker gates tenants with (`createWorker` builds it). */
export interface TenantGate {
  readonly store: Pick<TenantStore, 'admit' | 'park' | 'isParked' | 'spend' | 'release'>;
  readonly settings: Pick<TenantSettingsCache, 'get'>;
  readonly queue: Queue;
  /** The clock budgets are counted by (UTC day and month). Default `Date.now`. */
  readonly now?: () => number;
}

/** A job run that holds a slot of its gated tenant until `release`. */
export interface TenantRun {
  readonly tenant: string;
  /** Counts one settled attempt's cost against the tenant's budgets (in the background). */
  spend(costUsd: number | null): void;
  /**
   * Keeps the slot's reservation past this run: its attempt waits in a Message Batch (the job is
   * delayed) and is paid when the batch answers; the run that collects it releases the slot.
   */
  hold(): void;
  /**
   * Waits for the counted spend, gives the slot back and wakes the tenant's next parked job (one
   * waiting for a slot, else one waiting for its budget while the budget has room again).
   */
  release(): Promise<void>;
}

/** Options of {@link enterTenantGate}. */
export interface EnterTenantGateOptions {
  readonly gate: TenantGate | undefined;
  readonly job: Job;
  readonly data: JobData;
  readonly workflow: AnyWorkflow;
  readonly modelId: string;
  readonly models: ModelTable;
  /** The job's input (its size estimates the tokens of a call). */
  readonly input: unknown;
  readonly log: Logger;
}

/**
 * Lets a job of a gated tenant (one with a concurrency cap or a budget) run, or stops it: a job of a
 * tenant without limits passes without a Redis command (settings are cached). The run reserves about
 * one call's cost (its input and `max_tokens` at the model's prices) until its attempts settle.
 * @returns the run holding the slot, or null for a tenant without limits.
 * @throws TenantParkedError when the tenant is over a limit (park the job); TenantBudgetExhaustedError
 *   when its budget is 0 or resets only after the job's deadline (dead-letter it).
 */
export async function enterTenantGate(options: EnterTenantGateOptions): Promise<TenantRun | null> {
  const { gate, job, data, log } = options;
  if (!gate) return null;
  const tenant = tenantOf(data);
  const settings = await gate.settings.get(tenant);
  if (!settings || !tenantIsGated(settings)) return null;
  const clock = gate.now ?? Date.now;
  const nowMs = clock();
  const jobId = job.id as string;
  const admission = await gate.store.admit({
    tenant,
    jobId,
    settings,
    periods: tenantPeriods(nowMs),
    reserveUsd: callCostUsd(options),
  });
  const decision = decideTenantGate({
    tenant,
    admission,
    settings,
    periods: tenantPeriods(nowMs),
    nowMs,
    deadlineMs: data.deadline ? Date.parse(data.deadline) : null,
  });
  switch (decision.kind) {
    case 'run':
      return tenantRun({ gate, tenant, jobId, clock, log, settings });
    case 'wait':
      throw new TenantParkedError({ tenant, reason: decision.reason, untilMs: decision.untilMs });
    case 'dead_letter':
      throw decision.error;
    default: {
      const unhandled: never = decision;
      throw new TypeError(`Unhandled tenant gate decision ${JSON.stringify(unhandled)}`);
    }
  }
}

function tenantRun(options: {
  readonly gate: TenantGate;
  readonly tenant: string;
  readonly jobId: string;
  readonly clock: () => number;
  readonly log: Logger;
  readonly settings: TenantSettings;
}): TenantRun {
  const { gate, tenant, jobId, clock, log, settings } = options;
  let pending: Promise<void> = Promise.resolve();
  let held = false;
  const periods = (): TenantPeriods => tenantPeriods(clock());
  return {
    tenant,
    spend(costUsd) {
      if (costUsd === null || !(costUsd > 0)) return;
      pending = pending
        .then(() => gate.store.spend({ tenant, jobId, costUsd, periods: periods() }))
        .catch((error: unknown) =>
          log.warn(
            { tenant, error: describeError(error) },
            "an attempt's cost was not counted against its tenant's budget",
          ),
        );
    },
    hold() {
      held = true;
    },
    async release() {
      await pending;
      if (held) return;
      try {
        const nowMs = clock();
        const next = await gate.store.release({
          tenant,
          jobId,
          nowMs,
          settings,
          periods: tenantPeriods(nowMs),
        });
        if (next) await (await Job.fromId(gate.queue, next))?.promote();
      } catch (error) {
        // The slot frees itself once this job's lock is gone; a parked job wakes by its own delay.
        log.warn({ tenant, error: describeError(error) }, "the tenant's slot was not given back at once");
      }
    },
  };
}

/** About one call's cost: its input and `max_tokens` of output at the model's prices (0 when unknown). */
function callCostUsd(options: EnterTenantGateOptions): number {
  const { workflow, models } = options;
  const model = workflow.model ?? options.modelId;
  const usage = {
    ...emptyUsage(),
    inputTokens: jobFairCost(workflow, options.input),
    outputTokens: workflow.maxTokens ?? extractDefaults.maxTokens,
  };
  return costOf({ usage, model, models }) ?? 0;
}
