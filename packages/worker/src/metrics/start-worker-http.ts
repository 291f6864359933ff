import type { BatchLaneStore, QuarryQueues, RedisClient, ReviewIndex } from '@quarry/queue';
import { type HealthServer, type ReadinessCheck, startHealthServer } from './health-server';
import { createQueueSampler } from './queue-sampler';
import type { WorkerMetrics } from './worker-metrics';

/** Options of {@link startWorkerHttp}. */
export interface StartWorkerHttpOptions {
  readonly host: string;
  /** Null: no server. */
  readonly port: number | null;
  readonly connection: RedisClient;
  readonly queues: QuarryQueues;
  readonly review: ReviewIndex;
  readonly metrics: WorkerMetrics;
  /** The batch lane's store, for its gauges. */
  readonly batch?: BatchLaneStore;
  readonly readiness: ReadinessCheck;
  /** Warnings `/readyz` adds without turning unready. */
  readonly warnings?: () => readonly string[];
}

/**
 * Starts the worker's metrics and health server (`/metrics`, `/healthz`, `/readyz`), which refreshes
 * the Redis-backed gauges on each scrape; resolves to null when `port` is null.
 */
export function startWorkerHttp(options: StartWorkerHttpOptions): Promise<HealthServer | null> {
  const { connection, queues, review, metrics } = options;
  const sampler = createQueueSampler({
    connection,
    queues,
    review,
    metrics,
    ...(options.batch ? { batch: options.batch } : {}),
  });
  if (options.port === null) return Promise.resolve(null);
  return startHealthServer({
    host: options.host,
    port: options.port,
    registry: metrics.registry,
    beforeScrape: () => sampler.sample(),
    readiness: options.readiness,
    ...(options.warnings ? { warnings: options.warnings } : {}),
  });
}
