// A producer outside this repository defines the workflows its jobs name with these (zod schemas).
export { type AnyWorkflow, defineWorkflow, type WorkflowDefinition, WorkflowRegistry } from '@quarry/core';
export {
  type EnqueueOutcome,
  RedisGate,
  type RedisGateOptions,
  RedisUnavailableError,
  TransactionalEnqueuer,
  type TransactionalEnqueuerOptions,
} from '@quarry/queue';
export * from './create-quarry-client';
export * from './detect-document-type';
export * from './enqueue-document';
export * from './enqueue-options';
export * from './errors/dead-lettered-error';
export * from './errors/document-rejected-error';
export * from './errors/enqueue-validation-error';
export * from './errors/job-not-found-error';
export * from './errors/job-result-invalid-error';
export * from './errors/wait-timeout-error';
export * from './job-status';
export * from './prepare-job-data';
export * from './quarry-client';
export * from './read-job-status';
