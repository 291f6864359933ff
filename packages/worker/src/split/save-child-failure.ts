import type { Job } from 'bullmq';
import type { ParsedJob } from '../parse-job';
import type { SplitSettings } from './resolve-or-split';

/**
 * Records, for its parent, why a child of a split job is dead-lettered (its reason label and
 * message, never document text), before its DLQ record is written. Nothing for any other job.
 */
export async function saveChildFailure(options: {
  readonly split: SplitSettings | undefined;
  readonly parsed: ParsedJob | null;
  readonly job: Job;
  readonly reason: string;
  readonly message: string;
}): Promise<void> {
  const part = options.parsed?.data.part;
  if (!part || !options.split) return;
  await options.split.store.saveFailure({
    splitId: part.splitId,
    index: part.index,
    failure: {
      jobId: options.job.id as string,
      reason: options.reason,
      message: options.message.slice(0, 500),
      attempts: options.job.attemptsMade + 1,
    },
  });
}
