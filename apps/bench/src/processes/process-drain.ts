import { setTimeout as sleep } from 'node:timers/promises';
import { spawnRedis, uniquePrefix } from '@quarry/local-redis';
import { Redis } from 'ioredis';
import type { BenchContext } from '../bench-context';
import { loadBenchCorpus } from '../bench-corpus';
import { fillWithClient } from '../bench-jobs';
import { type CommandCounts, commandCounter } from '../command-counter';
import { drain } from '../drain';
import { quarryClientFor } from '../quarry-client-for';
import { redisPid } from '../redis-pid';
import { round } from '../stats';
import type { BenchWorkerSpec } from './bench-worker-spec';
import { startSimulatedStandin } from './simulated-standin';
import type { StandinProcess } from './standin-process';

/** Which worker the processes run: Quarry's, or the hand-written BullMQ + SDK + zod worker. */
type DrainSide = 'quarry' | 'hand-written';

/** One side's drain with some worker processes. */
export interface SideRun {
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

/** Options of {@link runProcessDrain}. */
export interface ProcessDrainOptions {
  readonly side: DrainSide;
  readonly processes: number;
  readonly context: BenchContext;
  /** Jobs per process; default the context's `scaleOutProcesses` size. */
  readonly jobsPerProcess?: number;
  /** More worker configuration (Quarry side), e.g. `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  readonly env?: Readonly<Record<string, string>>;
  /** The tenant every job is enqueued for. */
  readonly tenant?: string;
  /** Runs on the fresh Redis before the jobs are enqueued (subscriptions, tenant settings). */
  readonly prepare?: (redisUrl: string, prefix: string) => Promise<void>;
  /** Also waited for before the drain's clock and CPU meter stop (see `drain`). */
  readonly settled?: () => boolean;
}

/**
 * Drains `jobsPerProcess × processes` first-try invoice jobs with `processes` worker processes of one
 * side, each against a stand-in of its own answering after `latencyMs`, on a fresh Redis: jobs/s,
 * worker CPU per job (/proc), Redis commands per job (INFO commandstats, by command) and Redis CPU.
 */
export async function runProcessDrain(options: ProcessDrainOptions): Promise<SideRun> {
  const { side, processes } = options;
  const sizes = options.context.sizes.scaleOutProcesses;
  const { concurrency, latencyMs } = sizes;
  const jobs = (options.jobsPerProcess ?? sizes.jobsPerProcess) * processes;
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
      env: { ...options.env, ANTHROPIC_BASE_URL: standin.url },
    }));
    await options.prepare?.(redis.url, prefix);
    const counter = commandCounter(control, { roundTrips: false });
    let counts: CommandCounts | null = null;
    const run = await drain({
      redisUrl: redis.url,
      prefix,
      jobs,
      fill: async () => {
        await fillWithClient({
          client,
          corpus,
          run: `sop-${side}-${processes}`,
          count: jobs,
          ...(options.tenant ? { tenant: options.tenant } : {}),
        });
      },
      workers: specs,
      ...(options.settled ? { settled: options.settled } : {}),
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
