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
export { clientDefaults } from './client-defaults';
export { type CreateQuarryClientOptions, createQuarryClient } from './create-quarry-client';
export { detectDocumentType, sniffFileType } from './detect-document-type';
export { type DocumentEnqueueRequest, type EnqueuedDocumentJob, enqueueDocument } from './enqueue-document';
export type { EnqueueOptions } from './enqueue-options';
export { DeadLetteredError } from './errors/dead-lettered-error';
export { type DocumentProblem, DocumentRejectedError } from './errors/document-rejected-error';
export { type EnqueueProblem, EnqueueValidationError } from './errors/enqueue-validation-error';
export { JobNotFoundError } from './errors/job-not-found-error';
export { JobResultInvalidError } from './errors/job-result-invalid-error';
export { WaitTimeoutError } from './errors/wait-timeout-error';
export type { JobState, JobStatus } from './job-status';
export { type PreparedJobData, type PrepareJobDataOptions, prepareJobData } from './prepare-job-data';
export type { EnqueuedJob, EnqueueRequest, QuarryClient, WaitForResultOptions } from './quarry-client';
export { type ReadJobStatusOptions, readJobStatus } from './read-job-status';
