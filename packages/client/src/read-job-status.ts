import {
  dlqIdFor,
  ExtractionJobResult,
  findDlqIdBySource,
  type QuarryKeys,
  type RedisClient,
  readDlqRecord,
  unrecordedFailureReason,
} from '@quarry/queue';
import type { Queue } from 'bullmq';
import { JobResultInvalidError } from './errors/job-result-invalid-error';
import type { JobStatus } from './job-status';

/** Options of {@link readJobStatus}. */
export interface ReadJobStatusOptions {
  readonly redis: RedisClient;
  readonly queue: Queue;
  readonly dlq: Queue;
  readonly keys: QuarryKeys;
  readonly jobId: string;
}

/**
 * Reads a job's status from the extraction queue, its DLQ record (by the deterministic DLQ id while
 * the failed job exists, by the source index once retention removed it) and its result.
 */
export async function readJobStatus(options: ReadJobStatusOptions): Promise<JobStatus> {
  const { queue, dlq, jobId } = options;
  const state = await queue.getJobState(jobId);
  const job = state === 'unknown' ? undefined : await queue.getJob(jobId);
  if (!job) {
    const dlqId = await findDlqIdBySource({ redis: options.redis, keys: options.keys, sourceJobId: jobId });
    const record = dlqId ? await readDlqRecord({ dlq, dlqId }) : null;
    if (dlqId && record) return { jobId, state: 'dead-lettered', dlqId, reason: record.reason, record };
    return { jobId, state: 'unknown' };
  }
  switch (state) {
    case 'completed': {
      const parsed = ExtractionJobResult.safeParse(job.returnvalue);
      if (!parsed.success) {
        throw new JobResultInvalidError({
          jobId,
          problems: parsed.error.issues.map(
            (issue) => `${issue.path.join('.') || '(result)'}: ${issue.message}`,
          ),
        });
      }
      return { jobId, state: 'completed', result: parsed.data };
    }
    case 'failed': {
      const dlqId = dlqIdFor(job);
      const record = await readDlqRecord({ dlq, dlqId });
      return {
        jobId,
        state: 'dead-lettered',
        dlqId,
        reason: record?.reason ?? unrecordedFailureReason(job),
        record,
      };
    }
    case 'active':
      return { jobId, state: 'active', attemptsMade: job.attemptsMade };
    case 'delayed': {
      const batch = batchWaitOf(job.progress);
      if (batch) return { jobId, state: 'delayed', attemptsMade: job.attemptsMade, batch };
      return {
        jobId,
        state: job.attemptsMade > 0 ? 'failed-retrying' : 'delayed',
        attemptsMade: job.attemptsMade,
      };
    }
    default:
      return {
        jobId,
        state: job.attemptsMade > 0 ? 'failed-retrying' : 'queued',
        attemptsMade: job.attemptsMade,
      };
  }
}

/** What a parked batch-lane job waits on, from its progress (written by the worker), or null. */
function batchWaitOf(
  progress: unknown,
): { readonly waitingOn: 'collection' } | { readonly waitingOn: 'batch'; readonly batchId: string } | null {
  if (typeof progress !== 'object' || progress === null) return null;
  const { lane, waitingOn } = progress as { lane?: unknown; waitingOn?: unknown };
  if (lane !== 'batch') return null;
  if (waitingOn === 'collection') return { waitingOn: 'collection' };
  const batchId = (waitingOn as { batchId?: unknown } | null)?.batchId;
  return typeof batchId === 'string' ? { waitingOn: 'batch', batchId } : null;
}
