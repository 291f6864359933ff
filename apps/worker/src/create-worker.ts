import { setTimeout as sleep } from 'node:timers/promises';
import { createAnthropicModelClient } from '@quarry/anthropic';
import type { ModelClient, WorkflowRegistry } from '@quarry/core';
import {
  checkRedis,
  DeadLetterWriter,
  type ExtractionJobResult,
  logRedisCheck,
  openQueues,
  type QuarryQueues,
  RedisAttemptStore,
  type RedisCheckReport,
  type RedisClient,
  RedisHistoryStore,
  RedisSelfCheckError,
  ReviewIndex,
  redisClient,
} from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { collectDefaultMetrics } from 'prom-client';
import { createLogger } from './create-logger';
import { describeError } from './describe-error';
import { createExtractionProcessor } from './extraction-processor';
import { type HealthServer, startHealthServer } from './metrics/health-server';
import { instrumentModelClient } from './metrics/instrument-model-client';
import { createQueueSampler } from './metrics/queue-sampler';
import { createWorkerMetrics, type WorkerMetrics } from './metrics/worker-metrics';
import { quarryBackoffStrategy } from './quarry-backoff-strategy';
import type { WorkerConfig } from './worker-config';

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
}

/** A running extraction worker. */
export interface QuarryWorker {
  readonly worker: Worker<unknown, ExtractionJobResult>;
  readonly queues: QuarryQueues;
  readonly deadLetters: DeadLetterWriter;
  /** Completed jobs flagged `needsReview`, waiting for a person. */
  readonly review: ReviewIndex;
  readonly metrics: WorkerMetrics;
  /** The metrics and health server (`/metrics`, `/healthz`, `/readyz`); null when `config.metrics.port` is unset. */
  readonly http: Promise<{ readonly url: string } | null>;
  /**
   * Resolves once the Redis self-check passed, the worker took up jobs and the health server listens.
   * @throws RedisSelfCheckError when Redis is unsafe for Quarry (e.g. an evicting `maxmemory-policy`).
   */
  waitUntilReady(): Promise<void>;
  /** Why the worker is not ready (Redis unreachable, draining, not started); empty when it is. */
  readiness(): Promise<readonly string[]>;
  /** Runs one DLQ reconciliation sweep now (it also runs every `config.reconcile.intervalMs`). */
  reconcile(): Promise<{ scanned: number; written: string[] }>;
  /**
   * Graceful shutdown: stops taking jobs, lets in-flight ones finish within `graceMs` (default
   * `config.shutdownGraceMs`), then cuts them off (they go back to the queue and resume from their
   * saved attempts on another worker) and closes every connection it opened. Safe to call twice.
   */
  close(options?: { readonly graceMs?: number }): Promise<void>;
}

/**
 * Starts a BullMQ worker on the extraction queue running the extraction loop with the Anthropic
 * adapter, durable attempts, the shared error history, the failure policy and the DLQ writer, plus a
 * periodic DLQ reconciler for failures no processor saw (e.g. jobs stalled past `maxStalledCount`).
 */
export function createWorker(options: CreateWorkerOptions): QuarryWorker {
  const { config } = options;
  const log = options.logger ?? createLogger({ level: config.logLevel });
  const connection =
    options.connection ?? redisClient(config.redisUrl, { role: 'worker', connectionName: 'quarry-worker' });
  const queues = openQueues({
    connection,
    config: config.queue,
    onError: (error) => log.error({ error: describeError(error) }, 'queue connection error'),
  });
  const { keys } = queues;
  const attempts = new RedisAttemptStore({
    redis: connection,
    keys,
    ttlSeconds: config.queue.attemptTtlSeconds,
    onUnreadable: ({ jobKey, field, error }) =>
      log.warn(
        { jobId: jobKey, field, error: describeError(error) },
        'stored attempt record unreadable; skipped',
      ),
  });
  const history = config.queue.history.enabled
    ? {
        store: new RedisHistoryStore({
          redis: connection,
          keys,
          maxSignatures: config.queue.history.maxSignatures,
          halfLifeMs: config.queue.history.halfLifeMs,
        }),
        topN: config.queue.history.topN,
      }
    : null;
  const deadLetters = new DeadLetterWriter({ queue: queues.dlq, keys, attempts });
  const review = new ReviewIndex({ redis: connection, keys });
  const metrics =
    options.metrics ?? createWorkerMetrics({ maxSignatureLabels: config.metrics.maxSignatureLabels });
  // Process metrics (CPU, memory, event loop lag, GC) only when they are served.
  if (config.metrics.port !== null && !options.metrics) collectDefaultMetrics({ register: metrics.registry });
  const model = instrumentModelClient(
    options.model ??
      createAnthropicModelClient({
        apiKey: config.anthropic.apiKey,
        ...(config.anthropic.baseURL ? { baseURL: config.anthropic.baseURL } : {}),
        maxRetries: config.anthropic.maxRetries,
        timeoutMs: config.anthropic.timeoutMs,
      }),
    metrics,
  );

  let stopping = false;
  const processor = createExtractionProcessor({
    registry: options.registry ?? defaultRegistry(),
    model,
    modelId: config.model,
    attempts,
    history,
    deadLetters,
    review,
    metrics,
    queue: queues.queue,
    redis: connection,
    keys,
    maxJobAttempts: config.queue.jobAttempts,
    backoff: config.queue.backoff,
    rateLimit: config.rateLimit,
    bounceTtlSeconds: config.queue.attemptTtlSeconds,
    log,
    stopping: () => stopping,
    ...(options.random ? { random: options.random } : {}),
  });
  const worker = new Worker<unknown, ExtractionJobResult>(config.queue.queueName, processor, {
    connection,
    prefix: config.queue.prefix,
    concurrency: config.concurrency,
    lockDuration: config.lockDurationMs,
    stalledInterval: config.stalledIntervalMs,
    maxStalledCount: config.maxStalledCount,
    removeOnComplete: {
      age: config.queue.retention.completed.ageSeconds,
      count: config.queue.retention.completed.count,
    },
    removeOnFail: { age: config.queue.retention.failed.ageSeconds },
    settings: { backoffStrategy: quarryBackoffStrategy(config.queue.backoff) },
    // BullMQ honours a manual rate limit (a 429's queue-wide pause) only for workers with a limiter;
    // this one never limits by count, it only makes the pause set by `queue.rateLimit` apply.
    limiter: { max: Number.MAX_SAFE_INTEGER, duration: 1000 },
    ...(config.workerName ? { name: config.workerName } : {}),
    // Jobs are taken only once the Redis self-check passed (see `started` below).
    autorun: false,
  });
  worker.on('error', (error) => log.error({ error: describeError(error) }, 'worker error'));
  worker.on('stalled', (jobId) => {
    metrics.stalled();
    log.warn({ jobId }, 'job stalled; another worker picks it up');
  });

  let sweeping: Promise<{ scanned: number; written: string[] }> | null = null;
  const reconcile = () => {
    sweeping ??= deadLetters
      .reconcile({ sourceQueue: queues.queue, graceMs: config.reconcile.graceMs })
      .then((result) => {
        if (result.written.length > 0) {
          log.warn(
            { written: result.written, scanned: result.scanned },
            'reconciler wrote missing DLQ records',
          );
        }
        return result;
      })
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };
  const sweepQuietly = () => {
    reconcile().catch((error: unknown) =>
      log.error({ error: describeError(error) }, 'DLQ reconciliation failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;

  const selfCheck = async (): Promise<RedisCheckReport> => {
    const report = await checkRedis({
      redis: connection,
      prefix: config.queue.prefix,
      allowEviction: config.allowEviction,
      overrideHint: 'set REDIS_ALLOW_EVICTION=true to start anyway',
    });
    logRedisCheck(report, log);
    if (!report.ok) throw new RedisSelfCheckError({ report });
    return report;
  };
  let running = false;
  const started = (async () => {
    await selfCheck();
    await worker.waitUntilReady();
    await Promise.all([queues.queue.waitUntilReady(), queues.dlq.waitUntilReady()]);
    if (stopping) return;
    worker.run().catch((error: unknown) => log.error({ error: describeError(error) }, 'worker stopped'));
    running = true;
    timer = setInterval(sweepQuietly, config.reconcile.intervalMs);
    timer.unref();
  })();

  const readiness = async (): Promise<readonly string[]> => {
    if (stopping) return ['draining'];
    if (!running) return ['starting'];
    if (connection.status !== 'ready') return [`redis ${connection.status}`];
    const pinged = await Promise.race([
      connection.ping().then(
        () => true,
        () => false,
      ),
      sleep(1000, false),
    ]);
    return pinged ? [] : ['redis not answering'];
  };
  const sampler = createQueueSampler({ connection, queues, review, metrics });
  const http: Promise<HealthServer | null> =
    config.metrics.port === null
      ? Promise.resolve(null)
      : startHealthServer({
          host: config.metrics.host,
          port: config.metrics.port,
          registry: metrics.registry,
          beforeScrape: () => sampler.sample(),
          readiness,
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
          metrics: (await http)?.url ?? null,
        },
        'worker ready',
      );
      sweepQuietly();
    },
    (error: unknown) => log.error({ error: describeError(error) }, 'worker could not start'),
  );

  let closing: Promise<void> | null = null;
  const close = async (closeOptions: { readonly graceMs?: number } = {}) => {
    const graceMs = closeOptions.graceMs ?? config.shutdownGraceMs;
    stopping = true;
    clearInterval(timer);
    const closed = worker.close();
    const grace = new AbortController();
    const finished = await Promise.race([
      closed.then(() => true),
      sleep(graceMs, false, { signal: grace.signal }).catch(() => false),
    ]);
    grace.abort();
    if (!finished) {
      log.warn({ graceMs }, 'grace period over; cutting off in-flight jobs');
      worker.cancelAllJobs('shutdown');
      await closed;
    }
    await sweeping?.catch(() => undefined);
    await queues.close();
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
    reconcile,
    close(closeOptions) {
      closing ??= close(closeOptions);
      return closing;
    },
  };
}
