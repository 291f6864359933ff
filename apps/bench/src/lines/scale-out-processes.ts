import { availableParallelism } from 'node:os';
import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { runProcessDrain, type SideRun } from '../processes/process-drain';
import { round } from '../stats';

/** Process counts when `--processes` names none, and the fewer cores that run only the first two. */
const DEFAULT_PROCESSES = [1, 2, 4, 8] as const;
const FEW_CORES = 8;

/** The targets: CPU per job, jobs/s, extra Redis commands per job, efficiency at 8 processes. */
const TARGETS = { cpuRatio: 1.1, jobsRatio: 0.95, extraCommands: 6, efficiency: 0.9 } as const;

/** Both sides at one process count. */
interface CountRun {
  readonly processes: number;
  readonly quarry: SideRun;
  readonly handWritten: SideRun;
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
    const quarry = await runProcessDrain({ side: 'quarry', processes, context });
    const handWritten = await runProcessDrain({ side: 'hand-written', processes, context });
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
