import { Counter, Histogram, type Registry } from 'prom-client';
import { TenantLabels } from './tenant-labels';
import type { JobOutcome } from './worker-metrics';

/** Metrics by tenant, labelled by {@link TenantLabels} (the busiest tenants, `default`, the rest `other`). */
export interface TenantMetrics {
  /** A job run of `tenant` ended (`quarry_tenant_jobs_total`). */
  tenantJob(tenant: string, outcome: JobOutcome): void;
  /** One settled attempt's cost and tokens (`quarry_tenant_cost_usd_total`, `quarry_tenant_tokens_total`). */
  tenantCost(
    tenant: string,
    usd: number | null,
    tokens: { readonly input: number; readonly output: number },
  ): void;
  /** A job run of `tenant` started after waiting `seconds` in the queue (`quarry_tenant_wait_seconds`). */
  tenantWait(tenant: string, seconds: number): void;
}

const OUTCOMES: readonly JobOutcome[] = [
  'completed',
  'dead_lettered',
  'retry_scheduled',
  'rate_limited',
  'put_back',
];

/** Creates the `quarry_tenant_*` metrics; a tenant that loses its label loses its series. */
export function createTenantMetrics(options: {
  readonly registers: Registry[];
  readonly maxTenantLabels: number;
}): TenantMetrics {
  const { registers } = options;
  const jobs = new Counter({
    name: 'quarry_tenant_jobs_total',
    help: 'Job runs by tenant (the busiest tenants, default, the rest as other) and how they ended',
    labelNames: ['tenant', 'outcome'] as const,
    registers,
  });
  const cost = new Counter({
    name: 'quarry_tenant_cost_usd_total',
    help: 'Settled cost of model calls by tenant, USD (unpriced calls count 0)',
    labelNames: ['tenant'] as const,
    registers,
  });
  const tokens = new Counter({
    name: 'quarry_tenant_tokens_total',
    help: 'Tokens of settled model calls by tenant and kind (input, output)',
    labelNames: ['tenant', 'kind'] as const,
    registers,
  });
  const wait = new Histogram({
    name: 'quarry_tenant_wait_seconds',
    help: 'Time a job run waited in the queue before it started, by tenant',
    labelNames: ['tenant'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21_600, 86_400],
    registers,
  });
  const labels = new TenantLabels({
    max: options.maxTenantLabels,
    onEvict(tenant) {
      for (const outcome of OUTCOMES) jobs.remove({ tenant, outcome });
      cost.remove({ tenant });
      tokens.remove({ tenant, kind: 'input' });
      tokens.remove({ tenant, kind: 'output' });
      wait.remove({ tenant });
    },
  });
  return {
    tenantJob(name, outcome) {
      jobs.inc({ tenant: labels.label(name), outcome });
    },
    tenantCost(name, usd, used) {
      const tenant = labels.label(name);
      cost.inc({ tenant }, amount(usd ?? 0));
      tokens.inc({ tenant, kind: 'input' }, amount(used.input));
      tokens.inc({ tenant, kind: 'output' }, amount(used.output));
    },
    tenantWait(name, seconds) {
      wait.observe({ tenant: labels.label(name) }, amount(seconds));
    },
  };
}

/** A non-negative finite amount; anything else counts 0. */
function amount(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}
