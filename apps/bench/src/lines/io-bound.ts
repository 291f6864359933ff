import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import type { BenchContext } from '../bench-context';
import { fillRaw, fillWithClient } from '../bench-jobs';
import { type LineResult, verdict } from '../bench-line';
import { drain } from '../drain';
import type { BenchWorkerSpec } from '../processes/bench-worker-spec';
import { startSimulatedStandin } from '../processes/simulated-standin';
import { quarryClientFor } from '../quarry-client-for';
import { redisPid } from '../redis-pid';
import { round } from '../stats';

/** Jobs per second of a drain, and the cores each process used meanwhile. */
export interface Throughput {
  readonly jobsPerSecond: number;
  readonly cores: Readonly<Record<string, number | null>>;
}

/** CPU time of the worker processes per job, in microseconds, or null when unknown. */
export function workerMicrosPerJob(run: Throughput): number | null {
  const workers = Object.entries(run.cores).filter(([name]) => name.startsWith('worker-'));
  if (workers.some(([, used]) => used === null)) return null;
  const cores = workers.reduce((sum, [, used]) => sum + (used ?? 0), 0);
  return Math.round((cores / run.jobsPerSecond) * 1e6);
}

/** `worker-1 0.95, redis 0.4, …` */
export const describeCores = (cores: Readonly<Record<string, number | null>>): string =>
  Object.entries(cores)
    .map(([name, used]) => `${name} ${used ?? '?'}`)
    .join(', ');

/** Drains `jobs` jobs with raw BullMQ workers sleeping `latencyMs` per job, `processes` processes. */
export async function rawSleeping(options: {
  readonly context: BenchContext;
  readonly jobs: number;
  readonly concurrency: number;
  readonly latencyMs: number;
  readonly processes: number;
}): Promise<Throughput> {
  const redis = await spawnRedis();
  try {
    const prefix = uniquePrefix('bench-raw-io');
    const spec: BenchWorkerSpec = {
      kind: 'raw',
      redisUrl: redis.url,
      prefix,
      concurrency: options.concurrency,
      sleepMs: options.latencyMs,
    };
    const run = await drain({
      redisUrl: redis.url,
      prefix,
      jobs: options.jobs,
      fill: (queue) => fillRaw({ queue, corpus: options.context.corpus, run: 'raw-io', count: options.jobs }),
      workers: Array.from({ length: options.processes }, () => spec),
      cpuOf: { redis: await redisPid(redis.url) },
    });
    return { jobsPerSecond: run.jobsPerSecond, cores: run.cores };
  } finally {
    await redis.stop();
  }
}

/**
 * Drains `jobs` jobs with Quarry worker processes calling a stand-in (its own process) through the
 * real SDK, the stand-in answering after `latencyMs`.
 */
export async function quarryThroughStandin(options: {
  readonly context: BenchContext;
  readonly jobs: number;
  readonly concurrency: number;
  readonly latencyMs: number;
  readonly processes: number;
}): Promise<Throughput> {
  const redis = await spawnRedis();
  const standin = await startSimulatedStandin({
    corpus: options.context.corpus,
    latency: { meanMs: options.latencyMs, jitterMs: 0 },
  });
  const prefix = uniquePrefix('bench-quarry-io');
  const client = quarryClientFor(redis.url, prefix);
  try {
    const spec: BenchWorkerSpec = {
      kind: 'quarry',
      model: 'sdk',
      redisUrl: redis.url,
      prefix,
      concurrency: options.concurrency,
      env: { ANTHROPIC_BASE_URL: standin.url },
    };
    const run = await drain({
      redisUrl: redis.url,
      prefix,
      jobs: options.jobs,
      fill: async () => {
        await fillWithClient({ client, corpus: options.context.corpus, run: 'io', count: options.jobs });
      },
      workers: Array.from({ length: options.processes }, () => spec),
      cpuOf: { redis: await redisPid(redis.url), standin: standin.child.pid },
    });
    return { jobsPerSecond: run.jobsPerSecond, cores: run.cores };
  } finally {
    await client.close();
    await standin.close();
    await redis.stop();
  }
}

/**
 * Line 2: I/O bound. Raw BullMQ sleeping L per job vs Quarry through the real SDK against the
 * stand-in answering after L, both at concurrency C, both printed against the bound C / L.
 */
export async function ioBound(context: BenchContext): Promise<LineResult> {
  const { jobs, concurrency, latencyMs } = context.sizes.ioBound;
  const bound = concurrency / (latencyMs / 1000);
  const raw = await rawSleeping({ context, jobs, concurrency, latencyMs, processes: 1 });
  context.log(
    `line 2: BullMQ sleeping ${round(raw.jobsPerSecond, 0)} jobs/s (cores: ${describeCores(raw.cores)})`,
  );
  const quarry = await quarryThroughStandin({ context, jobs, concurrency, latencyMs, processes: 1 });
  context.log(
    `line 2: Quarry through the stand-in ${round(quarry.jobsPerSecond, 0)} jobs/s (cores: ${describeCores(quarry.cores)})`,
  );
  const q = quarry.jobsPerSecond;
  const b = raw.jobsPerSecond;
  const ratio = q / b;
  return {
    id: 2,
    title: 'I/O bound',
    metric: `jobs/s, ${jobs} jobs, concurrency ${concurrency}, ${latencyMs} ms model latency`,
    quarry: round(q, 0),
    baseline: round(b, 0),
    comparison: round(ratio, 3),
    comparisonLabel: 'Quarry / BullMQ',
    target: '≥ 0.95',
    status: verdict(ratio, (value) => value >= 0.95),
    details: {
      jobs,
      concurrency,
      latencyMs,
      boundJobsPerSecond: bound,
      quarryOfBound: round(q / bound, 3),
      bullmqOfBound: round(b / bound, 3),
      quarryCores: quarry.cores,
      bullmqCores: raw.cores,
      quarryWorkerMicrosPerJob: workerMicrosPerJob(quarry),
      bullmqWorkerMicrosPerJob: workerMicrosPerJob(raw),
    },
    notes: [
      `bound C/L = ${bound} jobs/s: Quarry reaches ${round((100 * q) / bound, 1)} %, BullMQ ${round((100 * b) / bound, 1)} %`,
      `cores used while draining: Quarry run ${describeCores(quarry.cores)}; BullMQ run ${describeCores(raw.cores)}`,
      `worker CPU per job: Quarry ${workerMicrosPerJob(quarry) ?? '?'} µs, BullMQ ${workerMicrosPerJob(raw) ?? '?'} µs`,
    ],
  };
}
