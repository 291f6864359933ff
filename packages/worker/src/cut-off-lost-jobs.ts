import type { Worker } from 'bullmq';
import type { Logger } from 'pino';

/** The abort reason of a job whose lock this worker lost (another worker may be running it now). */
export const lockLostReason = 'quarry:lock-lost';

/** Options of {@link cutOffLostJobs}. */
export interface CutOffLostJobsOptions {
  readonly worker: Worker;
  readonly log: Logger;
}

/**
 * When BullMQ cannot renew a job's lock (the job stalled and another worker took it, or Redis lost
 * the lock), the processor here would otherwise go on calling the model for a job it no longer owns,
 * paying twice for the same attempt. This aborts the job's signal, cutting off its in-flight call.
 */
export function cutOffLostJobs(options: CutOffLostJobsOptions): void {
  options.worker.on('lockRenewalFailed', (jobIds) => {
    const cut = jobIds.filter((jobId) => options.worker.cancelJob(jobId, lockLostReason));
    options.log.warn(
      { jobIds, cutOff: cut.length },
      'job locks lost; their in-flight model calls are cut off',
    );
  });
}
