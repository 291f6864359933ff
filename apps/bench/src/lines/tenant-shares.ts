import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { round } from '../stats';
import { enqueueTenantJobs, type TenantJob } from '../tenants/tenant-jobs';
import { startTenantRig, type TenantRig } from '../tenants/tenant-rig';

/** The three tenants: weights 1, 1, 2 and documents of about 1 KB, 10 KB and 40 KB of text. */
const TENANTS = [
  { name: 'alpha', weight: 1, characters: 1000 },
  { name: 'bravo', weight: 1, characters: 10_000 },
  { name: 'charlie', weight: 2, characters: 40_000 },
] as const;
const totalWeight = TENANTS.reduce((sum, tenant) => sum + tenant.weight, 0);
/** Jobs of each tenant kept enqueued and not yet answered (more than every worker slot). */
const BACKLOG = 100;
/** How often the producer tops each tenant's backlog up. */
const TOP_UP_MS = 250;

/** One side's figures, over the run past its warm-up. */
interface SharesRun {
  /** Input tokens per minute each tenant got (the stand-in's count), by tenant. */
  readonly tokensPerMinute: Readonly<Record<string, number>>;
  /** Each tenant's share of the input tokens. */
  readonly shares: Readonly<Record<string, number>>;
  /** Input tokens per minute used, of the limit. */
  readonly use: number;
  readonly answered: number;
  readonly rateLimited: number;
}

/**
 * Keeps every tenant's jobs enqueued but not answered at {@link BACKLOG} until `stop` is aborted,
 * the tenants' jobs interleaved one by one (three producers at once, as first in, first out sees them).
 */
async function keepBacklogged(options: {
  readonly rig: TenantRig;
  readonly context: BenchContext;
  readonly tenants: boolean;
  readonly stop: AbortSignal;
}): Promise<void> {
  const { rig, context } = options;
  const enqueued = new Map<string, number>(TENANTS.map((tenant) => [tenant.name, 0]));
  while (!options.stop.aborted) {
    const stats = await rig.standin.stats();
    const missing = TENANTS.map((tenant) => {
      const sent = enqueued.get(tenant.name) ?? 0;
      return Math.max(0, BACKLOG - (sent - (stats.perDocument[tenant.name]?.answered ?? 0)));
    });
    const jobs: TenantJob[] = [];
    for (let n = 0; n < Math.max(...missing); n += 1) {
      TENANTS.forEach((tenant, index) => {
        if (n >= (missing[index] ?? 0)) return;
        const i = (enqueued.get(tenant.name) ?? 0) + n;
        jobs.push({
          run: tenant.name,
          i,
          characters: tenant.characters,
          tenant: options.tenants ? tenant.name : undefined,
        });
      });
    }
    await enqueueTenantJobs({ client: rig.client, corpus: context.corpus, jobs });
    TENANTS.forEach((tenant, index) => {
      enqueued.set(tenant.name, (enqueued.get(tenant.name) ?? 0) + (missing[index] ?? 0));
    });
    await sleep(TOP_UP_MS, undefined, { signal: options.stop }).catch(() => {});
  }
}

/**
 * One side: three tenants kept backlogged (the producer tops each up to 100 unanswered jobs) against
 * a stand-in enforcing an input-token limit, Quarry worker processes pacing by the shared budget;
 * each tenant's input tokens between the warm-up and the end, as the stand-in counted them.
 */
async function sharesRun(options: {
  readonly context: BenchContext;
  readonly tenants: boolean;
}): Promise<SharesRun> {
  const { context, tenants } = options;
  const sizes = context.sizes.tenantShares;
  const rig = await startTenantRig({
    context,
    name: `shares-${tenants ? 'tenants' : 'fifo'}`,
    standin: {
      latency: { meanMs: sizes.latencyMs, jitterMs: sizes.latencyMs / 4 },
      rateLimits: { inputTokensPerMinute: sizes.inputTokensPerMinute, requestsPerMinute: 10_000 },
      cacheMinimum: 'model',
    },
  });
  const stop = new AbortController();
  try {
    if (tenants) for (const tenant of TENANTS) await rig.store.set(tenant.name, { weight: tenant.weight });
    const producer = keepBacklogged({ rig, context, tenants, stop: stop.signal });
    await rig.startWorkers({ processes: sizes.processes, concurrency: sizes.concurrency });
    await sleep(sizes.warmupSeconds * 1000);
    const atWarm = await rig.standin.stats();
    await sleep((sizes.seconds - sizes.warmupSeconds) * 1000);
    const atEnd = await rig.standin.stats();
    stop.abort();
    await producer;
    const minutes = (sizes.seconds - sizes.warmupSeconds) / 60;
    const used = (name: string) =>
      (atEnd.inputTokensPerDocument[name] ?? 0) - (atWarm.inputTokensPerDocument[name] ?? 0);
    const total = TENANTS.reduce((sum, tenant) => sum + used(tenant.name), 0);
    return {
      tokensPerMinute: Object.fromEntries(
        TENANTS.map((tenant) => [tenant.name, round(used(tenant.name) / minutes, 0)]),
      ),
      shares: Object.fromEntries(
        TENANTS.map((tenant) => [tenant.name, total > 0 ? used(tenant.name) / total : 0]),
      ),
      use: total / minutes / sizes.inputTokensPerMinute,
      answered: atEnd.billing.realtime.messages - atWarm.billing.realtime.messages,
      rateLimited: (atEnd.byStatus['429'] ?? 0) - (atWarm.byStatus['429'] ?? 0),
    };
  } finally {
    stop.abort();
    await rig.close();
  }
}

/** Each tenant's share over its weight's share, less 1 (0: exactly its weight's share). */
const shareErrors = (run: SharesRun): Record<string, number> =>
  Object.fromEntries(
    TENANTS.map((tenant) => [
      tenant.name,
      (run.shares[tenant.name] ?? 0) / (tenant.weight / totalWeight) - 1,
    ]),
  );

const describeRun = (name: string, run: SharesRun): string =>
  `${name}: ${TENANTS.map(
    (tenant) =>
      `${tenant.name} (weight ${tenant.weight}, ${tenant.characters / 1000} KB) ${round((run.shares[tenant.name] ?? 0) * 100, 1)} % (${run.tokensPerMinute[tenant.name]} tokens/min)`,
  ).join(
    ', ',
  )}; ${round(run.use, 3)} of the limit used, ${run.answered} calls, ${run.rateLimited} answered 429`;

/**
 * Line 24: shares. Three tenants with weights 1, 1, 2 and documents of about 1, 10 and 40 KB, all
 * backlogged against a stand-in's input-token limit: each tenant's share of the input tokens (the
 * stand-in's count) against its weight's share, and the limit's use, beside the same run without
 * tenants (first in, first out).
 */
export async function tenantShares(context: BenchContext): Promise<LineResult> {
  const sizes = context.sizes.tenantShares;
  const fair = await sharesRun({ context, tenants: true });
  context.log(`line 24: ${describeRun('tenants', fair)}`);
  const fifo = await sharesRun({ context, tenants: false });
  context.log(`line 24: ${describeRun('no tenants (FIFO)', fifo)}`);
  const errors = shareErrors(fair);
  const worst = Math.max(...Object.values(errors).map(Math.abs));
  const fifoWorst = Math.max(...Object.values(shareErrors(fifo)).map(Math.abs));
  return {
    id: 24,
    title: 'Tenant shares',
    metric: `largest miss of a tenant's input-token share from its weight's share (weights 1, 1, 2; ITPM ${sizes.inputTokensPerMinute}, ${sizes.processes} processes × concurrency ${sizes.concurrency})`,
    quarry: round(worst, 3),
    baseline: round(fifoWorst, 3),
    comparison: round(fair.use, 3),
    comparisonLabel: 'limit used (tenants)',
    target: '≤ 0.10, limit used ≥ 0.95',
    status: verdict(worst, (value) => value <= 0.1 && fair.use >= 0.95),
    details: { ...sizes, tenants: fair, fifo, errors, fifoErrors: shareErrors(fifo) },
    notes: [
      describeRun('tenants', fair),
      describeRun('no tenants (FIFO)', fifo),
      `weights' shares 25 %, 25 %, 50 %; miss with tenants ${round(worst * 100, 1)} %, without ${round(fifoWorst * 100, 1)} %; limit used ${round(fair.use, 3)} vs ${round(fifo.use, 3)}`,
    ],
  };
}
