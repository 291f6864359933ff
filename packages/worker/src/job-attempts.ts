import type { AnyWorkflow, AttemptStore, StoredAttemptsOptions } from '@quarry/core';
import { attemptInputHash, attemptJobKey, type JobGeneration } from '@quarry/queue';

/** Options of {@link jobAttempts}. */
export interface JobAttemptsOptions {
  readonly store: AttemptStore;
  /** The BullMQ job: its id and creation time name its generation. */
  readonly job: JobGeneration;
  readonly workflow: AnyWorkflow;
  /** The input validated against `workflow.input`. */
  readonly input: unknown;
  /**
   * True when this run is the job's first start (BullMQ's `attemptsStarted` is 1, read with the job
   * as it was fetched): no earlier run can have saved an attempt, so none are loaded. Default false.
   */
  readonly firstRun?: boolean;
}

/**
 * Where a job's attempts are saved and resumed from: keyed by the job's generation (id and creation
 * time) and checked against a hash of its workflow, version and input, so a re-used job id never
 * resumes the attempts of another job. On a job's first start nothing is loaded (one round trip
 * less a job): its first save deletes the records another input's job may have left.
 */
export function jobAttempts(options: JobAttemptsOptions): StoredAttemptsOptions {
  const { workflow } = options;
  return {
    store: options.store,
    jobKey: attemptJobKey(options.job),
    inputHash: attemptInputHash({ workflow: workflow.name, version: workflow.version, input: options.input }),
    ...(options.firstRun ? { firstRun: true } : {}),
  };
}
