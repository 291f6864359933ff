export { type CreateLoggerOptions, createLogger } from './create-logger';
export { type CreateWorkerOptions, createWorker } from './create-worker';
export { describeError, type ErrorSummary } from './describe-error';
export { createExtractionProcessor, type ExtractionProcessorOptions } from './extraction-processor';
export {
  type HealthServer,
  type HealthServerOptions,
  type ReadinessCheck,
  startHealthServer,
} from './metrics/health-server';
export { instrumentModelClient } from './metrics/instrument-model-client';
export {
  type BatchResultType,
  createWorkerMetrics,
  type JobOutcome,
  type ModelCallOutcome,
  type RetryAfterAdjustment,
  type WorkerMetrics,
  type WorkerMetricsOptions,
  workerMetricsDefaults,
} from './metrics/worker-metrics';
export { type ParsedJob, parseJob } from './parse-job';
export { quarryBackoffStrategy } from './quarry-backoff-strategy';
export type { QuarryWorker } from './quarry-worker';
export { RetiredModelError } from './retired-model-error';
export { RetryLaterError } from './retry-later-error';
export { type CreateWebhooksOptions, createWebhooks, type WorkerWebhooks } from './webhooks/create-webhooks';
export { signWebhook } from './webhooks/sign-webhook';
export {
  createWebhookDeliveryProcessor,
  type WebhookDeliveryProcessorOptions,
  type WebhookDeliveryResult,
  webhookDeliveryDefaults,
} from './webhooks/webhook-delivery-processor';
export {
  checkWebhookTarget,
  neutralisedExcerpt,
  postWebhook,
  type WebhookEgress,
  type WebhookPostOutcome,
  webhookAddressPolicy,
} from './webhooks/webhook-egress';
export {
  groundingSummary,
  readWebhookFacts,
  type WebhookFactSources,
  type WebhookFacts,
} from './webhooks/webhook-facts';
export { loadWorkerConfig, type WorkerConfig, WorkerEnv } from './worker-config';
