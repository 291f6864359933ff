import { createHash } from 'node:crypto';
import type {
  AnyWorkflow,
  BlobKey,
  BlobPut,
  BlobStore,
  DocumentMediaType,
  JobDocumentLimits,
} from '@quarry/core';
import { inspectDocument, type RefusalReason } from '@quarry/documents';
import { detectDocumentType } from './detect-document-type';
import type { EnqueueOptions } from './enqueue-options';
import { type DocumentProblem, DocumentRejectedError } from './errors/document-rejected-error';
import type { EnqueuedJob } from './quarry-client';

/** A document to enqueue by its bytes (`QuarryClient.enqueueDocument`). */
export interface DocumentEnqueueRequest {
  /** A workflow definition or a registered workflow name. */
  readonly workflow: AnyWorkflow | string;
  /** The document itself: a PDF, PNG, JPEG, WebP or GIF (its type is told from these bytes). */
  readonly bytes: Uint8Array;
  /** The type the caller expects; refused when the bytes show another. */
  readonly mediaType?: DocumentMediaType;
  /** Other input fields beside `document` (e.g. `text`), as the workflow takes them. */
  readonly input?: Readonly<Record<string, unknown>>;
  readonly options?: EnqueueOptions;
  /** Ends the blob store call (which has its own deadline too). */
  readonly signal?: AbortSignal;
}

/** The job a document ended up as, with where its bytes are. */
export interface EnqueuedDocumentJob extends EnqueuedJob {
  readonly document: {
    readonly key: BlobKey;
    readonly mediaType: DocumentMediaType;
    readonly size: number;
    /** False when the store held these bytes already. */
    readonly stored: boolean;
  };
}

/** The problem a refusal of `inspectDocument` is reported as. */
const problemOf: Record<RefusalReason, DocumentProblem> = {
  bad_document: 'bad_document',
  document_too_large: 'too_large',
  unsupported_type: 'unsupported_type',
};

/** Stands for the key while the job is checked, before the bytes are stored. */
const PLACEHOLDER_KEY: BlobKey = `sha256:${'0'.repeat(64)}`;

/**
 * Enqueues a document by its bytes: tells its type from the bytes, checks the whole job (with a
 * placeholder key), inspects the document against the platform's limits of the job's models
 * (`inspectDocument`: truncated, encrypted or damaged PDFs, deflate bombs, too many pages, absurd
 * image dimensions), stores the bytes in the blob store, then adds the job referring to them. The blob
 * is written before the job is added, so no job ever points at a missing blob: the key is marked in
 * Redis before the bytes are stored and again before the job is added, and `blobs gc` honours the
 * mark, so it never deletes the blob under the new job (see {@link storeMarked}); a failed add leaves at
 * most an orphan blob, which `collectOrphanBlobs` (`@quarry/blobs`) removes once its grace period
 * has passed.
 * @throws DocumentRejectedError (empty, too large, unknown or unsupported type, a bad document) before any I/O.
 * @throws EnqueueValidationError for any other problem of the job, before any I/O.
 */
export async function enqueueDocument<Data>(options: {
  readonly blobs: BlobStore;
  readonly request: DocumentEnqueueRequest;
  /** The platform's limits for the models the job may run on (`documentLimitsOf`), asked once the job checked. */
  readonly limits: () => JobDocumentLimits;
  /** Checks the job with this input, without I/O (throws EnqueueValidationError). */
  readonly check: (input: Record<string, unknown>) => Data;
  readonly add: (data: Data) => Promise<EnqueuedJob>;
  /**
   * Marks the blob as about to be referred to, so that `blobs gc` keeps it (`BlobGcMarks.markUse`);
   * `'waited'` when a gc was deleting it meanwhile and the bytes must be stored again.
   */
  readonly markUse: (key: BlobKey) => Promise<'clear' | 'waited'>;
}): Promise<EnqueuedDocumentJob> {
  const { blobs, request } = options;
  const size = request.bytes.byteLength;
  if (size > blobs.maxBytes) {
    throw new DocumentRejectedError({
      problem: 'too_large',
      message: `the document is ${size} bytes; the blob store takes at most ${blobs.maxBytes} (QUARRY_BLOB_MAX_BYTES)`,
      size,
      detected: null,
    });
  }
  const mediaType = await detectDocumentType({ bytes: request.bytes, expected: request.mediaType });
  const inputWith = (key: BlobKey) => ({
    ...request.input,
    document: { mediaType, source: { type: 'blob', key } },
  });
  options.check(inputWith(PLACEHOLDER_KEY));
  const limits = options.limits();
  const inspection = await inspectDocument({
    bytes: request.bytes,
    claimedMediaType: mediaType,
    limits: {
      maxPdfBytes: limits.maxRequestBytes,
      maxPages: limits.maxPdfPages,
      maxImageDimension: limits.maxImageDimension,
    },
    signal: request.signal,
  });
  if (inspection.type === 'refused') {
    throw new DocumentRejectedError({
      problem: problemOf[inspection.reason],
      message: inspection.detail,
      size,
      detected: mediaType,
    });
  }
  const put = await storeMarked({ blobs, request, markUse: options.markUse });
  const job = await options.add(options.check(inputWith(put.key)));
  return { ...job, document: { key: put.key, mediaType, size, stored: put.created } };
}

/**
 * Stores the bytes under a mark: marks the key, stores (or re-stores) the bytes, then marks again.
 * A gc claims a delete only while no fresh mark stands, so either the first mark came before its
 * claim (the gc keeps the blob) or the claim came first and the mark waits for the delete to end
 * (`'waited'`): the bytes stored after it then create the blob anew. The second mark covers a store
 * slow enough for a gc started meanwhile; if it had to wait, the bytes are stored once more.
 */
async function storeMarked(options: {
  readonly blobs: BlobStore;
  readonly request: DocumentEnqueueRequest;
  readonly markUse: (key: BlobKey) => Promise<'clear' | 'waited'>;
}): Promise<BlobPut> {
  const { blobs, request } = options;
  const key: BlobKey = `sha256:${createHash('sha256').update(request.bytes).digest('hex')}`;
  const store = () =>
    blobs.put({ bytes: request.bytes, ...(request.signal ? { signal: request.signal } : {}) });
  await options.markUse(key);
  const put = await store();
  if ((await options.markUse(key)) === 'clear') return put;
  const again = await store();
  return { ...again, created: again.created || put.created };
}
