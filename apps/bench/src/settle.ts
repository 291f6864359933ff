import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pendingCount, type RunOutcomes, readOutcomes } from './outcomes';
import { type BenchWorkerProcess, spawnBenchWorker } from './processes/bench-worker-process';
import type { BenchWorkerSpec } from './processes/bench-worker-spec';

/** Options of {@link settle}. */
export interface SettleOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  /** Fills the (paused) queue with exactly `jobs` jobs. */
  readonly fill: () => Promise<void>;
  readonly jobs: number;
  readonly workers: readonly BenchWorkerSpec[];
  /** Give up after this long. Default 10 minutes. */
  readonly timeoutMs?: number;
}

/**
 * Fills a paused queue, runs the worker processes until every job completed or failed for good (its
 * DLQ record written), and reads where each job ended. For lines that count outcomes, not time.
 */
export async function settle(options: SettleOptions): Promise<RunOutcomes & { seconds: number }> {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('extraction', { connection, prefix: options.prefix });
  const dlq = new Queue('extraction-dlq', { connection, prefix: options.prefix });
  const workers: BenchWorkerProcess[] = [];
  try {
    await queue.pause();
    await options.fill();
    for (const spec of options.workers) workers.push(spawnBenchWorker(spec));
    await Promise.all(workers.map((worker) => worker.ready));
    const started = Date.now();
    await queue.resume();
    const deadline = started + (options.timeoutMs ?? 600_000);
    for (;;) {
      const counts = await queue.getJobCounts('completed', 'failed');
      const finished = (counts.completed ?? 0) + (counts.failed ?? 0);
      if (finished >= options.jobs && (await pendingCount(queue)) === 0) break;
      if (Date.now() > deadline) {
        throw new Error(`Only ${finished} of ${options.jobs} jobs finished within ${options.timeoutMs} ms`);
      }
      await sleep(200);
    }
    const seconds = (Date.now() - started) / 1000;
    return { ...(await readOutcomes(queue, dlq)), seconds };
  } finally {
    await Promise.all(workers.map((worker) => worker.close()));
    await Promise.all([queue.close(), dlq.close()]);
    await connection.quit();
  }
}
