import {
  type BatchResultType,
  WEBHOOK_BATCH_JOB_IDS_LIMIT,
  type WebhookBatchEnded,
  type WebhookEmitter,
} from '@quarry/queue';
import type { BatchLaneContext } from './batch-lane-context';
import { parseBatchRef } from './batch-ref';

/** How many jobs are read at once to learn their workflows. */
const READ_CHUNK = 100;

/** A batch's entries (refs) and the workflow of each of their jobs: what `batch.ended` is emitted per. */
export interface BatchWorkflows {
  readonly refs: readonly string[];
  /** Job id → workflow, only jobs of workflows subscribed to `batch.ended`. */
  readonly byJob: ReadonlyMap<string, string>;
}

/**
 * The workflows of the jobs of batch `batchId`'s entries, among the workflows with a `batch.ended`
 * subscription (none read when there is none): job id → workflow. Read before the results are
 * settled, while every job still waits parked; a job gone by then is in no workflow's event.
 */
export async function batchWorkflows(
  context: Pick<BatchLaneContext, 'store' | 'queue'> & {
    readonly webhooks?: Pick<WebhookEmitter, 'workflowsFor'> | undefined;
  },
  batchId: string,
): Promise<BatchWorkflows> {
  const byJob = new Map<string, string>();
  if (!context.webhooks) return { refs: [], byJob };
  const wanted = await context.webhooks.workflowsFor('batch.ended');
  if (wanted.size === 0) return { refs: [], byJob };
  const refs = await context.store.memberRefs(batchId);
  const jobIds = [...new Set(refs.flatMap((ref) => parseBatchRef(ref)?.jobId ?? []))];
  for (let i = 0; i < jobIds.length; i += READ_CHUNK) {
    const jobs = await Promise.all(jobIds.slice(i, i + READ_CHUNK).map((id) => context.queue.getJob(id)));
    for (const job of jobs) {
      const workflow: unknown = job?.data?.workflow;
      if (job?.id && typeof workflow === 'string' && wanted.has(workflow)) byJob.set(job.id, workflow);
    }
  }
  return { refs, byJob };
}

/** One entry of an ended batch: its ref and the type of its result, or null when the results named none. */
export interface EndedEntry {
  readonly ref: string;
  readonly type: BatchResultType | null;
}

/**
 * The `batch.ended` facts of each workflow with at least one entry in the batch: its entries, their
 * results by type and their job ids (sorted, capped). Pure.
 */
export function batchEndedFacts(options: {
  readonly workflows: BatchWorkflows['byJob'];
  readonly entries: readonly EndedEntry[];
  readonly endedAtMs: number;
}): Map<string, WebhookBatchEnded> {
  const grouped = new Map<
    string,
    { entries: number; counts: Record<BatchResultType, number>; jobs: Set<string> }
  >();
  for (const entry of options.entries) {
    const jobId = parseBatchRef(entry.ref)?.jobId;
    const workflow = jobId === undefined ? undefined : options.workflows.get(jobId);
    if (jobId === undefined || workflow === undefined) continue;
    let group = grouped.get(workflow);
    if (!group) {
      group = { entries: 0, counts: { succeeded: 0, errored: 0, expired: 0, canceled: 0 }, jobs: new Set() };
      grouped.set(workflow, group);
    }
    group.entries += 1;
    if (entry.type !== null) group.counts[entry.type] += 1;
    group.jobs.add(jobId);
  }
  const endedAt = new Date(options.endedAtMs).toISOString();
  const facts = new Map<string, WebhookBatchEnded>();
  for (const [workflow, group] of grouped) {
    const jobIds = [...group.jobs].sort();
    facts.set(workflow, {
      endedAt,
      entries: group.entries,
      counts: group.counts,
      jobIds: jobIds.slice(0, WEBHOOK_BATCH_JOB_IDS_LIMIT),
      jobIdsTruncated: jobIds.length > WEBHOOK_BATCH_JOB_IDS_LIMIT,
    });
  }
  return facts;
}

/**
 * Emits `batch.ended` for batch `batchId` to each workflow with at least one entry in it (and a
 * subscription to the event). Called before the batch is finished, so a crash in between emits
 * again under the same event id (the delivery queue keeps the first).
 */
export async function emitBatchEnded(options: {
  readonly webhooks: Pick<WebhookEmitter, 'emit'>;
  readonly batchId: string;
  readonly facts: ReadonlyMap<string, WebhookBatchEnded>;
}): Promise<void> {
  for (const [workflow, batch] of options.facts) {
    await options.webhooks.emit({
      type: 'batch.ended',
      workflow,
      subject: { kind: 'batch', batchId: options.batchId },
      batch,
    });
  }
}
