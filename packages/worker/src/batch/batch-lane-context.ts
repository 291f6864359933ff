import type Anthropic from '@anthropic-ai/sdk';
import type { DocumentUploader, ModelTable } from '@quarry/core';
import type { BatchEntry, BatchLaneStore, WebhookEmitter } from '@quarry/queue';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { WorkerMetrics } from '../metrics/worker-metrics';
import type { BatchLaneSettings } from './batch-lane-settings';
import { batchWait } from './batch-wait';
import type { RebuiltRequest } from './rebuild-request';

/** What the coordinator's steps share. */
export interface BatchLaneContext {
  readonly store: BatchLaneStore;
  /** The SDK client the batches are created, polled and read with (no retries of its own). */
  readonly client: Anthropic;
  readonly queue: Queue;
  readonly settings: BatchLaneSettings;
  /** The prices a batch's cost so far is shown at (in its record). */
  readonly models: ModelTable;
  /** Time limit of one API call. */
  readonly callTimeoutMs: number;
  /** How long after its intent a pending create is taken as lost (beyond any call's time limit). */
  readonly intentGraceMs: number;
  readonly log: Logger;
  /** Counts the result entries consumed. */
  readonly metrics: Pick<WorkerMetrics, 'batchResult'>;
  readonly now: () => number;
  /** What asks the Files API whether a document file a failed entry referenced still exists (null: none). */
  readonly uploader: DocumentUploader | null;
  /** Emits `batch.ended` when a batch's results are consumed. Absent: no events. */
  readonly webhooks?: Pick<WebhookEmitter, 'emit' | 'workflowsFor'> | undefined;
  /** The request of a waiting attempt (its document resolved again when its file was lost). */
  rebuild(entry: Pick<BatchEntry, 'ref' | 'lostFileId'>): Promise<RebuiltRequest>;
}

/** Promotes parked jobs so they run again (a job that is not delayed is left alone). */
export async function wakeJobs(context: BatchLaneContext, jobIds: readonly string[]): Promise<void> {
  for (const jobId of jobIds) {
    const job = await context.queue.getJob(jobId);
    await job?.promote().catch(() => {});
  }
}

/** Tells parked jobs (progress) what they now wait on: batch `batchId`, or collection when null. */
export async function showWaiting(
  context: BatchLaneContext,
  jobIds: readonly string[],
  batchId: string | null,
): Promise<void> {
  for (const jobId of jobIds) {
    const job = await context.queue.getJob(jobId);
    await job?.updateProgress(batchWait(batchId)).catch(() => {});
  }
}
