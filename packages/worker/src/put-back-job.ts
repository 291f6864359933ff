import { type Job, WaitingError } from 'bullmq';
import type { Logger } from 'pino';
import type { WorkerMetrics } from './metrics/worker-metrics';
import type { ParsedJob } from './parse-job';
import { workflowLabel } from './workflow-label';

/** Options of {@link putBackJob}. */
export interface PutBackJobOptions {
  readonly job: Job;
  /** The lock token the processor received. */
  readonly token: string | undefined;
  readonly log: Logger;
  /** Logged once the job is back. */
  readonly message: string;
  /** The job as parsed, for the metrics label; null when it was not parsed yet. */
  readonly parsed: ParsedJob | null;
  readonly metrics?: WorkerMetrics;
}

/**
 * Returns the job to the wait list without consuming a job attempt.
 * @throws WaitingError always, so that BullMQ leaves the moved job alone.
 */
export async function putBackJob(options: PutBackJobOptions): Promise<never> {
  options.metrics?.ended(workflowLabel(options.parsed), 'put_back');
  await options.job.moveToWait(options.token);
  options.log.warn({}, options.message);
  throw new WaitingError();
}
