import type { AttemptStore } from '@quarry/core';
import { attemptJobKey, type DeadLetterWriter, type ExtractionJobResult } from '@quarry/queue';
import type { Job, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { describeError } from './describe-error';

/** Options of {@link releaseAttemptsOnEnd}. */
export interface ReleaseAttemptsOnEndOptions {
  readonly worker: Worker<unknown, ExtractionJobResult>;
  readonly attempts: AttemptStore;
  readonly deadLetters: DeadLetterWriter;
  readonly log: Logger;
}

/**
 * Deletes a job's attempt records once the job has reached a terminal state, never before (a job
 * that runs again must find them): when it completed (its result is the outcome), and when it
 * failed for good once its DLQ record holds every attempt (`DeadLetterWriter.releaseAttempts`; a
 * job without a record keeps them for the reconciler). A failed delete is logged; the records then
 * expire after `ATTEMPT_TTL_HOURS`.
 */
export function releaseAttemptsOnEnd(options: ReleaseAttemptsOnEndOptions): void {
  const { worker, attempts, deadLetters, log } = options;
  const release = (job: Job, ended: string, deleteRecords: () => Promise<unknown>) => {
    deleteRecords().catch((error: unknown) =>
      log.warn(
        { jobId: job.id, error: describeError(error) },
        `attempt records of a ${ended} job not deleted; they expire with their TTL`,
      ),
    );
  };
  worker.on('completed', (job) => {
    release(job, 'completed', async () => attempts.clear(attemptJobKey(job)));
  });
  worker.on('failed', (job) => {
    // `finishedOn` is set only when the job failed for good (not when it is retried later).
    if (job?.finishedOn) release(job, 'dead-lettered', () => deadLetters.releaseAttempts(job));
  });
}
