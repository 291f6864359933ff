import Anthropic from '@anthropic-ai/sdk';
import { createAnthropicModelClient } from '@quarry/anthropic';
import type { ModelClient, ModelTable, WorkflowRegistry } from '@quarry/core';
import {
  assertRedisSafe,
  BatchLaneStore,
  type ExtractionJobResult,
  openQueues,
  PacerBudgetStore,
  RateLimitBounceStore,
  type RedisClient,
  redisClient,
  TolerantWorker,
  WorkflowStatsStore,
} from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import type { Logger } from 'pino';
import { collectDefaultMetrics } from 'prom-client';
import { createBatchCoordinator } from './batch/batch-coordinator';
import { rebuildRequest } from './batch/rebuild-request';
import { checkConfiguredModels, modelWarnings } from './check-configured-models';
import { checkModelLadders } from './check-model-ladders';
import { configuredModels } from './configured-models';
import { createDocumentResolver } from './create-document-resolver';
import { createLogger } from './create-logger';
import { createReconciler } from './create-reconciler';
import { createWorkerStores } from './create-worker-stores';
import { cutOffLostJobs } from './cut-off-lost-jobs';
import { describeError } from './describe-error';
import { drainWorker } from './drain-worker';
import { createExtractionProcessor } from './extraction-processor';
import { extractionWorkerOptions } from './extraction-worker-options';
import { instrumentModelClient } from './metrics/instrument-model-client';
import { startWorkerHttp } from './metrics/start-worker-http';
import { createWorkerMetrics, type WorkerMetrics } from './metrics/worker-metrics';
import { pacedModelClient } from './pacing/paced-model-client';
import type { QuarryWorker } from './quarry-worker';
import { releaseAttemptsOnEnd } from './release-attempts-on-end';
import type { WorkerConfig } from './worker-config';
import { workerReadiness } from './worker-readiness';
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
  /** Default: metrics of its own (`createWorkerMetrics`), served on `config.metrics.port` when set. */
  readonly metrics?: WorkerMetrics;
  /**
   * Prices and request rules by model, the table every job's requests, costs and the model retirement
   * checks follow. Default `config.models` (the default table with `QUARRY_MODELS_FILE` merged over it).
   */
  readonly models?: ModelTable;
  /** Clock (ms since the epoch) of the model retirement checks. Default `Date.now`. */
  readonly now?: () => number;
}

/** How long closing a worker that never started waits for its connections to finish starting. */
const START_SETTLE_MS = 2000;

/** Resolves once every one is ready or has failed to start, or after {@link START_SETTLE_MS}. */
async function settleStart(starting: readonly { waitUntilReady(): Promise<unknown> }[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, START_SETTLE_MS);
  });
  await Promise.race([Promise.allSettled(starting.map((item) => item.waitUntilReady())), bound]);
  clearTimeout(timer);
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
  const stores = createWorkerStores({ connection, queues, config: config.queue, log });
  const { attempts, history, deadLetters, review } = stores;
  const metrics =
    options.metrics ?? createWorkerMetrics({ maxSignatureLabels: config.metrics.maxSignatureLabels });
  // Process metrics (CPU, memory, event loop lag, GC) only when they are served.
  if (config.metrics.port !== null && !options.metrics) collectDefaultMetrics({ register: metrics.registry });
  // Model call latency is the API's alone: the pacer's waits have metrics of their own.
  const sender = instrumentModelClient(
    options.model ??
      createAnthropicModelClient({
        apiKey: config.anthropic.apiKey,
        ...(config.anthropic.baseURL ? { baseURL: config.anthropic.baseURL } : {}),
        maxRetries: config.anthropic.maxRetries,
        timeoutMs: config.anthropic.timeoutMs,
      }),
    metrics,
  );
  // Aborted as the worker starts closing: calls waiting for rate-limit budget are let go at once.
  const letGo = new AbortController();
  const model = config.rateLimit.pacing
    ? pacedModelClient({
        inner: sender,
        store: new PacerBudgetStore({
          redis: connection,
          keys: queues.keys,
          ceilings: config.rateLimit.ceilings,
        }),
        apiKey: config.anthropic.apiKey,
        models: table,
        maxWaitAheadMs: config.rateLimit.maxPauseMs,
        closing: letGo.signal,
        log: log.child({ component: 'pacer' }),
        metrics: metrics.pacing,
      })
    : sender;

  const stats = new WorkflowStatsRecorder({
    store: new WorkflowStatsStore({
      redis: connection,
      keys: queues.keys,
      halfLifeMs: config.cache.rateHalfLifeMs,
    }),
    refreshMs: config.cache.refreshMs,
    log,
    gauges: metrics.cache,
  });

  const documents = createDocumentResolver({ config, connection, keys: queues.keys });

  let stopping = false;
  const batchStore = new BatchLaneStore({
    redis: connection,
    keys: queues.keys,
    resultTtlSeconds: config.queue.attemptTtlSeconds,
  });
  const processorOptions = {
    registry,
    model,
    modelId: config.model,
    models: table,
    allowedModels: config.queue.allowedModels,
    attempts,
    history,
    deadLetters,
    review,
    metrics,
    queue: queues.queue,
    bounces: new RateLimitBounceStore({
      redis: connection,
      keys: queues.keys,
      ttlSeconds: config.queue.attemptTtlSeconds,
    }),
    maxJobAttempts: config.queue.jobAttempts,
    backoff: config.queue.backoff,
    rateLimit: config.rateLimit,
    jobMaxCostUsd: config.jobMaxCostUsd,
    log,
    documents: documents.resolver,
    stopping: () => stopping,
    stats,
    cachePlacement: config.cache.placement,
    ...(options.random ? { random: options.random } : {}),
    batch: {
      store: batchStore,
      defaultLane: config.batch.defaultLane,
      deadlineMarginMs: config.batch.deadlineMarginMs,
      recheckMs: config.batch.recheckMs,
    },
  };
  const processor = createExtractionProcessor(processorOptions);
  const batchCoordinator = createBatchCoordinator({
    redis: connection,
    keys: queues.keys,
    context: {
      store: batchStore,
      client: new Anthropic({
        apiKey: config.anthropic.apiKey,
        ...(config.anthropic.baseURL ? { baseURL: config.anthropic.baseURL } : {}),
        maxRetries: 0,
        timeout: config.anthropic.timeoutMs,
        logLevel: 'off',
      }),
      queue: queues.queue,
      settings: config.batch,
      models: table,
      callTimeoutMs: config.anthropic.timeoutMs,
      intentGraceMs: config.anthropic.timeoutMs + 60_000,
      log: log.child({ component: 'batch-lane' }),
      metrics,
      now,
      uploader: documents.resolver.uploader,
      rebuild: ({ ref, lostFileId }) =>
        rebuildRequest({ processor: processorOptions, queue: queues.queue, ref, lostFileId, log }),
    },
  });
  // Tolerant: a job whose stored data is not JSON reaches the processor (and is dead-lettered
  // `bad_payload`) instead of failing inside BullMQ, in active, over and over.
  const worker = new TolerantWorker<unknown, ExtractionJobResult>(
    config.queue.queueName,
    processor,
    extractionWorkerOptions({ config, connection }),
  );
  worker.on('error', (error) => log.error({ error: describeError(error) }, 'worker error'));
  releaseAttemptsOnEnd({ worker, attempts, deadLetters, log });
  cutOffLostJobs({ worker, log });
  worker.on('stalled', (jobId) => {
    metrics.stalled();
    log.warn({ jobId }, 'job stalled; another worker picks it up');
  });
  const reconciler = createReconciler({
    deadLetters,
    sourceQueue: queues.queue,
    graceMs: config.reconcile.graceMs,
    intervalMs: config.reconcile.intervalMs,
    log,
  });

  let running = false;
  const started = (async () => {
    checkConfiguredModels({ models, table, now: now(), log });
    await assertRedisSafe({
      redis: connection,
      prefix: config.queue.prefix,
      allowEviction: config.allowEviction,
      overrideHint: 'set REDIS_ALLOW_EVICTION=true to start anyway',
      log,
    });
    await worker.waitUntilReady();
    await Promise.all([queues.queue.waitUntilReady(), queues.dlq.waitUntilReady()]);
    if (stopping) return;
    worker.run().catch((error: unknown) => log.error({ error: describeError(error) }, 'worker stopped'));
    running = true;
    reconciler.start();
    batchCoordinator.start();
  })();

  const readiness = () => workerReadiness({ stopping, running, connection });
  const warnings = () => modelWarnings({ models, table, now: now() });
  const http = startWorkerHttp({
    host: config.metrics.host,
    port: config.metrics.port,
    connection,
    queues,
    review,
    metrics,
    batch: batchStore,
    readiness,
    warnings,
  });
  http.catch(() => {});

  const waitUntilReady = async () => {
    await Promise.all([started, http]);
  };
  waitUntilReady().then(
    async () => {
      log.info(
        {
          queue: config.queue.queueName,
          prefix: config.queue.prefix,
          concurrency: config.concurrency,
          redisUrl: config.redisUrl,
          history: config.queue.history.enabled,
          model: config.model,
          metrics: (await http)?.url ?? null,
        },
        'worker ready',
      );
      reconciler.sweepQuietly();
    },
    (error: unknown) => log.error({ error: describeError(error) }, 'worker could not start'),
  );

  let closing: Promise<void> | null = null;
  const close = async (closeOptions: { readonly graceMs?: number } = {}) => {
    const graceMs = closeOptions.graceMs ?? config.shutdownGraceMs;
    stopping = true;
    letGo.abort();
    // Closed before it started (e.g. refused at start): let the queues' and the BullMQ worker's own
    // connections finish starting, for at most START_SETTLE_MS, so none of their start-up commands
    // is cut off unanswered by the close.
    if (!running) await settleStart([worker, queues.queue, queues.dlq]);
    reconciler.stop();
    await batchCoordinator.stop();
    await drainWorker({ worker, graceMs, log });
    await reconciler.settled();
    await stats.close();
    await queues.close();
    documents.close();
    await (await http.catch(() => null))?.close();
    if (!options.connection) await connection.quit().catch(() => connection.disconnect());
    log.info({}, 'worker closed');
  };

  return {
    worker,
    queues,
    deadLetters,
    review,
    metrics,
    http: http.then((server) => (server ? { url: server.url } : null)),
    waitUntilReady,
    readiness,
    warnings,
    reconcile: reconciler.reconcile,
    batchTick: batchCoordinator.tick,
    close(closeOptions) {
      closing ??= close(closeOptions);
      return closing;
    },
  };
}
