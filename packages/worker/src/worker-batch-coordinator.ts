import Anthropic from '@anthropic-ai/sdk';
import type { DocumentUploader, ModelTable } from '@quarry/core';
import type { BatchLaneStore, QuarryQueues, RedisClient, WebhookEmitter } from '@quarry/queue';
import type { Logger } from 'pino';
import { type BatchCoordinator, createBatchCoordinator } from './batch/batch-coordinator';
import { rebuildRequest } from './batch/rebuild-request';
import type { ExtractionProcessorOptions } from './extraction-processor';
import type { WorkerMetrics } from './metrics/worker-metrics';
import type { WorkerConfig } from './worker-config';

/** Options of {@link workerBatchCoordinator}. */
export interface WorkerBatchCoordinatorOptions {
  readonly config: WorkerConfig;
  readonly connection: RedisClient;
  readonly queues: QuarryQueues;
  readonly store: BatchLaneStore;
  /** The processor's options, which a waiting attempt's request is rebuilt with. */
  readonly processor: ExtractionProcessorOptions;
  readonly models: ModelTable;
  readonly metrics: WorkerMetrics;
  readonly now: () => number;
  readonly uploader: DocumentUploader | null;
  /** Emits `batch.ended` as batches' results are consumed. Absent: no events. */
  readonly webhooks?: Pick<WebhookEmitter, 'emit' | 'workflowsFor'>;
  readonly log: Logger;
}

/** The batch lane's coordinator of a worker, with an SDK client of its own (no retries, no SDK logs). */
export function workerBatchCoordinator(options: WorkerBatchCoordinatorOptions): BatchCoordinator {
  const { config, queues, log } = options;
  return createBatchCoordinator({
    redis: options.connection,
    keys: queues.keys,
    context: {
      store: options.store,
      client: new Anthropic({
        apiKey: config.anthropic.apiKey,
        ...(config.anthropic.baseURL ? { baseURL: config.anthropic.baseURL } : {}),
        maxRetries: 0,
        timeout: config.anthropic.timeoutMs,
        logLevel: 'off',
      }),
      queue: queues.queue,
      settings: config.batch,
      models: options.models,
      callTimeoutMs: config.anthropic.timeoutMs,
      intentGraceMs: config.anthropic.timeoutMs + 60_000,
      log: log.child({ component: 'batch-lane' }),
      metrics: options.metrics,
      now: options.now,
      uploader: options.uploader,
      webhooks: options.webhooks,
      rebuild: ({ ref, lostFileId }) =>
        rebuildRequest({ processor: options.processor, queue: queues.queue, ref, lostFileId, log }),
    },
  });
}
