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
export { loadWorkerConfig, type WorkerConfig, WorkerEnv } from './worker-config';
