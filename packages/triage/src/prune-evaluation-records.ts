import { dlqIdFor, type QuarryQueues, type RedisClient, unindexDlqRecord } from '@quarry/queue';
import { z } from 'zod';
import type { DlqReader } from './dlq-reader';
import { DlqRecordUnreadableError } from './errors/dlq-record-unreadable-error';

/** The part of a job's data that says which evaluation run it belongs to. */
const EvaluationTag = z.object({ evaluation: z.object({ runId: z.string() }) });

/** A dead letter an evaluation job left, with the job. */
export interface EvaluationDeadLetter {
  readonly dlqId: string;
  /** The evaluation job that was dead-lettered (the record's source job). */
  readonly jobId: string;
}

/** Options of {@link Triage.pruneEvaluationRecords}. */
export interface PruneEvaluationOptions {
  /** The evaluation run whose own dead letters are removed. */
  readonly runId: string;
  readonly records: readonly EvaluationDeadLetter[];
}

/** What {@link pruneEvaluationRecords} did: the records removed, and those kept with why. */
export interface EvaluationPrune {
  readonly removed: readonly string[];
  readonly kept: readonly { readonly dlqId: string; readonly why: string }[];
}

const runOf = (data: unknown): string | null => {
  const tag = EvaluationTag.safeParse(data);
  return tag.success ? tag.data.evaluation.runId : null;
};

/**
 * Removes the dead letters an evaluation run's own jobs left. Each record is read afresh and removed
 * only when it is still dead (never replayed), its source job is the job given and its job data
 * carries `evaluation.runId === runId`; its failed job goes first when it is still there (the same
 * generation, tagged with the same run: else the DLQ reconciler would write the record again), then
 * the record and its place in every DLQ index and its fingerprint group. Any other record is kept,
 * and said why. A removal cut short leaves at most the record behind, still tagged.
 */
export async function pruneEvaluationRecords(options: {
  readonly redis: RedisClient;
  readonly queues: QuarryQueues;
  readonly reader: DlqReader;
  readonly prune: PruneEvaluationOptions;
}): Promise<EvaluationPrune> {
  const { redis, queues, reader } = options;
  const { runId } = options.prune;
  const removed: string[] = [];
  const kept: { dlqId: string; why: string }[] = [];
  for (const { dlqId, jobId } of options.prune.records) {
    const decision = await decide({ reader, queues, runId, dlqId, jobId });
    switch (decision.action) {
      case 'keep':
        kept.push({ dlqId, why: decision.why });
        break;
      case 'remove':
        if (decision.withJob) await queues.queue.remove(jobId);
        await queues.dlq.remove(dlqId);
        await unindexDlqRecord({ redis, keys: queues.keys, sourceJobId: jobId, dlqId });
        removed.push(dlqId);
        break;
    }
  }
  return { removed, kept };
}

/** Whether one record goes (with its failed job, when that is still there) or stays, and why. */
type PruneDecision =
  | { readonly action: 'remove'; readonly withJob: boolean }
  | { readonly action: 'keep'; readonly why: string };

/** Reads the record `dlqId` and its job afresh and decides; only the run's own dead letter of `jobId` goes. */
async function decide(options: {
  readonly reader: DlqReader;
  readonly queues: QuarryQueues;
  readonly runId: string;
  readonly dlqId: string;
  readonly jobId: string;
}): Promise<PruneDecision> {
  const { runId, dlqId, jobId } = options;
  const keep = (why: string): PruneDecision => ({ action: 'keep', why });
  let record: Awaited<ReturnType<DlqReader['get']>>;
  try {
    record = await options.reader.get(dlqId);
  } catch (error) {
    if (error instanceof DlqRecordUnreadableError) return keep('its record is unreadable');
    throw error;
  }
  if (!record) return keep('no such record');
  if (record.sourceJobId !== jobId)
    return keep(`it is the record of job ${record.sourceJobId}, not ${jobId}`);
  if (runOf(record.input) !== runId) return keep(`it is not a dead letter of evaluation run ${runId}`);
  if (record.state !== 'dead') return keep(`it is ${record.state}`);
  const job = await options.queues.queue.getJob(jobId);
  // A job of another generation (re-created under the same id) is not this record's: it stays.
  if (!job || dlqIdFor(job) !== dlqId) return { action: 'remove', withJob: false };
  if (runOf(job.data) !== runId) return keep(`its job ${jobId} is not of evaluation run ${runId}`);
  if (!(await job.isFailed())) return keep(`its job ${jobId} is not failed`);
  return { action: 'remove', withJob: true };
}
