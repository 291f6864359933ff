import { setTimeout as sleep } from 'node:timers/promises';
import { createAnthropicModelClient } from '@quarry/anthropic';
import type { ModelClient, WorkflowRegistry } from '@quarry/core';
import {
  DeadLetterWriter,
  type ExtractionJobResult,
  openQueues,
  type QuarryQueues,
  RedisAttemptStore,
  RedisHistoryStore,
  redisConnection,
} from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createLogger } from './create-logger';
import { describeError } from './describe-error';
import { createExtractionProcessor } from './extraction-processor';
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
  /** A connection made with `redisConnection(url, { role: 'worker' })`; it stays open on close. Default: one opened from `config.redisUrl`. */
  readonly connection?: Redis;
  /** Uniform in [0, 1), for the backoff jitter. Default `Math.random`. */
  readonly random?: () => number;
}

/** A running extraction worker. */
export interface QuarryWorker {
  readonly worker: Worker<unknown, ExtractionJobResult>;
  readonly queues: QuarryQueues;
  readonly deadLetters: DeadLetterWriter;
  /** Resolves once the worker's connections are ready. */
  waitUntilReady(): Promise<void>;
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
    options.connection ??
    redisConnection(config.redisUrl, { role: 'worker', connectionName: 'quarry-worker' });
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
  const model =
    options.model ??
    createAnthropicModelClient({
      apiKey: config.anthropic.apiKey,
      ...(config.anthropic.baseURL ? { baseURL: config.anthropic.baseURL } : {}),
      maxRetries: config.anthropic.maxRetries,
      timeoutMs: config.anthropic.timeoutMs,
    });

  let stopping = false;
  const processor = createExtractionProcessor({
    registry: options.registry ?? defaultRegistry(),
    model,
    modelId: config.model,
    attempts,
    history,
    deadLetters,
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
  });
  worker.on('error', (error) => log.error({ error: describeError(error) }, 'worker error'));
  worker.on('stalled', (jobId) => log.warn({ jobId }, 'job stalled; another worker picks it up'));

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
  const timer = setInterval(sweepQuietly, config.reconcile.intervalMs);
  timer.unref();

  const waitUntilReady = async () => {
    await worker.waitUntilReady();
    await Promise.all([queues.queue.waitUntilReady(), queues.dlq.waitUntilReady()]);
  };
  waitUntilReady().then(
    () => {
      log.info(
        {
          queue: config.queue.queueName,
          prefix: config.queue.prefix,
          concurrency: config.concurrency,
          redisUrl: config.redisUrl,
          history: config.queue.history.enabled,
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
    if (!options.connection) await connection.quit().catch(() => connection.disconnect());
    log.info({}, 'worker closed');
  };

  return {
    worker,
    queues,
    deadLetters,
    waitUntilReady,
    reconcile,
    close(closeOptions) {
      closing ??= close(closeOptions);
      return closing;
    },
  };
}
