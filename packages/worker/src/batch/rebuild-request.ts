import { extract, type ModelRequest } from '@quarry/core';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { ExtractionProcessorOptions } from '../extraction-processor';
import { jobExtractOptions, jobWorkflow } from '../job-extract-options';
import { parseJob } from '../parse-job';
import { readLessons } from '../read-lessons';
import { jobDocumentOf } from '../resolve-job-document';
import { parseBatchRef } from './batch-ref';

/** The request of a waiting attempt, or why there is none (the entry is then dropped and its job woken). */
export type RebuiltRequest =
  | { readonly kind: 'request'; readonly request: ModelRequest }
  | { readonly kind: 'stale'; readonly why: string; readonly jobId: string | null };

/** Thrown by the capturing client to stop `extract()` at the call it would make. */
class Captured extends Error {
  override readonly name = 'Captured';
  constructor(
    readonly request: ModelRequest,
    readonly attempt: number | undefined,
  ) {
    super('captured');
  }
}

/** Options of {@link rebuildRequest}. */
export interface RebuildRequestOptions {
  readonly processor: Pick<
    ExtractionProcessorOptions,
    | 'registry'
    | 'allowedModels'
    | 'modelId'
    | 'models'
    | 'history'
    | 'attempts'
    | 'jobMaxCostUsd'
    | 'stats'
    | 'cachePlacement'
    | 'documents'
  >;
  readonly queue: Queue;
  readonly ref: string;
  /** A document file the Files API lost for this attempt: forgotten, and the document resolved again. */
  readonly lostFileId?: string | null;
  readonly log: Logger;
}

/**
 * Rebuilds the request of a waiting batch-lane attempt from the job's data and its stored
 * attempts, the way the processor builds it: `extract()` resumes from the stored attempts and
 * the call it would make next is captured instead of sent. Nothing is stored while doing so, except
 * the document's file id: uploaded when none is stored, or anew when the stored one is `lostFileId`.
 */
export async function rebuildRequest(options: RebuildRequestOptions): Promise<RebuiltRequest> {
  const parts = parseBatchRef(options.ref);
  if (!parts) return { kind: 'stale', why: 'not a ref', jobId: null };
  const job = await options.queue.getJob(parts.jobId);
  if (!job || job.timestamp !== parts.timestamp) return { kind: 'stale', why: 'job gone', jobId: null };
  try {
    const parsed = parseJob({
      data: job.data,
      registry: options.processor.registry,
      allowedModels: options.processor.allowedModels,
    });
    const { workflow, historyKey, lessonsShown } = jobWorkflow(parsed);
    const lessons = await readLessons({
      history: options.processor.history,
      key: historyKey,
      shown: lessonsShown,
      countJob: false,
      log: options.log,
    });
    const base = jobExtractOptions({ options: options.processor, job, parsed, lessons });
    const { stats, cachePlacement } = options.processor;
    const document = await jobDocumentOf({
      input: parsed.data.input,
      resolver: options.processor.documents,
      log: options.log,
      lostFileId: options.lostFileId ?? undefined,
    });
    await extract({
      ...base,
      cacheHistory:
        (await stats?.firstAttemptHistory({ workflow: workflow.name, version: workflow.version })) ?? null,
      ...(cachePlacement ? { cachePlacement } : {}),
      ...(document ? { document } : {}),
      model: {
        generate: (request, call) => Promise.reject(new Captured(request, call?.attempt)),
      },
    });
    return { kind: 'stale', why: 'the job needs no further call', jobId: parts.jobId };
  } catch (error) {
    if (error instanceof Captured && error.attempt === parts.attempt) {
      return { kind: 'request', request: error.request };
    }
    const why = error instanceof Captured ? `the job is at attempt ${error.attempt}` : 'the job cannot run';
    return { kind: 'stale', why, jobId: parts.jobId };
  }
}
