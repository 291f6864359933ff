import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { Redis } from 'ioredis';
import type { BenchContext } from '../bench-context';
import { loadBenchCorpus } from '../bench-corpus';
import { fillWithClient } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { type CommandCounts, commandCounter } from '../command-counter';
import { drain } from '../drain';
import type { BenchWorkerSpec } from '../processes/bench-worker-spec';
import { startSimulatedStandin } from '../processes/simulated-standin';
import type { StandinProcess } from '../processes/standin-process';
import { quarryClientFor } from '../quarry-client-for';
import { redisPid } from '../redis-pid';
import { round } from '../stats';

/** Process counts when `--processes` names none, and the fewer cores that run only the first two. */
const DEFAULT_PROCESSES = [1, 2, 4, 8] as const;
const FEW_CORES = 8;

/** The targets: CPU per job, jobs/s, extra Redis commands per job, efficiency at 8 processes. */
const TARGETS = { cpuRatio: 1.1, jobsRatio: 0.95, extraCommands: 6, efficiency: 0.9 } as const;

type Side = 'quarry' | 'hand-written';

/** One side's drain with some worker processes. */
interface SideRun {
  readonly jobs: number;
  readonly jobsPerSecond: number;
  /** CPU of the worker processes per job (µs), null where /proc is unreadable. */
  readonly workerMicrosPerJob: number | null;
  /** Every command Redis executed (INFO commandstats, scripts' inner ones included) per job. */
  readonly commandsPerJob: number;
  readonly commandsPerJobByName: Readonly<Record<string, number>>;
  /** Cores Redis used while the jobs ran, and commands per second. */
  readonly redisCores: number | null;
  readonly redisCommandsPerSecond: number;
  /** Cores of the busiest stand-in (one per worker process). */
  readonly standinCores: number | null;
}

/** Both sides at one process count. */
interface CountRun {
  readonly processes: number;
  readonly quarry: SideRun;
  readonly handWritten: SideRun;
}

/**
 * Drains `jobsPerProcess × processes` first-try invoice jobs with `processes` worker processes of one
 * side, each against a stand-in of its own answering after `latencyMs`, on a fresh Redis.
 */
async function runSide(options: {
  readonly side: Side;
  readonly processes: number;
  readonly context: BenchContext;
}): Promise<SideRun> {
  const { side, processes } = options;
  const { jobsPerProcess, concurrency, latencyMs } = options.context.sizes.scaleOutProcesses;
  const jobs = jobsPerProcess * processes;
  const corpus = loadBenchCorpus('invoice');
  const redis = await spawnRedis();
  const standins: StandinProcess[] = [];
  const control = new Redis(redis.url);
  const prefix = uniquePrefix(`bench-sop-${side}`);
  const client = quarryClientFor(redis.url, prefix);
  try {
    for (let i = 0; i < processes; i += 1) {
      standins.push(await startSimulatedStandin({ corpus, latency: { meanMs: latencyMs, jitterMs: 0 } }));
    }
    const specs: BenchWorkerSpec[] = standins.map((standin) => ({
      kind: side,
      model: 'sdk',
      redisUrl: redis.url,
      prefix,
      concurrency,
      env: { ANTHROPIC_BASE_URL: standin.url },
    }));
    const counter = commandCounter(control, { roundTrips: false });
    let counts: CommandCounts | null = null;
    const run = await drain({
      redisUrl: redis.url,
      prefix,
      jobs,
      fill: async () => {
        await fillWithClient({ client, corpus, run: `sop-${side}-${processes}`, count: jobs });
      },
      workers: specs,
      // Start-up work (the DLQ reconciler's first sweep, script loads) stays out of the counts.
      beforeStart: () => sleep(1000).then(() => counter.start()),
      afterEnd: async () => {
        counts = await counter.stop();
      },
      cpuOf: {
        redis: await redisPid(redis.url),
        ...Object.fromEntries(standins.map((standin, i) => [`standin-${i + 1}`, standin.child.pid])),
      },
    });
    const counted = counts as CommandCounts | null;
    if (!counted) throw new Error('The command counter reported nothing');
    const workerCores = Object.entries(run.cores).filter(([name]) => name.startsWith('worker-'));
    const unknown = workerCores.some(([, used]) => used === null);
    const cores = workerCores.reduce((sum, [, used]) => sum + (used ?? 0), 0);
    const standinCores = Object.entries(run.cores)
      .filter(([name]) => name.startsWith('standin-'))
      .map(([, used]) => used);
    return {
      jobs,
      jobsPerSecond: run.jobsPerSecond,
      workerMicrosPerJob: unknown ? null : Math.round((cores / run.jobsPerSecond) * 1e6),
      commandsPerJob: counted.commandCalls / jobs,
      commandsPerJobByName: Object.fromEntries(
        Object.entries(counted.commandCallsByCommand)
          .map(([name, n]) => [name, round(n / jobs, 2)] as const)
          .filter(([, n]) => n >= 0.01)
          .sort((a, b) => b[1] - a[1]),
      ),
      redisCores: run.cores.redis ?? null,
      redisCommandsPerSecond: (counted.commandCalls / jobs) * run.jobsPerSecond,
      standinCores: standinCores.some((used) => used === null)
        ? null
        : Math.max(...standinCores.map((used) => used ?? 0)),
    };
  } finally {
    await client.close();
    control.disconnect();
    for (const standin of standins) await standin.close();
    await redis.stop();
  }
}

/** The process counts to run, and why when the default was cut short. */
function processCounts(context: BenchContext): { counts: readonly number[]; note: string | null } {
  if (context.processes) return { counts: context.processes, note: null };
  const cpus = availableParallelism();
  if (cpus >= FEW_CORES) return { counts: DEFAULT_PROCESSES, note: null };
  return {
    counts: [1, 2],
    note: `${cpus} cores (fewer than ${FEW_CORES}): 1 and 2 processes only; --processes 1,2,4,8 asks for more`,
  };
}

const ratio = (a: number | null, b: number | null): number | null =>
  a === null || b === null || b === 0 ? null : a / b;

/** `2 | 1,309 | 1,794 | 0.73 | …` for the notes, one process count. */
function describeCount(run: CountRun, efficiency: { quarry: number; handWritten: number }): string {
  const { quarry: q, handWritten: h } = run;
  const cpu = (side: SideRun) => side.workerMicrosPerJob ?? '?';
  return [
    `${run.processes} proc:`,
    `jobs/s ${round(q.jobsPerSecond, 0)} vs ${round(h.jobsPerSecond, 0)} (${round(q.jobsPerSecond / h.jobsPerSecond, 2)});`,
    `CPU µs/job ${cpu(q)} vs ${cpu(h)} (${round(ratio(q.workerMicrosPerJob, h.workerMicrosPerJob) ?? Number.NaN, 2)});`,
    `Redis cmds/job ${round(q.commandsPerJob, 1)} vs ${round(h.commandsPerJob, 1)};`,
    `Redis ${q.redisCores ?? '?'} vs ${h.redisCores ?? '?'} cores (${round(q.redisCommandsPerSecond / 1000, 1)}k vs ${round(h.redisCommandsPerSecond / 1000, 1)}k cmds/s);`,
    `efficiency ${round(efficiency.quarry, 2)} vs ${round(efficiency.handWritten, 2)}`,
  ].join(' ');
}

/**
 * Line 22: scale-out as processes. Quarry worker processes against the hand-written BullMQ + SDK + zod
 * worker (up to three tries), 1, 2, 4, 8 processes each (`--processes`), each process at concurrency C
 * with a stand-in of its own answering after L, on first-try invoice jobs: jobs/s, worker CPU per job
 * (/proc), Redis commands per job (INFO commandstats) and Redis CPU, and the scaling efficiency
 * (jobs/s at N / (N × jobs/s at 1)) of each side.
 */
export async function scaleOutProcesses(context: BenchContext): Promise<LineResult> {
  const { jobsPerProcess, concurrency, latencyMs } = context.sizes.scaleOutProcesses;
  const { counts, note } = processCounts(context);
  if (note) context.log(`line 22: ${note}`);
  const runs: CountRun[] = [];
  for (const processes of counts) {
    const quarry = await runSide({ side: 'quarry', processes, context });
    const handWritten = await runSide({ side: 'hand-written', processes, context });
    runs.push({ processes, quarry, handWritten });
  }
  const base = runs.find((run) => run.processes === 1) ?? null;
  const efficiencyOf = (run: CountRun) => ({
    quarry: base ? run.quarry.jobsPerSecond / (run.processes * base.quarry.jobsPerSecond) : Number.NaN,
    handWritten: base
      ? run.handWritten.jobsPerSecond / (run.processes * base.handWritten.jobsPerSecond)
      : Number.NaN,
  });
  const lines = runs.map((run) => describeCount(run, efficiencyOf(run)));
  for (const line of lines) context.log(`line 22: ${line}`);
  const cpuRatios = runs.map((run) =>
    ratio(run.quarry.workerMicrosPerJob, run.handWritten.workerMicrosPerJob),
  );
  const worstCpu = cpuRatios.some((value) => value === null)
    ? null
    : Math.max(...cpuRatios.map((value) => value ?? 0));
  const worstJobs = Math.min(...runs.map((run) => run.quarry.jobsPerSecond / run.handWritten.jobsPerSecond));
  const worstExtra = Math.max(
    ...runs.map((run) => run.quarry.commandsPerJob - run.handWritten.commandsPerJob),
  );
  const largest = runs.at(-1);
  const eightRun = runs.find((run) => run.processes === 8);
  const efficiencyAt8 = eightRun ? efficiencyOf(eightRun).quarry : null;
  const met =
    worstCpu !== null &&
    worstCpu <= TARGETS.cpuRatio &&
    worstJobs >= TARGETS.jobsRatio &&
    worstExtra <= TARGETS.extraCommands &&
    (efficiencyAt8 === null || efficiencyAt8 >= TARGETS.efficiency);
  return {
    id: 22,
    title: 'Scale-out processes',
    metric: `worker CPU µs/job, Quarry vs hand-written (worst of ${counts.join(', ')} processes), ${jobsPerProcess} invoice jobs per process, concurrency ${concurrency} each, ${latencyMs} ms model latency`,
    quarry: largest?.quarry.workerMicrosPerJob ?? null,
    baseline: largest?.handWritten.workerMicrosPerJob ?? null,
    comparison: worstCpu === null ? null : round(worstCpu, 3),
    comparisonLabel: 'Quarry / hand-written CPU',
    target: `≤ ${TARGETS.cpuRatio} (and jobs/s ≥ ${TARGETS.jobsRatio}×, cmds ≤ +${TARGETS.extraCommands}, efficiency at 8 ≥ ${TARGETS.efficiency})`,
    status: verdict(met ? 1 : 0, (value) => value === 1),
    details: {
      jobsPerProcess,
      concurrency,
      latencyMs,
      cpus: availableParallelism(),
      processCounts: counts,
      ...(note ? { note } : {}),
      worstCpuRatio: worstCpu === null ? null : round(worstCpu, 3),
      worstJobsRatio: round(worstJobs, 3),
      worstExtraCommandsPerJob: round(worstExtra, 2),
      quarryEfficiencyAt8: efficiencyAt8 === null ? null : round(efficiencyAt8, 3),
      runs: runs.map((run) => ({
        processes: run.processes,
        efficiency: efficiencyOf(run),
        quarry: run.quarry,
        handWritten: run.handWritten,
      })),
    },
    notes: [
      ...(note ? [note] : []),
      'hand-written: plain BullMQ Worker (default options) + @anthropic-ai/sdk + zod, up to three tries; Quarry keeps attempts, lessons, retention and the 429 limiter',
      ...lines,
    ],
  };
}
