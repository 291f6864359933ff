import type { JobStatus } from '@quarry/client';
import { DlqReasonKind, ExtractionJobResult } from '@quarry/queue';
import { z } from 'zod';

/** A job's state as the HTTP API names it. */
export const ApiJobState = z.enum(['queued', 'delayed', 'active', 'retrying', 'completed', 'dead_lettered']);
export type ApiJobState = z.infer<typeof ApiJobState>;

/** Where a job stands (`GET /v1/jobs/{id}`): its state, the result once completed, the DLQ facts once dead-lettered. */
export const JobView = z.object({
  id: z.string(),
  state: ApiJobState,
  /** Job attempts that failed so far (not yet finished jobs). */
  attemptsMade: z.number().int().optional(),
  result: ExtractionJobResult.optional(),
  deadLetter: z
    .object({
      dlqId: z.string(),
      reason: z.object({ kind: DlqReasonKind, message: z.string() }),
      /** Job attempts made; null while the record is being written. */
      attempts: z.number().int().nullable(),
    })
    .optional(),
});
export type JobView = z.infer<typeof JobView>;

/** What `POST /v1/jobs` answers: the job's id and state. */
export const EnqueuedJobView = z.object({ id: z.string(), state: ApiJobState });
export type EnqueuedJobView = z.infer<typeof EnqueuedJobView>;

/** The view of a known job's status (`unknown` is answered as not_found before this). */
export function jobViewOf(status: Exclude<JobStatus, { state: 'unknown' }>): JobView {
  switch (status.state) {
    case 'queued':
    case 'delayed':
    case 'active':
      return { id: status.jobId, state: status.state, attemptsMade: status.attemptsMade };
    case 'failed-retrying':
      return { id: status.jobId, state: 'retrying', attemptsMade: status.attemptsMade };
    case 'completed':
      return { id: status.jobId, state: 'completed', result: status.result };
    case 'dead-lettered':
      return {
        id: status.jobId,
        state: 'dead_lettered',
        deadLetter: {
          dlqId: status.dlqId,
          reason: { kind: status.reason.kind, message: status.reason.message },
          attempts: status.record?.attempts.length ?? null,
        },
      };
  }
}
