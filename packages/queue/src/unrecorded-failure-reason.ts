import type { DlqReason } from './dlq-reason';
import { JobData } from './job-data';
import type { SourceJob } from './source-job';
import { UnreadableJobData } from './unreadable-job-data';

/** The `failedReason` BullMQ stores when a job stalled more often than `maxStalledCount` allows. */
export const BULLMQ_STALLED_REASON = 'job stalled more than allowable limit';

/**
 * The reason recorded for a failed job that no worker dead-lettered itself: its stored data could
 * not be read, it stalled past `maxStalledCount`, its data broke the job contract, or something
 * unexpected failed it.
 */
export function unrecordedFailureReason(job: SourceJob): DlqReason {
  if (job.data instanceof UnreadableJobData) return { kind: 'bad_payload', message: job.data.describe() };
  if (job.failedReason === BULLMQ_STALLED_REASON) {
    return { kind: 'stalled', message: `The job stalled too often (${BULLMQ_STALLED_REASON})` };
  }
  const contract = JobData.safeParse(job.data);
  if (!contract.success) {
    const problems = contract.error.issues.map(
      (issue) => `${issue.path.join('.') || '(job data)'}: ${issue.message}`,
    );
    return {
      kind: 'invalid_payload',
      message: `The job data breaks the job contract: ${problems.join('; ')}`,
    };
  }
  return { kind: 'unexpected', message: job.failedReason || 'The job failed without a reason' };
}
