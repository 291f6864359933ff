import type { ModelClient, ResolvedDocument } from '@quarry/core';
import type { BatchLaneStore } from '@quarry/queue';
import type { Logger } from 'pino';
import { batchLaneModelClient } from './batch/batch-lane-model-client';
import { recoveringModelClient } from './recovering-model-client';
import type { DocumentResolver } from './resolve-job-document';

/** Options of {@link jobModelClient}. */
export interface JobModelClientOptions {
  /** The worker's model client. */
  readonly model: ModelClient;
  readonly documents: DocumentResolver | undefined;
  readonly document: ResolvedDocument | undefined;
  readonly input: unknown;
  /** The batch lane when the job runs in it; undefined: the realtime lane. */
  readonly batch: { readonly store: BatchLaneStore; readonly deadlineMarginMs: number } | undefined;
  readonly jobId: string;
  /** The key of the job generation's attempt records. */
  readonly jobKey: string;
  /** The job's `deadline` (ISO 8601), if it has one. */
  readonly deadline: string | undefined;
  readonly log: Logger;
}

/** The model client of one job run: the realtime one (which recovers lost document files), behind the batch lane when the job runs in it. */
export function jobModelClient(options: JobModelClientOptions): ModelClient {
  const { batch, deadline } = options;
  const realtime = recoveringModelClient({
    model: options.model,
    documents: options.documents,
    document: options.document,
    input: options.input,
    log: options.log,
  });
  if (!batch) return realtime;
  return batchLaneModelClient({
    store: batch.store,
    jobId: options.jobId,
    jobKey: options.jobKey,
    deadlineMs: deadline ? Date.parse(deadline) : null,
    deadlineMarginMs: batch.deadlineMarginMs,
    realtime,
    now: Date.now,
  });
}
