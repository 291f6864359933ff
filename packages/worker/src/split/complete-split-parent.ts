import type { ExtractionJobResult, JobData, ReviewIndex } from '@quarry/queue';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import { flagForReview } from '../flag-for-review';

/** Flags a split parent's merged result for review when it needs it, logs it, and returns it. */
export async function completeSplitParent(options: {
  readonly job: Job;
  readonly data: JobData;
  readonly result: ExtractionJobResult;
  readonly review: ReviewIndex | undefined;
  readonly log: Logger;
}): Promise<ExtractionJobResult> {
  const { result, review } = options;
  if (result.needsReview && review) {
    await flagForReview({
      review,
      jobId: options.job.id as string,
      result,
      jobResult: result,
      data: options.data,
    });
  }
  options.log.info(
    {
      attempts: result.attempts,
      needsReview: result.needsReview,
      reviewReasons: result.reviewReasons.length,
      costUsd: result.costUsd,
      split: result.split
        ? {
            windows: result.split.windows,
            groups: result.split.groups,
            children: result.split.children,
            duplicatesRemoved: result.split.merged.duplicatesRemoved,
            conflicts: result.split.merged.conflicts.length,
          }
        : undefined,
    },
    'split job completed',
  );
  return result;
}
