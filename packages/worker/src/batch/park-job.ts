import type { BatchLaneStore } from '@quarry/queue';
import { DelayedError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { BatchParkedError } from './batch-parked-error';
import { batchWait } from './batch-wait';

/** Options of {@link parkJob}. */
export interface ParkJobOptions {
  readonly job: Job;
  /** The lock token the processor received. */
  readonly token: string | undefined;
  readonly error: BatchParkedError;
  readonly store: BatchLaneStore;
  /** How long the job stays delayed before it looks again on its own. */
  readonly recheckMs: number;
  readonly log: Logger;
}

/**
 * Parks a batch-lane job: its progress says what it waits on, and it moves to `delayed` without
 * using a job attempt, so it holds no lock and can never stall. The coordinator promotes it once
 * its attempt's outcome is stored; the delay only bounds how long a lost promotion could hold it.
 * @throws DelayedError always, so that BullMQ leaves the moved job alone.
 */
export async function parkJob(options: ParkJobOptions): Promise<never> {
  const { job, error } = options;
  await job.updateProgress(batchWait(error.batchId));
  await job.moveToDelayed(Date.now() + options.recheckMs, options.token);
  // The outcome may have been stored while the job was still active (its promotion then failed).
  if ((await options.store.result(error.ref)) !== null) await job.promote().catch(() => {});
  options.log.info({ ref: error.ref, batchId: error.batchId }, 'job parked in the batch lane');
  throw new DelayedError();
}
