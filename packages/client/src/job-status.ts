import type { DlqReason, DlqRecord, ExtractionJobResult } from '@quarry/queue';

/**
 * Where a job stands:
 * - `queued`, `delayed`, `active`: not run yet, scheduled for later, running;
 * - `failed-retrying`: a job attempt failed and the job will run again;
 * - `completed`: finished with `result`;
 * - `dead-lettered`: failed terminally; `record` is null while the reconciler has yet to write it;
 * - `unknown`: no such job (never enqueued, or removed by retention).
 */
export type JobStatus =
  | {
      readonly jobId: string;
      readonly state: 'queued' | 'delayed' | 'active' | 'failed-retrying';
      /** Job attempts that failed so far. */
      readonly attemptsMade: number;
      /**
       * A batch-lane job parked (`delayed`) while its attempt waits to be collected into a batch
       * (`collection`) or on batch `batchId`.
       */
      readonly batch?:
        | { readonly waitingOn: 'collection' }
        | { readonly waitingOn: 'batch'; readonly batchId: string };
    }
  | { readonly jobId: string; readonly state: 'completed'; readonly result: ExtractionJobResult }
  | {
      readonly jobId: string;
      readonly state: 'dead-lettered';
      readonly dlqId: string;
      readonly reason: DlqReason;
      readonly record: DlqRecord | null;
    }
  | { readonly jobId: string; readonly state: 'unknown' };

/** The states of {@link JobStatus}. */
export type JobState = JobStatus['state'];
