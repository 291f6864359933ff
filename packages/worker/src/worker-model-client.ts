import { createAnthropicModelClient } from '@quarry/anthropic';
import type { ModelClient, ModelTable } from '@quarry/core';
import { PacerBudgetStore, type QuarryKeys, type RedisClient } from '@quarry/queue';
import type { Logger } from 'pino';
import { instrumentModelClient } from './metrics/instrument-model-client';
import type { WorkerMetrics } from './metrics/worker-metrics';
import { pacedModelClient } from './pacing/paced-model-client';
import type { WorkerConfig } from './worker-config';

/** Options of {@link workerModelClient}. */
export interface WorkerModelClientOptions {
  readonly config: WorkerConfig;
  /** The caller's model client; absent: the Anthropic adapter configured from `config.anthropic`. */
  readonly model: ModelClient | undefined;
  readonly metrics: WorkerMetrics;
  readonly connection: RedisClient;
  readonly keys: QuarryKeys;
  /** The model table the pacer prices and classes calls by. */
  readonly models: ModelTable;
  /** Aborted as the worker starts closing: calls waiting for rate-limit budget are let go at once. */
  readonly closing: AbortSignal;
  readonly log: Logger;
}

/** The worker's model client: the sender with its call metrics, behind the rate-limit pacer when pacing is on. */
export function workerModelClient(options: WorkerModelClientOptions): ModelClient {
  const { config, metrics, connection } = options;
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
  if (!config.rateLimit.pacing) return sender;
  return pacedModelClient({
    inner: sender,
    store: new PacerBudgetStore({
      redis: connection,
      keys: options.keys,
      ceilings: config.rateLimit.ceilings,
    }),
    apiKey: config.anthropic.apiKey,
    models: options.models,
    maxWaitAheadMs: config.rateLimit.maxPauseMs,
    closing: options.closing,
    log: options.log.child({ component: 'pacer' }),
    metrics: metrics.pacing,
  });
}
