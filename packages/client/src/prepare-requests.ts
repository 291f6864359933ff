import type { WorkflowRegistry } from '@quarry/core';
import type { QueueConfig } from '@quarry/queue';
import { type EnqueueProblem, EnqueueValidationError } from './errors/enqueue-validation-error';
import { type PreparedJobData, prepareJobData } from './prepare-job-data';
import type { EnqueueRequest } from './quarry-client';

/** Options of {@link prepareRequests}. */
export interface PrepareRequestsOptions {
  readonly registry: WorkflowRegistry;
  readonly config: QueueConfig;
  readonly requests: readonly EnqueueRequest[];
  /** An `enqueueMany` batch: each problem names the index of its request (`item`). */
  readonly batch: boolean;
}

/**
 * The job data of enqueue requests, all or none.
 * @throws EnqueueValidationError listing the problems of every request that is not valid.
 */
export function prepareRequests(
  options: PrepareRequestsOptions,
): Extract<PreparedJobData, { ok: true }>['data'][] {
  const { registry, config, batch } = options;
  const problems: EnqueueProblem[] = [];
  const jobs = options.requests.flatMap((request, item) => {
    const prepared = prepareJobData({
      registry,
      workflow: typeof request.workflow === 'string' ? request.workflow : request.workflow.name,
      input: request.input,
      options: {
        ...(typeof request.workflow === 'string' ? {} : { version: request.workflow.version }),
        ...request.options,
      },
      maxJobDataBytes: config.limits.maxJobDataBytes,
      inlineDocumentMaxBytes: config.limits.inlineDocumentMaxBytes,
      allowedModels: config.allowedModels,
    });
    if (prepared.ok) return [prepared.data];
    problems.push(...prepared.problems.map((problem) => (batch ? { item, ...problem } : problem)));
    return [];
  });
  if (problems.length > 0) throw new EnqueueValidationError({ problems });
  return jobs;
}
