import type { AnyWorkflow } from '@quarry/core';
import type { ExtractionJobResult } from '@quarry/queue';
import { clientDefaults } from './client-defaults';
import { DeadLetteredError } from './errors/dead-lettered-error';
import { JobNotFoundError } from './errors/job-not-found-error';
import { JobResultInvalidError } from './errors/job-result-invalid-error';
import { WaitTimeoutError } from './errors/wait-timeout-error';
import type { JobStatus } from './job-status';
import type { WaitForResultOptions } from './quarry-client';

/** Options of {@link pollJobResult}. */
export interface PollJobResultOptions {
  readonly jobId: string;
  readonly wait: WaitForResultOptions;
  /** Reads the job's status (through the client's Redis gate). */
  readonly getStatus: (jobId: string) => Promise<JobStatus>;
  /** Upper bound of the poll interval. */
  readonly maxPollIntervalMs: number;
}

/**
 * Polls a job's status, from 50 ms growing 1.5× per poll, until it completed (its result) or was
 * dead-lettered (`DeadLetteredError`); `JobNotFoundError` for an unknown job, `WaitTimeoutError`
 * after `timeoutMs`, and the signal's reason once it aborts.
 */
export async function pollJobResult(options: PollJobResultOptions): Promise<ExtractionJobResult> {
  const { jobId, wait } = options;
  const timeoutMs = wait.timeoutMs ?? clientDefaults.waitTimeoutMs;
  const deadline = Date.now() + timeoutMs;
  let intervalMs = 50;
  for (;;) {
    wait.signal?.throwIfAborted();
    const status = await options.getStatus(jobId);
    switch (status.state) {
      case 'completed':
        return resultOf({ jobId, result: status.result, workflow: wait.workflow });
      case 'dead-lettered':
        throw new DeadLetteredError({
          jobId,
          dlqId: status.dlqId,
          reason: status.reason,
          record: status.record,
        });
      case 'unknown':
        throw new JobNotFoundError({ jobId });
      case 'queued':
      case 'delayed':
      case 'active':
      case 'failed-retrying': {
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new WaitTimeoutError({ jobId, timeoutMs, lastState: status.state });
        await sleep(Math.min(intervalMs, remaining), wait.signal);
        intervalMs = Math.min(intervalMs * 1.5, options.maxPollIntervalMs);
        break;
      }
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The result of `jobId`, refused when it comes from another workflow than the one the caller expects. */
function resultOf(options: {
  jobId: string;
  result: ExtractionJobResult;
  workflow: AnyWorkflow | undefined;
}): ExtractionJobResult {
  const { jobId, result, workflow } = options;
  if (workflow && result.workflow !== workflow.name) {
    throw new JobResultInvalidError({
      jobId,
      problems: [`the job ran workflow "${result.workflow}", not "${workflow.name}"`],
    });
  }
  return result;
}
