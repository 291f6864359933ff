import { type DlqReason, type DlqRecord, dlqReasonLabel } from '@quarry/queue';

/** The job failed terminally and went to the dead-letter queue. */
export class DeadLetteredError extends Error {
  override readonly name = 'DeadLetteredError';
  readonly jobId: string;
  readonly dlqId: string;
  readonly reason: DlqReason;
  /** The DLQ record; null while the reconciler has not written it yet (the id is already fixed). */
  readonly record: DlqRecord | null;

  constructor(options: { jobId: string; dlqId: string; reason: DlqReason; record: DlqRecord | null }) {
    super(
      `Job ${options.jobId} was dead-lettered as ${options.dlqId} (${dlqReasonLabel(options.reason)}): ${options.reason.message}`,
    );
    this.jobId = options.jobId;
    this.dlqId = options.dlqId;
    this.reason = options.reason;
    this.record = options.record;
  }
}
