import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { cpuMeter } from './cpu-usage';
import { type BenchWorkerProcess, spawnBenchWorker } from './processes/bench-worker-process';
import type { BenchWorkerSpec } from './processes/bench-worker-spec';

/** How fast some worker processes drained a pre-filled queue. */
export interface DrainResult {
  readonly jobs: number;
  readonly seconds: number;
  readonly jobsPerSecond: number;
  /** Memory reports of each worker process, when asked for. */
  readonly memory: BenchWorkerProcess['memory'][];
  /** Cores each process used while the jobs ran (`worker-1`, …, plus those of `cpuOf`); null where unknown. */
  readonly cores: Record<string, number | null>;
}

/** Options of {@link drain}. */
export interface DrainOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly queueName?: string;
  /** Fills the (paused) queue with exactly `jobs` jobs. */
  readonly fill: (queue: Queue) => Promise<void>;
  readonly jobs: number;
  /** One spec per worker process. */
  readonly workers: readonly BenchWorkerSpec[];
  /** Give up after this long. Default 10 minutes. */
  readonly timeoutMs?: number;
  /** Runs once the workers are ready, just before the queue is resumed. */
  readonly beforeStart?: () => Promise<void>;
  /** Runs once every job finished, before the workers are closed. */
  readonly afterEnd?: () => Promise<void>;
  /** More processes whose CPU use is measured while the jobs run (e.g. Redis, the stand-in). */
  readonly cpuOf?: Readonly<Record<string, number | undefined>>;
  /** Also waited for before the clock stops (e.g. every webhook delivered); default none. */
  readonly settled?: () => boolean;
}

/**
 * Fills a paused queue, starts the worker processes and waits until they are ready, then resumes the
 * queue and times how long it takes until every job completed (clock stopped at the last completion).
 * Nothing polls Redis meanwhile: the workers report completions over IPC.
 */
export async function drain(options: DrainOptions): Promise<DrainResult> {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(options.queueName ?? 'extraction', { connection, prefix: options.prefix });
  const workers: BenchWorkerProcess[] = [];
  try {
    await queue.pause();
    await options.fill(queue);
    for (const spec of options.workers) workers.push(spawnBenchWorker(spec));
    await Promise.all(workers.map((worker) => worker.ready));
    await options.beforeStart?.();
    const meter = cpuMeter({
      ...Object.fromEntries(workers.map((worker, i) => [`worker-${i + 1}`, worker.child.pid])),
      ...options.cpuOf,
    });
    meter.start();
    const started = Date.now();
    await queue.resume();
    const deadline = started + (options.timeoutMs ?? 600_000);
    const finished = () => workers.reduce((sum, worker) => sum + worker.completed + worker.failed, 0);
    const settled = options.settled ?? (() => true);
    while (finished() < options.jobs || !settled()) {
      if (Date.now() > deadline) {
        throw new Error(
          `Only ${finished()} of ${options.jobs} jobs finished (settled: ${settled()}) within ${options.timeoutMs} ms`,
        );
      }
      await sleep(25);
    }
    const cores = meter.stop();
    await options.afterEnd?.();
    const failed = workers.reduce((sum, worker) => sum + worker.failed, 0);
    if (failed > 0) throw new Error(`${failed} job runs failed; the throughput lines expect none`);
    const last = Math.max(...workers.map((worker) => worker.lastCompletedAt));
    const seconds = (last - started) / 1000;
    return {
      jobs: options.jobs,
      seconds,
      jobsPerSecond: options.jobs / seconds,
      memory: workers.map((worker) => worker.memory),
      cores,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.close()));
    await queue.close();
    await connection.quit();
  }
}
