import type { JobState, Queue } from 'bullmq';
import { dlqIdFor } from './dlq-id';

/** Longest extraction job id looked up; longer ones name no job. */
export const MAX_JOB_ID_CHARS = 256;

/** What a page about one extraction job reads from the queue. */
export interface ExtractionJobSnapshot {
  readonly jobId: string;
  readonly state: JobState;
  /** The job data as stored (check it against `JobData` before trusting it). */
  readonly data: unknown;
  /** The return value of a completed job (check it against `ExtractionJobResult`); null otherwise. */
  readonly returnValue: unknown;
  readonly attemptsMade: number;
  /** Creation time (ms). */
  readonly timestamp: number;
  readonly finishedOn: number | null;
  /** The DLQ record a failed job was dead-lettered as; null for other states. */
  readonly dlqId: string | null;
}

/**
 * One job of the extraction queue, or null when the queue holds no job by that id (BullMQ's own keys
 * such as `meta` or `events` included: a name in none of the queue's states is no job).
 */
export async function readExtractionJob(options: {
  readonly queue: Queue;
  readonly jobId: string;
}): Promise<ExtractionJobSnapshot | null> {
  const { queue, jobId } = options;
  if (jobId === '' || jobId.length > MAX_JOB_ID_CHARS) return null;
  const state = await queue.getJobState(jobId);
  if (state === 'unknown') return null;
  const job = await queue.getJob(jobId);
  if (!job) return null;
  return {
    jobId,
    state,
    data: job.data,
    returnValue: state === 'completed' ? (job.returnvalue ?? null) : null,
    attemptsMade: job.attemptsMade,
    timestamp: job.timestamp,
    finishedOn: job.finishedOn ?? null,
    dlqId: state === 'failed' ? dlqIdFor({ id: jobId, timestamp: job.timestamp }) : null,
  };
}
