import { Gauge, type Registry } from 'prom-client';

/** Gauges a scrape refreshes from Redis: queue depth by state, DLQ depth and age, review backlog, batches. */
export interface ScrapeGauges {
  readonly queueJobs: Gauge<'queue' | 'state'>;
  readonly dlqRecords: Gauge;
  readonly dlqOldestAgeSeconds: Gauge;
  readonly reviewPending: Gauge;
  readonly redisUp: Gauge;
  readonly batchesInFlight: Gauge;
  readonly batchWaitingRequests: Gauge<'model'>;
  readonly batchOldestWaitingAgeSeconds: Gauge<'model'>;
}

/** Creates the {@link ScrapeGauges} in the given registries. */
export function createScrapeGauges(registers: Registry[]): ScrapeGauges {
  return {
    queueJobs: new Gauge({
      name: 'quarry_queue_jobs',
      help: 'Jobs in the extraction queue by state (read from Redis at scrape time)',
      labelNames: ['queue', 'state'] as const,
      registers,
    }),
    dlqRecords: new Gauge({
      name: 'quarry_dlq_records',
      help: 'Records in the dead-letter queue',
      registers,
    }),
    dlqOldestAgeSeconds: new Gauge({
      name: 'quarry_dlq_oldest_age_seconds',
      help: 'Age of the oldest record in the dead-letter queue (0 when empty)',
      registers,
    }),
    reviewPending: new Gauge({
      name: 'quarry_review_pending',
      help: 'Completed jobs flagged needsReview and not acknowledged yet',
      registers,
    }),
    redisUp: new Gauge({
      name: 'quarry_redis_up',
      help: '1 when the last scrape could read Redis',
      registers,
    }),
    batchesInFlight: new Gauge({
      name: 'quarry_batches_in_flight',
      help: 'Message Batches submitted and not yet consumed (read from Redis at scrape time)',
      registers,
    }),
    batchWaitingRequests: new Gauge({
      name: 'quarry_batch_waiting_requests',
      help: 'Batch-lane attempts waiting to be collected into a batch, by model',
      labelNames: ['model'] as const,
      registers,
    }),
    batchOldestWaitingAgeSeconds: new Gauge({
      name: 'quarry_batch_oldest_waiting_age_seconds',
      help: 'How long the oldest attempt waiting to be collected has waited, by model (0 when none)',
      labelNames: ['model'] as const,
      registers,
    }),
  };
}
