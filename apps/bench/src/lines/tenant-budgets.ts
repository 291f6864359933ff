import { setTimeout as sleep } from 'node:timers/promises';
import { tenantPeriods } from '@quarry/core';
import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { round } from '../stats';
import { fillTenant } from '../tenants/tenant-jobs';
import { startTenantRig, type TenantRig } from '../tenants/tenant-rig';

const DAY_MS = 86_400_000;
/**
 * Noon (UTC) of the simulated first day, the tenant clock the workers count budgets by: 30 days
 * ahead, so that a parked job's delay (until the next simulated day) lies ahead in real time too.
 */
const dayOneMs = (): number => (Math.floor(Date.now() / DAY_MS) + 30) * DAY_MS + DAY_MS / 2;
/** Simulated days the line waits through at most before it calls jobs lost. */
const MAX_DAYS = 5;
const TENANT = 'delta';
/** The model the jobs ask: priced so that a dollar buys a few hundred invoices. */
const MODEL = 'claude-sonnet-5-5';

/** One side's figures. */
interface BudgetRun {
  readonly jobs: number;
  /** USD the stand-in billed each simulated day (one entry per day a job ran). */
  readonly spentPerDayUsd: readonly number[];
  /** Jobs completed by the end of each day. */
  readonly completedPerDay: readonly number[];
  /** Mean USD a call cost (the stand-in's bill over its calls). */
  readonly callUsd: number;
  readonly completed: number;
  readonly failed: number;
  /** Jobs that neither completed nor failed by the last day (0: none lost). */
  readonly lost: number;
}

/** Waits until no job runs or waits its turn and the count of finished jobs stays the same for 2 s. */
async function settled(rig: TenantRig): Promise<void> {
  let last = -1;
  let sameSince = Date.now();
  for (;;) {
    const counts = await rig.queue.getJobCounts('active', 'wait', 'prioritized', 'completed', 'failed');
    const busy = (counts.active ?? 0) + (counts.wait ?? 0) + (counts.prioritized ?? 0);
    const done = (counts.completed ?? 0) + (counts.failed ?? 0);
    if (done !== last || busy > 0) {
      last = done;
      sameSince = Date.now();
    } else if (Date.now() - sameSince >= 2000) return;
    await sleep(100);
  }
}

/**
 * One side: `jobs` jobs of one tenant (with a daily budget when `budgetUsd` is given) on worker
 * processes counting budgets by a simulated clock at noon of day one; each time the queue settles,
 * the day's bill is read and the clock moves to the next day, where every parked job's delay has
 * passed (they are promoted), until every job finished or {@link MAX_DAYS} went by.
 */
async function budgetRun(options: {
  readonly context: BenchContext;
  readonly jobs: number;
  readonly budgetUsd: number | null;
}): Promise<BudgetRun> {
  const { context } = options;
  const sizes = context.sizes.tenantBudgets;
  const rig = await startTenantRig({
    context,
    name: `budgets-${options.budgetUsd === null ? 'none' : 'daily'}`,
    standin: { latency: { meanMs: sizes.latencyMs, jitterMs: sizes.latencyMs / 4 } },
  });
  try {
    if (options.budgetUsd !== null) await rig.store.set(TENANT, { dailyUsd: options.budgetUsd });
    const dayOne = dayOneMs();
    const workers = await rig.startWorkers({
      processes: sizes.processes,
      concurrency: sizes.concurrency,
      tenantClockMs: dayOne,
      env: { QUARRY_MODEL: MODEL },
    });
    await fillTenant({
      client: rig.client,
      corpus: context.corpus,
      run: 'delta',
      count: options.jobs,
      tenant: TENANT,
    });
    const spentPerDayUsd: number[] = [];
    const completedPerDay: number[] = [];
    let billed = 0;
    for (let day = 0; day < MAX_DAYS; day += 1) {
      await settled(rig);
      const stats = await rig.standin.stats();
      spentPerDayUsd.push(stats.billing.realtime.costUsd - billed);
      billed = stats.billing.realtime.costUsd;
      const counts = await rig.queue.getJobCounts('completed', 'failed', 'delayed');
      completedPerDay.push(counts.completed ?? 0);
      if ((counts.delayed ?? 0) === 0) break;
      // The next day: the budget's period reset, so the parked jobs' delays have passed.
      const next = tenantPeriods(dayOne + day * DAY_MS).nextDayMs + 1000;
      await Promise.all(workers.map((worker) => worker.setTenantClock(next)));
      await rig.store.takeParked(TENANT);
      await rig.queue.promoteJobs();
    }
    const stats = await rig.standin.stats();
    const counts = await rig.queue.getJobCounts('completed', 'failed');
    const completed = counts.completed ?? 0;
    const failed = counts.failed ?? 0;
    return {
      jobs: options.jobs,
      spentPerDayUsd,
      completedPerDay,
      callUsd:
        stats.billing.realtime.messages > 0
          ? stats.billing.realtime.costUsd / stats.billing.realtime.messages
          : 0,
      completed,
      failed,
      lost: options.jobs - completed - failed,
    };
  } finally {
    await rig.close();
  }
}

const describeRun = (name: string, run: BudgetRun): string =>
  `${name}: ${run.spentPerDayUsd.map((usd, day) => `day ${day + 1} $${round(usd, 4)} (${run.completedPerDay[day]} jobs done)`).join(', ')}; ${run.completed} of ${run.jobs} completed, ${run.failed} failed, ${run.lost} lost; $${round(run.callUsd, 5)} a call`;

/**
 * Line 25: budgets. A tenant with a daily budget enqueues jobs worth about 1.5 budgets; worker
 * processes count its spend on a simulated clock. Each day it spends at most its budget plus one
 * call, and its jobs resume the next day, none lost; beside the same jobs without a budget.
 */
export async function tenantBudgets(context: BenchContext): Promise<LineResult> {
  const sizes = context.sizes.tenantBudgets;
  // What a job costs, from a run without a budget: as many jobs as about 1.5 budgets buy.
  const probe = await budgetRun({ context, jobs: 20, budgetUsd: null });
  const jobs = Math.ceil((sizes.dailyUsd * sizes.budgets) / Math.max(probe.callUsd, 1e-6));
  const unbudgeted = await budgetRun({ context, jobs, budgetUsd: null });
  context.log(`line 25: ${describeRun('no budget', unbudgeted)}`);
  const budgeted = await budgetRun({ context, jobs, budgetUsd: sizes.dailyUsd });
  context.log(`line 25: ${describeRun(`$${sizes.dailyUsd} a day`, budgeted)}`);
  const worstDay = Math.max(...budgeted.spentPerDayUsd);
  const overshootCalls = (worstDay - sizes.dailyUsd) / Math.max(budgeted.callUsd, 1e-9);
  const resumed = budgeted.completedPerDay.length >= 2 && budgeted.lost === 0 && budgeted.failed === 0;
  return {
    id: 25,
    title: 'Tenant budgets',
    metric: `USD spent on the costliest day, $${sizes.dailyUsd} daily budget, ${jobs} jobs of ${MODEL}, ${sizes.processes} processes × concurrency ${sizes.concurrency}`,
    quarry: round(worstDay, 4),
    baseline: round(unbudgeted.spentPerDayUsd[0] ?? 0, 4),
    comparison: round(worstDay - sizes.dailyUsd, 4),
    comparisonLabel: 'worst day − budget',
    target: `≤ budget + 1 call ($${round(budgeted.callUsd, 4)}), resumed next day, none lost`,
    status: verdict(overshootCalls, (value) => value <= 1 && resumed),
    details: { ...sizes, jobs, budgeted, unbudgeted },
    notes: [
      describeRun(`$${sizes.dailyUsd} a day`, budgeted),
      describeRun('no budget', unbudgeted),
      `costliest day over the budget by ${round(overshootCalls, 2)} calls; ${resumed ? 'resumed the next day, none lost' : 'did not resume every job'}`,
    ],
  };
}
