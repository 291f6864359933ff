import type { ModelClient, ModelTable, TenantSettings, WorkflowRegistry } from '@quarry/core';
import {
  BatchLaneStore,
  CompletedRetention,
  openQueues,
  type RedisClient,
  redisClient,
  TenantStore,
  TenantUsageStore,
  WorkflowStatsStore,
} from '@quarry/queue';
import type { Tracing } from '@quarry/tracing';
import { defaultRegistry } from '@quarry/workflows';
import type { Logger } from 'pino';
import { announceWorkerReady } from './announce-worker-ready';
import { modelWarnings } from './check-configured-models';
import { checkModelLadders } from './check-model-ladders';
import { closeWorker } from './close-worker';
import { configuredModels } from './configured-models';
import { createDocumentResolver } from './create-document-resolver';
import { createExtractionWorker } from './create-extraction-worker';
import { createLogger } from './create-logger';
import { createReconciler } from './create-reconciler';
import { createRetentionSweeps } from './create-retention-sweeps';
import { createWorkerStores } from './create-worker-stores';
import { describeError } from './describe-error';
import { createExtractionProcessor } from './extraction-processor';
import { startWorkerHttp } from './metrics/start-worker-http';
import type { WorkerMetrics } from './metrics/worker-metrics';
import type { QuarryWorker } from './quarry-worker';
import { startWorker } from './start-worker';
import { TenantUsageRecorder } from './tenants/tenant-usage-recorder';
import { createWebhooks } from './webhooks/create-webhooks';
import { workerBatchCoordinator } from './worker-batch-coordinator';
import type { WorkerConfig } from './worker-config';
import { workerMetricsOf } from './worker-metrics-of';
import { workerModelClient } from './worker-model-client';
import { workerProcessorOptions } from './worker-processor-options';
import { workerReadiness } from './worker-readiness';
import type { WorkerRunState } from './worker-run-state';
import { workflowGrounder } from './workflow-grounder';
import { WorkflowStatsRecorder } from './workflow-stats-recorder';

/** Options of {@link createWorker}. Only `config` is required. */
export interface CreateWorkerOptions {
  /** Usually `loadWorkerConfig()`. */
  readonly config: WorkerConfig;
  /** The workflows jobs may name. Default: the shipped workflows (`defaultRegistry()`). */
  readonly registry?: WorkflowRegistry;
  /** Default: a pino logger at `config.logLevel` writing to standard output. */
  readonly logger?: Logger;
  /** Default: the Anthropic adapter configured from `config.anthropic`. */
  readonly model?: ModelClient;
  /** A connection made with `redisClient(url, { role: 'worker' })` (one server or a cluster); it stays open on close. Default: one opened from `config.redisUrl`. */
  readonly connection?: RedisClient;
  /** Uniform in [0, 1), for the backoff jitter. Default `Math.random`. */
  readonly random?: () => number;
  /** The clock tenants' budgets are counted by (UTC day and month). Default `Date.now`. */
  readonly tenantClock?: () => number;
  /** Tenant settings read from `QUARRY_TENANTS` files (`loadTenantsFiles`), written to Redis at start. */
  readonly tenantSettings?: ReadonlyMap<string, TenantSettings>;
  /** Default: metrics of its own (`createWorkerMetrics`), served on `config.metrics.port` when set. */
  readonly metrics?: WorkerMetrics;
  /**
   * Prices and request rules by model, the table every job's requests, costs and the model retirement
   * checks follow. Default `config.models` (the default table with `QUARRY_MODELS_FILE` merged over it).
   */
  readonly models?: ModelTable;
  /** Clock (ms since the epoch) of the model retirement checks. Default `Date.now`. */
  readonly now?: () => number;
  /**
   * Where the spans of each job run go (`startTracing` of `@quarry/tracing`); the caller shuts it
   * down after the worker closed. Default: none.
   */
  readonly tracing?: Tracing;
}

/**
 * Starts a BullMQ worker on the extraction queue running the extraction loop with the Anthropic
 * adapter, durable attempts, the shared error history, the failure policy and the DLQ writer, plus a
 * periodic DLQ reconciler for failures no processor saw (e.g. jobs stalled past `maxStalledCount`).
 * It refuses to start (`RetiredModelError`) when a configured model is retired, and warns of one
 * retiring within 30 days in the log and in `/readyz`.
 */
export function createWorker(options: CreateWorkerOptions): QuarryWorker {
  const { config } = options;
  const log = options.logger ?? createLogger({ level: config.logLevel });
  const registry = options.registry ?? defaultRegistry();
  const now = options.now ?? Date.now;
  const table = options.models ?? config.models;
  const models = configuredModels({ defaultModel: config.model, registry });
  // A grounding setting that does not fit its workflow stops the worker here, not at its first job.
  for (const workflow of registry.list()) workflowGrounder(workflow);
  // So does a model ladder naming a model without a price.
  checkModelLadders({ registry, table });
  const connection =
    options.connection ?? redisClient(config.redisUrl, { role: 'worker', connectionName: 'quarry-worker' });
  const queues = openQueues({
    connection,
    config: config.queue,
    onError: (error) => log.error({ error: describeError(error) }, 'queue connection error'),
  });
  const { keys } = queues;
  const stores = createWorkerStores({
    connection,
    queues,
    config: config.queue,
    lessons: config.lessons,
    lessonReadIntervalMs: config.lessonReadIntervalMs,
    log,
  });
  const metrics = workerMetricsOf({ config, metrics: options.metrics });
  // Aborted as the worker starts closing: calls waiting for rate-limit budget are let go at once.
  const letGo = new AbortController();
  const model = workerModelClient({
    config,
    model: options.model,
    metrics,
    connection,
    keys,
    models: table,
    closing: letGo.signal,
    log,
  });
  const stats = new WorkflowStatsRecorder({
    store: new WorkflowStatsStore({ redis: connection, keys, halfLifeMs: config.cache.rateHalfLifeMs }),
    refreshMs: config.cache.refreshMs,
    log,
    gauges: metrics.cache,
  });
  const tenantUsage = new TenantUsageRecorder({
    store: new TenantUsageStore({ redis: connection, keys }),
    log,
    ...(options.tenantClock ? { now: options.tenantClock } : {}),
  });
  const documents = createDocumentResolver({ config, connection, keys });

  const state: WorkerRunState = { stopping: false, running: false };
  const batchStore = new BatchLaneStore({
    redis: connection,
    keys,
    resultTtlSeconds: config.queue.attemptTtlSeconds,
  });
  const webhooks = createWebhooks({
    connection,
    queues,
    settings: config.webhooks,
    lockDurationMs: config.lockDurationMs,
    stalledIntervalMs: config.stalledIntervalMs,
    random: options.random,
    log,
  });
  const processorOptions = workerProcessorOptions({
    config,
    registry,
    model,
    models: table,
    stores,
    metrics,
    connection,
    queues,
    documents: documents.resolver,
    stopping: () => state.stopping,
    stats,
    tenantUsage,
    batchStore,
    random: options.random,
    ...(options.tenantClock ? { tenantClock: options.tenantClock } : {}),
    webhooks: webhooks.emitter,
    ...(options.tracing ? { tracing: options.tracing } : {}),
    log,
  });
  const processor = createExtractionProcessor(processorOptions);
  const batchCoordinator = workerBatchCoordinator({
    config,
    connection,
    queues,
    store: batchStore,
    processor: processorOptions,
    models: table,
    metrics,
    now,
    uploader: documents.resolver.uploader,
    webhooks: webhooks.emitter,
    log,
  });
  const worker = createExtractionWorker({ config, connection, processor, stores, metrics, log });
  const reconciler = createReconciler({
    deadLetters: stores.deadLetters,
    sourceQueue: queues.queue,
    graceMs: config.reconcile.graceMs,
    intervalMs: config.reconcile.intervalMs,
    log,
  });

  const retention = createRetentionSweeps({
    retention: new CompletedRetention({
      redis: connection,
      queue: queues.queue,
      ageSeconds: config.queue.retention.completed.ageSeconds,
      count: config.queue.retention.completed.count,
    }),
    intervalMs: config.retentionSweepMs,
    log,
  });

  const started = startWorker({
    config,
    connection,
    worker,
    queues,
    models,
    table,
    now,
    state,
    reconciler,
    retention,
    pause: processorOptions.pause,
    batchCoordinator,
    webhooks,
    ...(options.tenantSettings
      ? {
          tenantsFromFiles: {
            store: new TenantStore({ redis: connection, keys, queue: queues.queue }),
            settings: options.tenantSettings,
          },
        }
      : {}),
    log,
  });
  const readiness = () => workerReadiness({ stopping: state.stopping, running: state.running, connection });
  const warnings = () => modelWarnings({ models, table, now: now() });
  const http = startWorkerHttp({
    host: config.metrics.host,
    port: config.metrics.port,
    connection,
    queues,
    review: stores.review,
    metrics,
    batch: batchStore,
    readiness,
    warnings,
  });
  http.catch(() => {});
  const waitUntilReady = async () => {
    await Promise.all([started, http]);
  };
  announceWorkerReady({ ready: waitUntilReady(), config, http, reconciler, log });

  let closing: Promise<void> | null = null;
  return {
    worker,
    queues,
    deadLetters: stores.deadLetters,
    review: stores.review,
    metrics,
    http: http.then((server) => (server ? { url: server.url } : null)),
    waitUntilReady,
    readiness,
    warnings,
    reconcile: reconciler.reconcile,
    batchTick: batchCoordinator.tick,
    close(closeOptions = {}) {
      processorOptions.pause.close();
      closing ??= closeWorker({
        graceMs: closeOptions.graceMs ?? config.shutdownGraceMs,
        state,
        letGo,
        worker,
        queues,
        reconciler,
        retention,
        batchCoordinator,
        stats,
        tenantUsage,
        lessons: stores.history?.lessons ?? null,
        webhooks,
        documents,
        http,
        connection,
        ownsConnection: !options.connection,
        log,
      });
      return closing;
    },
  };
}
