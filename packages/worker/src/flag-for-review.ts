import type { ExtractionResult } from '@quarry/core';
import type { ExtractionJobResult, JobData, ReviewIndex } from '@quarry/queue';

/** Options of {@link flagForReview}. */
export interface FlagForReviewOptions {
  readonly review: ReviewIndex;
  readonly jobId: string;
  readonly result: Pick<
    ExtractionResult,
    'workflow' | 'version' | 'reviewReasons' | 'weakFields' | 'attempts' | 'costUsd'
  >;
  /** The job's result as stored (its data and field confidence are what a person reviews). */
  readonly jobResult: ExtractionJobResult;
  /** The job's data (its history scope and metadata go with the entry). */
  readonly data: JobData;
}

/** Puts a completed job whose result needs review into the review index, with its reasons and data. */
export async function flagForReview(options: FlagForReviewOptions): Promise<void> {
  const { result, jobResult, data } = options;
  await options.review.flag({
    jobId: options.jobId,
    workflow: result.workflow,
    version: result.version,
    reasons: result.reviewReasons.length > 0 ? [...result.reviewReasons] : ['flagged for review'],
    ...(result.weakFields && result.weakFields.length > 0 ? { weakFields: [...result.weakFields] } : {}),
    flaggedAt: new Date().toISOString(),
    attempts: result.attempts,
    costUsd: result.costUsd,
    ...(data.historyScope !== undefined ? { historyScope: data.historyScope } : {}),
    ...(data.metadata !== undefined ? { metadata: data.metadata } : {}),
    data: jobResult.data,
    ...(jobResult.fieldConfidence ? { fieldConfidence: jobResult.fieldConfidence } : {}),
  });
}
