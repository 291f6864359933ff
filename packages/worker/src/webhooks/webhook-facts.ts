import {
  dlqIdFor,
  ExtractionJobResult,
  type QuarryKeys,
  type RedisClient,
  readDlqRecord,
  type WebhookDelivery,
} from '@quarry/queue';
import type { Queue } from 'bullmq';

/** What the facts say of a delivery when it runs: send this payload's data, look again later, or drop it. */
export type WebhookFacts =
  | { readonly kind: 'send'; readonly data: Readonly<Record<string, unknown>> }
  | { readonly kind: 'later'; readonly reason: string }
  | { readonly kind: 'skip'; readonly reason: string };

/** Where the facts are read. */
export interface WebhookFactSources {
  readonly queue: Pick<Queue, 'getJob'>;
  readonly dlq: Queue;
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
}

/** A grounding summary: how many grounded fields, how many at each confidence, how many weak. Null when not grounded. */
export function groundingSummary(result: ExtractionJobResult) {
  if (!result.fieldConfidence) return null;
  const values = Object.values(result.fieldConfidence);
  return {
    fields: values.length,
    confidence: {
      high: values.filter((c) => c >= 0.9).length,
      medium: values.filter((c) => c >= 0.7 && c < 0.9).length,
      low: values.filter((c) => c < 0.7).length,
    },
    weakFields: result.weakFields?.length ?? 0,
  };
}

/** The data of a completed job's event: never its document or provenance. */
function completedData(jobId: string, result: ExtractionJobResult): Record<string, unknown> {
  return {
    jobId,
    workflow: result.workflow,
    version: result.version,
    result: result.data,
    needsReview: result.needsReview,
    reviewReasons: result.reviewReasons,
    grounding: groundingSummary(result),
    costUsd: result.costUsd,
    attempts: result.attempts,
    model: result.model,
    durationMs: result.durationMs,
  };
}

/**
 * Reads fresh facts for a delivery before anything is sent: a `job.completed` or `job.needs_review`
 * goes only for a job of that generation that really completed (still running or waiting for a
 * retry: later; failed, gone or re-created: dropped); a `job.dead_lettered` only once the job's DLQ
 * record of that generation exists; a `batch.ended` with the facts the batch lane put in it (the
 * batch id, when it ended, the workflow's entries by result type and their job ids).
 */
export async function readWebhookFacts(
  delivery: WebhookDelivery,
  sources: WebhookFactSources,
): Promise<WebhookFacts> {
  const { subject } = delivery;
  if (subject.kind === 'test') {
    return { kind: 'send', data: { test: true, workflow: delivery.workflow } };
  }
  if (subject.kind === 'batch') {
    // The batch lane computed this workflow's facts when it consumed the ended batch; they do not change.
    if (!delivery.batch) return { kind: 'skip', reason: 'the delivery carries no batch facts' };
    return {
      kind: 'send',
      data: { batchId: subject.batchId, workflow: delivery.workflow, ...delivery.batch },
    };
  }
  const job = await sources.queue.getJob(subject.jobId);
  if (delivery.event === 'job.dead_lettered') {
    const dlqId = dlqIdFor({ id: subject.jobId, timestamp: subject.timestamp });
    const record = await readDlqRecord({ dlq: sources.dlq, dlqId });
    if (record) {
      return {
        kind: 'send',
        data: {
          jobId: subject.jobId,
          workflow: record.workflow,
          version: record.version,
          dlqId,
          reason: { kind: record.reason.kind, message: record.reason.message },
          costUsd: record.totals.costUsd,
          attempts: record.totals.modelCalls,
          jobAttempts: record.jobAttempts,
        },
      };
    }
    if (!job || job.timestamp !== subject.timestamp)
      return { kind: 'skip', reason: 'the job has no DLQ record' };
    return (await job.getState()) === 'completed'
      ? { kind: 'skip', reason: 'the job completed' }
      : { kind: 'later', reason: 'the DLQ record is not written yet' };
  }
  if (!job) return { kind: 'skip', reason: 'the job is gone' };
  if (job.timestamp !== subject.timestamp) return { kind: 'skip', reason: 'the job was re-created since' };
  const state = await job.getState();
  if (state === 'failed') return { kind: 'skip', reason: 'the job did not complete' };
  if (state !== 'completed') return { kind: 'later', reason: `the job is ${state}` };
  // The job read above may predate its completion (no result yet): read it again, now completed.
  const completed = await sources.queue.getJob(subject.jobId);
  if (!completed) return { kind: 'skip', reason: 'the job is gone' };
  if (completed.timestamp !== subject.timestamp)
    return { kind: 'skip', reason: 'the job was re-created since' };
  const parsed = ExtractionJobResult.safeParse(completed.returnvalue);
  if (!parsed.success) return { kind: 'skip', reason: 'the job result is unreadable' };
  if (delivery.event === 'job.needs_review' && !parsed.data.needsReview) {
    return { kind: 'skip', reason: 'the job does not need review' };
  }
  return { kind: 'send', data: completedData(subject.jobId, parsed.data) };
}
