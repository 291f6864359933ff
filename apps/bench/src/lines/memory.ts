import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import type { BenchContext } from '../bench-context';
import { fillRaw, fillWithClient } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { drain } from '../drain';
import type { BenchWorkerSpec } from '../processes/bench-worker-spec';
import { startSimulatedStandin } from '../processes/simulated-standin';
import { quarryClientFor } from '../quarry-client-for';
import { round } from '../stats';

const MiB = 1024 * 1024;

interface MemoryRun {
  readonly warmRssMiB: number;
  readonly endRssMiB: number;
  /** The lowest RSS after the warm-up. */
  readonly minRssMiB: number;
  readonly maxRssMiB: number;
  /** End minus the lowest sample after the warm-up: a leak shows, a warm-up peak settling does not hide one. */
  readonly growthMiB: number;
  readonly samplesMiB: readonly number[];
  readonly heapGrowthMiB: number;
  readonly gc: boolean;
  readonly jobsPerSecond: number;
}

/** Drains warm-up + measured jobs through one worker process that reports its memory at both marks. */
async function measure(context: BenchContext, kind: 'raw' | 'quarry'): Promise<MemoryRun> {
  const { warmupJobs, jobs, concurrency } = context.sizes.memory;
  const total = warmupJobs + jobs;
  const redis = await spawnRedis();
  const standin = kind === 'quarry' ? await startSimulatedStandin({ corpus: context.corpus }) : null;
  const prefix = uniquePrefix(`bench-memory-${kind}`);
  const client = kind === 'quarry' ? quarryClientFor(redis.url, prefix) : null;
  try {
    const memory = { warmupJobs, totalJobs: total, everyJobs: Math.max(1, Math.floor(jobs / 10)) };
    const spec: BenchWorkerSpec =
      kind === 'raw'
        ? { kind: 'raw', redisUrl: redis.url, prefix, concurrency, memory }
        : {
            kind: 'quarry',
            model: 'sdk',
            redisUrl: redis.url,
            prefix,
            concurrency,
            memory,
            env: { ANTHROPIC_BASE_URL: standin?.url ?? '' },
          };
    const run = await drain({
      redisUrl: redis.url,
      prefix,
      jobs: total,
      fill: (queue) =>
        client
          ? fillWithClient({ client, corpus: context.corpus, run: 'memory', count: total }).then(
              () => undefined,
            )
          : fillRaw({ queue, corpus: context.corpus, run: 'memory', count: total }),
      workers: [spec],
    });
    const samples = run.memory[0] ?? [];
    const warm = samples.find((sample) => sample.phase === 'warm');
    const end = samples.find((sample) => sample.phase === 'end');
    if (!warm || !end) throw new Error(`The ${kind} worker did not report its memory at both marks`);
    const rss = samples.map((sample) => sample.rssBytes / MiB);
    const lowest = Math.min(...rss);
    return {
      warmRssMiB: round(warm.rssBytes / MiB, 1),
      endRssMiB: round(end.rssBytes / MiB, 1),
      minRssMiB: round(lowest, 1),
      maxRssMiB: round(Math.max(...rss), 1),
      growthMiB: round(end.rssBytes / MiB - lowest, 1),
      samplesMiB: rss.map((value) => round(value, 1)),
      heapGrowthMiB: round((end.heapUsedBytes - warm.heapUsedBytes) / MiB, 1),
      gc: warm.gc && end.gc,
      jobsPerSecond: round(run.jobsPerSecond, 0),
    };
  } finally {
    await client?.close();
    await standin?.close();
    await redis.stop();
  }
}

/**
 * Line 7: worker RSS growth over the measured jobs, after a warm-up, in a child process with
 * `--expose-gc` (a full GC before each of a dozen samples). Growth is the last sample minus the lowest
 * one after the warm-up. Quarry goes through the SDK to the stand-in; raw BullMQ with a no-op
 * processor runs the same count alongside.
 */
export async function memory(context: BenchContext): Promise<LineResult> {
  const { warmupJobs, jobs, concurrency } = context.sizes.memory;
  const quarry = await measure(context, 'quarry');
  context.log(`line 7: Quarry RSS ${quarry.warmRssMiB} → ${quarry.endRssMiB} MiB`);
  const raw = await measure(context, 'raw');
  context.log(`line 7: BullMQ RSS ${raw.warmRssMiB} → ${raw.endRssMiB} MiB`);
  return {
    id: 7,
    title: 'Worker memory',
    metric: `RSS growth MiB over ${jobs} jobs after ${warmupJobs} warm-up, concurrency ${concurrency}`,
    quarry: quarry.growthMiB,
    baseline: raw.growthMiB,
    comparison: quarry.growthMiB,
    comparisonLabel: 'Quarry growth, MiB',
    target: '< 50 MiB',
    status: verdict(quarry.growthMiB, (value) => value < 50),
    details: { warmupJobs, jobs, concurrency, quarry, bullmq: raw },
    notes: [
      `RSS after warm-up → lowest → end: Quarry ${quarry.warmRssMiB} → ${quarry.minRssMiB} → ${quarry.endRssMiB} MiB (heap ${quarry.heapGrowthMiB >= 0 ? '+' : ''}${quarry.heapGrowthMiB} MiB from warm-up to end), BullMQ ${raw.warmRssMiB} → ${raw.minRssMiB} → ${raw.endRssMiB} MiB; GC forced before each sample: ${quarry.gc ? 'yes' : 'no'}`,
      `Quarry RSS samples, MiB: ${quarry.samplesMiB.join(', ')}`,
    ],
  };
}
