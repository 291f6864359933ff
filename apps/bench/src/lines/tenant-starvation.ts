import { setTimeout as sleep } from 'node:timers/promises';
import { Job } from 'bullmq';
import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { percentile, round } from '../stats';
import { fillTenant } from '../tenants/tenant-jobs';
import { startTenantRig } from '../tenants/tenant-rig';

/** Jobs of the second tenant, enqueued once the first one's backlog is in. */
const LATE_JOBS = 10;

/** One side's figures: how long each of B's jobs waited, against A's measured pace. */
interface StarvationRun {
  /** Each of B's jobs: start − enqueue, ms, in enqueue order. */
  readonly waitsMs: readonly number[];
  readonly maxWaitMs: number;
  /** A's jobs started per second while B's waited (the workers' pace). */
  readonly jobsPerSecond: number;
  /** A's jobs still waiting when B enqueued. */
  readonly backlogAtEnqueue: number;
}

/**
 * One side: Quarry worker processes against a stand-in answering after `latencyMs`; tenant A
 * (`tenants`: `alpha`, else no tenant) enqueues `flood` jobs; once the workers are busy with them,
 * B (`bravo`, else no tenant) enqueues 10; waits for B's jobs and reads when each started.
 */
async function starvationRun(options: {
  readonly context: BenchContext;
  readonly tenants: boolean;
}): Promise<StarvationRun> {
  const { context, tenants } = options;
  const sizes = context.sizes.tenantStarvation;
  const rig = await startTenantRig({
    context,
    name: `starvation-${tenants ? 'tenants' : 'fifo'}`,
    standin: { latency: { meanMs: sizes.latencyMs, jitterMs: sizes.latencyMs / 4 } },
  });
  try {
    await rig.startWorkers({ processes: sizes.processes, concurrency: sizes.concurrency });
    const tenantA = tenants ? 'alpha' : undefined;
    const tenantB = tenants ? 'bravo' : undefined;
    await fillTenant({
      client: rig.client,
      corpus: context.corpus,
      run: 'alpha',
      count: sizes.flood,
      ...(tenantA ? { tenant: tenantA } : {}),
    });
    // B comes once the workers run at full pace through A's backlog.
    while (rig.completed() < sizes.processes * sizes.concurrency) await sleep(50);
    const counts = await rig.queue.getJobCounts('wait', 'prioritized');
    const backlogAtEnqueue = (counts.wait ?? 0) + (counts.prioritized ?? 0);
    const completedAtEnqueue = rig.completed();
    const enqueuedAt = Date.now();
    const ids = await fillTenant({
      client: rig.client,
      corpus: context.corpus,
      run: 'bravo',
      count: LATE_JOBS,
      ...(tenantB ? { tenant: tenantB } : {}),
    });
    await Promise.all(ids.map((jobId) => rig.client.waitForResult(jobId, { timeoutMs: 30 * 60_000 })));
    const jobs = await Promise.all(ids.map((id) => Job.fromId(rig.queue, id)));
    const starts = jobs.map((job) => job?.processedOn ?? Number.NaN);
    const waitsMs = jobs.map((job, i) => (starts[i] ?? Number.NaN) - (job?.timestamp ?? Number.NaN));
    const lastStart = Math.max(...starts);
    const jobsPerSecond =
      ((rig.completed() - completedAtEnqueue) * 1000) / Math.max(1, Date.now() - enqueuedAt);
    return {
      waitsMs,
      maxWaitMs: Math.max(...waitsMs),
      jobsPerSecond: Number.isFinite(lastStart) ? jobsPerSecond : Number.NaN,
      backlogAtEnqueue,
    };
  } finally {
    await rig.close();
  }
}

const describeRun = (name: string, run: StarvationRun): string =>
  `${name}: B's ${LATE_JOBS} jobs waited p50 ${round(percentile(run.waitsMs, 50), 0)} ms, max ${round(run.maxWaitMs, 0)} ms, behind ${run.backlogAtEnqueue} of A's jobs waiting, at ${round(run.jobsPerSecond, 1)} jobs/s`;

/**
 * Line 23: starvation. Tenant A floods the queue, then tenant B enqueues 10 jobs; each B job's wait
 * (start − enqueue) with tenants (the fair order) against the same run without them (first in,
 * first out). The bound: a slot frees within one model call, then B's jobs start one for one with
 * A's, so B's last job waits at most `latency + 2 × 10 / pace` (pace: jobs started per second).
 */
export async function tenantStarvation(context: BenchContext): Promise<LineResult> {
  const sizes = context.sizes.tenantStarvation;
  const fair = await starvationRun({ context, tenants: true });
  context.log(`line 23: ${describeRun('tenants', fair)}`);
  const fifo = await starvationRun({ context, tenants: false });
  context.log(`line 23: ${describeRun('no tenants (FIFO)', fifo)}`);
  const boundMs = sizes.latencyMs + (2 * LATE_JOBS * 1000) / fair.jobsPerSecond;
  return {
    id: 23,
    title: 'Tenant starvation',
    metric: `B's longest wait (ms) for its ${LATE_JOBS} jobs after A's ${sizes.flood}, ${sizes.processes} processes × concurrency ${sizes.concurrency}, calls of ${sizes.latencyMs} ms`,
    quarry: round(fair.maxWaitMs, 0),
    baseline: round(fifo.maxWaitMs, 0),
    comparison: fifo.maxWaitMs > 0 ? round(fair.maxWaitMs / fifo.maxWaitMs, 4) : null,
    comparisonLabel: 'tenants / FIFO',
    target: `≤ ${round(boundMs, 0)} ms (latency + 2 × ${LATE_JOBS} / pace)`,
    status: verdict(fair.maxWaitMs, (value) => value <= boundMs),
    details: { ...sizes, lateJobs: LATE_JOBS, boundMs, tenants: fair, fifo },
    notes: [
      describeRun('tenants', fair),
      describeRun('no tenants (FIFO)', fifo),
      `bound ${round(boundMs, 0)} ms = ${sizes.latencyMs} ms + 2 × ${LATE_JOBS} jobs at ${round(fair.jobsPerSecond, 1)} jobs/s; B's longest wait is ${round((fair.maxWaitMs * fair.jobsPerSecond) / 1000, 1)} of A's job starts`,
    ],
  };
}
