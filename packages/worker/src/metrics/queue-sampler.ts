import type { BatchLaneStore, QuarryQueues, RedisClient, ReviewIndex } from '@quarry/queue';
import type { JobType } from 'bullmq';
import type { WorkerMetrics } from './worker-metrics';

/** Queue states reported by `quarry_queue_jobs`. */
const STATES: readonly JobType[] = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'paused',
  'waiting-children',
  'completed',
  'failed',
];

/** Options of {@link createQueueSampler}. */
export interface QueueSamplerOptions {
  readonly connection: RedisClient;
  readonly queues: QuarryQueues;
  readonly review: ReviewIndex;
  readonly metrics: WorkerMetrics;
  /** The batch lane's store, for its gauges (batches in flight, attempts waiting, oldest wait). */
  readonly batch?: BatchLaneStore;
  /** Samples younger than this are reused. Default 1000 ms. */
  readonly maxAgeMs?: number;
  readonly now?: () => number;
}

/**
 * Refreshes the Redis-backed gauges (queue depth by state, DLQ depth and the age of its oldest
 * record, review backlog, the batch lane's batches in flight and attempts waiting per model) when a scrape asks, at most once per `maxAgeMs`, in a few round trips.
 * While Redis is unreachable it sends nothing (the commands would only queue up) and reports
 * `quarry_redis_up 0`; the gauges keep their last values.
 */
export function createQueueSampler(options: QueueSamplerOptions): { sample(): Promise<void> } {
  const { connection, queues, review, metrics } = options;
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 1000;
  let last = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;

  const read = async () => {
    const [counts, dlqCounts, oldest, pending] = await Promise.all([
      queues.queue.getJobCounts(...STATES),
      queues.dlq.getJobCounts(...STATES),
      queues.dlq.getJobs(['waiting'], 0, 0, true),
      review.count(),
    ]);
    for (const state of STATES) {
      metrics.gauges.queueJobs.set({ queue: queues.config.queueName, state }, counts[state] ?? 0);
    }
    metrics.gauges.dlqRecords.set(Object.values(dlqCounts).reduce((sum, n) => sum + n, 0));
    const oldestAt = oldest[0]?.timestamp;
    metrics.gauges.dlqOldestAgeSeconds.set(oldestAt ? Math.max(0, (now() - oldestAt) / 1000) : 0);
    metrics.gauges.reviewPending.set(pending);
    if (options.batch) await readBatchLane(options.batch, metrics, now());
  };

  return {
    sample() {
      if (connection.status !== 'ready') {
        metrics.gauges.redisUp.set(0);
        return Promise.resolve();
      }
      if (now() - last < maxAgeMs) return running ?? Promise.resolve();
      last = now();
      running = read().then(
        () => {
          metrics.gauges.redisUp.set(1);
        },
        () => {
          metrics.gauges.redisUp.set(0);
        },
      );
      return running;
    },
  };
}

/** Sets the batch lane's gauges; models sharing the `other` label are summed (age: the oldest). */
async function readBatchLane(store: BatchLaneStore, metrics: WorkerMetrics, nowMs: number): Promise<void> {
  const [inFlight, models] = await Promise.all([store.inFlight(), store.models()]);
  metrics.gauges.batchesInFlight.set(inFlight.length);
  const byLabel = new Map<string, { count: number; ageSeconds: number }>();
  for (const model of models) {
    const { count, oldestMs } = await store.waiting(model);
    const label = metrics.modelLabel(model);
    const seen = byLabel.get(label) ?? { count: 0, ageSeconds: 0 };
    const ageSeconds = oldestMs === null ? 0 : Math.max(0, (nowMs - oldestMs) / 1000);
    byLabel.set(label, { count: seen.count + count, ageSeconds: Math.max(seen.ageSeconds, ageSeconds) });
  }
  for (const [model, { count, ageSeconds }] of byLabel) {
    metrics.gauges.batchWaitingRequests.set({ model }, count);
    metrics.gauges.batchOldestWaitingAgeSeconds.set({ model }, ageSeconds);
  }
}
