import type { AnyWorkflow } from '@quarry/core';
import type { ExtractionJobResult, QueueConfig } from '@quarry/queue';
import type { z } from 'zod';
import type { DocumentEnqueueRequest, EnqueuedDocumentJob } from './enqueue-document';
import type { EnqueueOptions } from './enqueue-options';
import type { JobStatus } from './job-status';

/** The job a request ended up as. */
export interface EnqueuedJob {
  readonly jobId: string;
  readonly workflow: string;
  /** The version pinned into the job. */
  readonly version: number;
  /** False when the idempotency key mapped to an existing job (nothing was added). */
  readonly created: boolean;
}

/** One job of an `enqueueMany` batch. */
export interface EnqueueRequest<W extends AnyWorkflow = AnyWorkflow> {
  /** A workflow definition (its input type checks `input`) or a registered workflow name. */
  readonly workflow: W | string;
  readonly input: W extends AnyWorkflow ? z.input<W['input']> : unknown;
  readonly options?: EnqueueOptions;
}

/** Options of `waitForResult`. */
export interface WaitForResultOptions {
  /** Give up (with WaitTimeoutError) after this long. Default 60 s. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /**
   * The workflow the job runs: `data` is then typed by its output schema, and a job that ran another
   * workflow is refused with JobResultInvalidError.
   */
  readonly workflow?: AnyWorkflow;
}

/**
 * A completed job's result whose `data` has type `T`: the output of the workflow given to
 * `waitForResult`, or the type a producer names (`waitForResult<Receipt>(jobId)`, e.g. generated from
 * `quarry workflows show receipt --json-schema`).
 */
export type JobResult<T = unknown> = Omit<ExtractionJobResult, 'data'> & { readonly data: T };

/** The producer client backend services use to enqueue extraction jobs and read their outcome. */
export interface QuarryClient {
  readonly config: QueueConfig;
  /**
   * Validates the job (workflow and version exist, input matches the workflow's input schema,
   * metadata and size limits) before touching Redis, then enqueues it.
   * @throws EnqueueValidationError listing every problem; nothing is enqueued.
   * @throws RedisUnavailableError when Redis cannot be reached within the ready timeout.
   */
  enqueue<W extends AnyWorkflow>(
    workflow: W,
    input: z.input<W['input']>,
    options?: EnqueueOptions,
  ): Promise<EnqueuedJob>;
  enqueue(workflow: string, input: unknown, options?: EnqueueOptions): Promise<EnqueuedJob>;
  /**
   * Enqueues a document (PDF or image) by its bytes: its type is told from the bytes, the job is
   * checked, the bytes are stored in the client's blob store (`blobs`), then the job is added with
   * `input.document = { mediaType, source: { type: 'blob', key } }`. A failed add leaves at most an
   * orphan blob (removed later by `collectOrphanBlobs`), never a job pointing at a missing blob.
   * @throws DocumentRejectedError (empty, too large, unknown or unsupported type); nothing is stored.
   * @throws EnqueueValidationError listing every other problem; nothing is stored or enqueued.
   * @throws BlobStoreError when the blob store fails or misses its deadline; nothing is enqueued.
   * @throws TypeError when the client has no blob store.
   */
  enqueueDocument(request: DocumentEnqueueRequest): Promise<EnqueuedDocumentJob>;
  /**
   * Validates every job first, then adds them all in one transaction (all or none).
   * @throws EnqueueValidationError listing every problem of every item; nothing is enqueued.
   */
  enqueueMany(requests: readonly EnqueueRequest[]): Promise<EnqueuedJob[]>;
  /** Where a job stands; see {@link JobStatus}. */
  getStatus(jobId: string): Promise<JobStatus>;
  /**
   * Resolves with the job's result once it completed (also when it completed before the call).
   * @throws DeadLetteredError carrying the DLQ id and reason.
   * @throws WaitTimeoutError when `timeoutMs` passes first.
   * @throws JobNotFoundError when no such job exists.
   * @throws JobResultInvalidError when the job ran another workflow than `options.workflow`.
   * @example
   * const { data } = await client.waitForResult(job.jobId, { workflow: invoice }); // z.output of its output
   * const { data } = await client.waitForResult<Receipt>(job.jobId); // a type the producer supplies
   */
  waitForResult<W extends AnyWorkflow>(
    jobId: string,
    options: Omit<WaitForResultOptions, 'workflow'> & { readonly workflow: W },
  ): Promise<JobResult<z.output<W['output']>>>;
  waitForResult<T = unknown>(jobId: string, options?: WaitForResultOptions): Promise<JobResult<T>>;
  /** Closes the queues and the connections the client opened. */
  close(): Promise<void>;
}
