import { availableParallelism } from 'node:os';
import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { round } from '../stats';
import { describeCores, quarryThroughStandin, rawSleeping } from './io-bound';

/** Line 3: the I/O-bound case with two Quarry worker processes vs one (raw BullMQ alongside for context). */
export async function scaleOut(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency, latencyMs } = context.sizes.scaleOut;
  const oneRun = await quarryThroughStandin({ context, jobs, concurrency, latencyMs, processes: 1 });
  context.log(
    `line 3: Quarry, 1 process ${round(oneRun.jobsPerSecond, 0)} jobs/s (cores: ${describeCores(oneRun.cores)})`,
  );
  const twoRun = await quarryThroughStandin({ context, jobs, concurrency, latencyMs, processes: 2 });
  context.log(
    `line 3: Quarry, 2 processes ${round(twoRun.jobsPerSecond, 0)} jobs/s (cores: ${describeCores(twoRun.cores)})`,
  );
  const rawOneRun = await rawSleeping({ context, jobs, concurrency, latencyMs, processes: 1 });
  const rawTwoRun = await rawSleeping({ context, jobs, concurrency, latencyMs, processes: 2 });
  const [one, two, rawOne, rawTwo] = [oneRun, twoRun, rawOneRun, rawTwoRun].map(
    (run) => run.jobsPerSecond,
  ) as [number, number, number, number];
  context.log(
    `line 3: BullMQ sleeping, 1 process ${round(rawOne, 0)}, 2 processes ${round(rawTwo, 0)} jobs/s`,
  );
  const ratio = two / one;
  return {
    id: 3,
    title: 'Scale out',
    metric: `jobs/s, 2 worker processes vs 1, ${jobs} jobs, concurrency ${concurrency} each`,
    quarry: round(two, 0),
    baseline: round(one, 0),
    comparison: round(ratio, 3),
    comparisonLabel: '2 procs / 1 proc',
    target: '≥ 1.7',
    status: verdict(ratio, (value) => value >= 1.7),
    details: {
      jobs,
      concurrency,
      latencyMs,
      quarryOneProcess: one,
      quarryTwoProcesses: two,
      bullmqOneProcess: rawOne,
      bullmqTwoProcesses: rawTwo,
      bullmqRatio: round(rawTwo / rawOne, 3),
      cpus: availableParallelism(),
      coresOneProcess: oneRun.cores,
      coresTwoProcesses: twoRun.cores,
    },
    notes: [
      `BullMQ sleeping, same case: 2 procs / 1 proc = ${round(rawTwo / rawOne, 2)}`,
      `cores used: 1 process ${describeCores(oneRun.cores)}; 2 processes ${describeCores(twoRun.cores)} (machine: ${availableParallelism()})`,
    ],
  };
}
