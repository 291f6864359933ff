import type { RedisClient } from '@quarry/queue';
import type { WorkerOptions } from 'bullmq';
import { quarryBackoffStrategy } from './quarry-backoff-strategy';
import type { WorkerConfig } from './worker-config';

/** Options of {@link extractionWorkerOptions}. */
export interface ExtractionWorkerOptionsOptions {
  readonly config: WorkerConfig;
  readonly connection: RedisClient;
}

/**
 * The BullMQ options of the extraction worker: concurrency, locks, stalled-job checks, failed-job
 * retention, the Quarry backoff strategy. The worker does not take jobs until `run()`.
 */
export function extractionWorkerOptions(options: ExtractionWorkerOptionsOptions): WorkerOptions {
  const { config, connection } = options;
  return {
    connection,
    prefix: config.queue.prefix,
    concurrency: config.concurrency,
    lockDuration: config.lockDurationMs,
    stalledInterval: config.stalledIntervalMs,
    maxStalledCount: config.maxStalledCount,
    // Completed jobs are kept in bounds by the worker's retention sweeps (`CompletedRetention`), not per job.
    removeOnFail: { age: config.queue.retention.failed.ageSeconds },
    settings: { backoffStrategy: quarryBackoffStrategy(config.queue.backoff) },
    // No limiter: a 429's queue-wide pause is a global rate limit set only while it lasts (`QueuePause`),
    // so a job fetch pays no limiter commands when there is none.
    ...(config.workerName ? { name: config.workerName } : {}),
    // Jobs are taken only once the Redis self-check passed (`createWorker` then calls `run()`).
    autorun: false,
  };
}
