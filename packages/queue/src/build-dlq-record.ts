import { type AttemptRecord, issueSignature } from '@quarry/core';
import { dlqIdFor } from './dlq-id';
import { type DlqReason, dlqReasonMessage } from './dlq-reason';
import { dlqReasonLabel } from './dlq-reason-label';
import { DlqRecord, type DlqSplit } from './dlq-record';
import { dlqTotals } from './dlq-totals';
import { fingerprint } from './fingerprint';
import { Lineage } from './job-data';
import type { SourceJob } from './source-job';

/** Options of {@link buildDlqRecord}. */
export interface BuildDlqRecordOptions {
  readonly job: SourceJob;
  readonly reason: DlqReason;
  /** Every attempt record of the job. */
  readonly attempts: readonly AttemptRecord[];
  /** Signatures of the lessons shown to the model. Default none. */
  readonly lessonsInjected?: readonly string[];
  /** The workflow as resolved by the worker. Default: the job data's `workflow` (or `''`). */
  readonly workflow?: string;
  /** The version as resolved by the worker. Default: the job data's `version` (or null). */
  readonly version?: number | null;
  /** Job attempts used, the current one included. Default `job.attemptsMade`. */
  readonly jobAttempts?: number;
  /** Default now. */
  readonly deadLetteredAt?: Date;
  /** The children of a split job's parent. */
  readonly split?: DlqSplit;
}

/** Assembles (and validates) the DLQ record of a terminally failed job. */
export function buildDlqRecord(options: BuildDlqRecordOptions): DlqRecord {
  const { job, reason, attempts } = options;
  const sourceJobId = job.id;
  if (!sourceJobId) throw new TypeError('A job without an id cannot be dead-lettered');
  const data = (typeof job.data === 'object' && job.data !== null ? job.data : {}) as Record<string, unknown>;
  const lineage = Lineage.safeParse(data.lineage);
  const dataVersion = data.version;
  return DlqRecord.parse({
    dlqId: dlqIdFor(job),
    sourceJobId,
    workflow: options.workflow ?? (typeof data.workflow === 'string' ? data.workflow : ''),
    version:
      options.version !== undefined
        ? options.version
        : Number.isInteger(dataVersion) && (dataVersion as number) > 0
          ? dataVersion
          : null,
    reason: { ...reason, message: dlqReasonMessage(reason.message) },
    fingerprint: fingerprint({
      reason: dlqReasonLabel(reason),
      signatures: attempts.flatMap((attempt) => attempt.issues.map(issueSignature)),
    }),
    input: job.data,
    attempts,
    totals: dlqTotals(attempts),
    lessonsInjected: [...(options.lessonsInjected ?? [])],
    jobAttempts: options.jobAttempts ?? job.attemptsMade,
    firstEnqueuedAt: new Date(job.timestamp).toISOString(),
    deadLetteredAt: (options.deadLetteredAt ?? new Date()).toISOString(),
    lineage: lineage.success ? lineage.data : { rootJobId: sourceJobId, redriveCount: 0 },
    state: 'dead',
    ...(options.split ? { split: options.split } : {}),
  });
}
