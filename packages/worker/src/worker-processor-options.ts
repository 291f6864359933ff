import type { ModelClient, ModelTable, WorkflowRegistry } from '@quarry/core';
import {
  type BatchLaneStore,
  extractionJobOptions,
  FirstRunTraceStore,
  type QuarryQueues,
  QueuePause,
  RateLimitBounceStore,
  type RedisClient,
  SplitStore,
  TenantSettingsCache,
  TenantStore,
  type WebhookEmitter,
} from '@quarry/queue';
import type { Tracing } from '@quarry/tracing';
import type { Logger } from 'pino';
import type { WorkerStores } from './create-worker-stores';
import type { ExtractionProcessorOptions } from './extraction-processor';
import type { WorkerMetrics } from './metrics/worker-metrics';
import type { DocumentResolver } from './resolve-job-document';
import type { TenantUsageRecorder } from './tenants/tenant-usage-recorder';
import type { WorkerConfig } from './worker-config';
import type { WorkflowStatsRecorder } from './workflow-stats-recorder';

/** Options of {@link workerProcessorOptions}: the parts of a worker its processor runs on. */
export interface WorkerProcessorOptionsOptions {
  readonly config: WorkerConfig;
  readonly registry: WorkflowRegistry;
  readonly model: ModelClient;
  readonly models: ModelTable;
  readonly stores: WorkerStores;
  readonly metrics: WorkerMetrics;
  readonly connection: RedisClient;
  readonly queues: QuarryQueues;
  readonly documents: DocumentResolver;
  /** True once the worker is shutting down. */
  readonly stopping: () => boolean;
  readonly stats: WorkflowStatsRecorder;
  /** Tenants' usage figures, written in batches. */
  readonly tenantUsage: TenantUsageRecorder;
  readonly batchStore: BatchLaneStore;
  readonly random: (() => number) | undefined;
  /** The clock tenants' budgets are counted by. Default `Date.now`. */
  readonly tenantClock?: () => number;
  /** Where completion events are emitted. */
  readonly webhooks: WebhookEmitter;
  /** Where the spans of each job run go; absent: none. */
  readonly tracing?: Tracing;
  readonly log: Logger;
}

/** The extraction processor's options of a worker, from its configuration and the parts it built. */
export function workerProcessorOptions(options: WorkerProcessorOptionsOptions): ExtractionProcessorOptions {
  const { config, stores, connection, queues } = options;
  const tenantStore = new TenantStore({ redis: connection, keys: queues.keys, queue: queues.queue });
  return {
    registry: options.registry,
    model: options.model,
    modelId: config.model,
    models: options.models,
    allowedModels: config.queue.allowedModels,
    attempts: stores.attempts,
    history: stores.history,
    deadLetters: stores.deadLetters,
    review: stores.review,
    metrics: options.metrics,
    queue: queues.queue,
    // A 429 pause's limit left by a killed worker is taken back at the reconciler's pace.
    pause: new QueuePause({
      redis: connection,
      queue: queues.queue,
      liftEveryMs: config.reconcile.intervalMs,
    }),
    bounces: new RateLimitBounceStore({
      redis: connection,
      keys: queues.keys,
      ttlSeconds: config.queue.attemptTtlSeconds,
    }),
    maxJobAttempts: config.queue.jobAttempts,
    backoff: config.queue.backoff,
    rateLimit: config.rateLimit,
    jobMaxCostUsd: config.jobMaxCostUsd,
    log: options.log,
    documents: options.documents,
    stopping: options.stopping,
    stats: options.stats,
    tenantUsage: options.tenantUsage,
    webhooks: options.webhooks,
    cachePlacement: config.cache.placement,
    ...(options.random ? { random: options.random } : {}),
    ...(options.tracing?.enabled
      ? {
          tracing: options.tracing,
          firstRunTraces: new FirstRunTraceStore({
            redis: connection,
            keys: queues.keys,
            ttlSeconds: config.queue.attemptTtlSeconds,
          }),
        }
      : options.tracing
        ? { tracing: options.tracing }
        : {}),
    tenants: {
      store: tenantStore,
      settings: new TenantSettingsCache({ store: tenantStore }),
      queue: queues.queue,
      ...(options.tenantClock ? { now: options.tenantClock } : {}),
    },
    split: {
      store: new SplitStore({ redis: connection, keys: queues.keys }),
      jobOptions: extractionJobOptions(config.queue),
    },
    batch: {
      store: options.batchStore,
      defaultLane: config.batch.defaultLane,
      deadlineMarginMs: config.batch.deadlineMarginMs,
      recheckMs: config.batch.recheckMs,
    },
  };
}
