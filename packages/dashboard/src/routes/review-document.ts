import type { WorkflowRegistry } from '@quarry/core';
import { type QuarryQueues, readExtractionJob } from '@quarry/queue';
import type { DashboardDocuments } from '../documents/dashboard-documents';
import { originalOf } from '../documents/original-of';
import type { ReviewDocument } from '../pages/review-page';
import { jobView } from './job-view';

/**
 * The original of a flagged document job with its result's grounded fields, as its job page shows
 * them (downloaded from the job's own route); null for a text job or a job no longer in the queue.
 */
export async function reviewDocument(options: {
  readonly queues: QuarryQueues;
  readonly registry: WorkflowRegistry;
  readonly documents: DashboardDocuments;
  readonly jobId: string;
}): Promise<ReviewDocument | null> {
  const { jobId } = options;
  const snapshot = await readExtractionJob({ queue: options.queues.queue, jobId });
  if (!snapshot) return null;
  const original = await originalOf({
    jobData: snapshot.data,
    documents: options.documents,
    downloadHref: `/jobs/${encodeURIComponent(jobId)}/document`,
  });
  if (!original) return null;
  return { original, fields: jobView({ snapshot, registry: options.registry }).fields };
}
