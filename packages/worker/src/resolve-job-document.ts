import { blobKeyOf } from '@quarry/blobs';
import {
  BadDocumentError,
  type BlobStore,
  type DocumentUploader,
  documentOfInput,
  JobDocument,
  ModelTransportError,
  type ResolvedDocument,
} from '@quarry/core';
import { decryptPdf } from '@quarry/documents';
import type { DocumentFileStore } from '@quarry/queue';
import type { Logger } from 'pino';
import { describeError } from './describe-error';
import { documentFileSettings } from './document-file-settings';
import type { DocumentReadingCache } from './document-reading-cache';
import { fetchUrlDocument } from './fetch-url-document';
import { readDocument } from './read-document';

/** What a worker resolves documents with; built once by `createWorker`. */
export interface DocumentResolver {
  /** Null when the worker has no blob store (a blob document is then refused). */
  readonly blobs: BlobStore | null;
  /** Null: every document goes inline (base64). */
  readonly uploader: DocumentUploader | null;
  readonly files: DocumentFileStore;
  /** What the worker keeps of the documents it read last, so that a job run again is not re-read. */
  readonly readings: DocumentReadingCache;
}

/**
 * A job's document ready for requests: its bytes read (blob store, inline base64, or downloaded by
 * `fetchUrlDocument`), checked by
 * `inspectDocument` (type from the bytes, pages, encryption, zip bombs), its text layer extracted
 * for grounding, a PDF encrypted for permissions only decrypted (`decryptPdf`), and a reference to it: the Files API id stored for its content hash, else a fresh
 * upload (stored for every worker), else, when the upload fails, the bytes inline as base64.
 * With `lostFileId` (a file the Files API no longer has), that id is forgotten first, unless
 * another worker stored a fresh one meanwhile, which is then used.
 * @throws BadDocumentError (`bad_document`, `document_too_large`) for a document that cannot be sent.
 */
async function resolveJobDocument(options: {
  readonly document: JobDocument;
  readonly resolver: DocumentResolver;
  readonly log: Logger;
  readonly signal?: AbortSignal | undefined;
  readonly lostFileId?: string | undefined;
}): Promise<ResolvedDocument> {
  const { document, resolver, log, signal } = options;
  if (document.source.type === 'blob') {
    // Read and uploaded before (an earlier run of this job, or another job with these bytes): the
    // reading and the file id are all the request needs, so the blob is not fetched again.
    const { key } = document.source;
    const kept = resolver.readings.get(`${key} ${document.mediaType}`);
    const stored = kept ? await resolver.files.get(key) : null;
    if (kept && stored && stored !== options.lostFileId) {
      const { encrypted: _sentDecrypted, ...reading } = kept;
      return { ...reading, ref: { type: 'file', fileId: stored } };
    }
  }
  const original = await readJobDocumentBytes({ document, blobs: resolver.blobs, signal });
  const contentKey = document.source.type === 'blob' ? document.source.key : blobKeyOf(original);
  const { mediaType, encrypted, ...known } = await readDocument({
    bytes: original,
    claimedMediaType: document.mediaType,
    readings: resolver.readings,
    cacheKey: `${contentKey} ${document.mediaType}`,
    signal,
  });
  let stored = await resolver.files.get(contentKey);
  if (stored !== null && stored === options.lostFileId) {
    await resolver.files.forget(contentKey, stored);
    stored = null;
  }
  if (stored) return { mediaType, ref: { type: 'file', fileId: stored }, ...known };
  const bytes = encrypted ? await decryptedBytes(original) : original;
  if (resolver.uploader) {
    try {
      const fileId = await resolver.uploader.upload({
        bytes,
        mediaType,
        filename: contentKey.replace(':', '-'),
        expiresInSeconds: documentFileSettings.expiresInSeconds,
        ...(signal ? { signal } : {}),
      });
      const shared = await resolver.files.claim(contentKey, fileId);
      log.info({ contentKey, fileId: shared, bytes: bytes.length }, 'document uploaded');
      return { mediaType, ref: { type: 'file', fileId: shared }, ...known };
    } catch (error) {
      signal?.throwIfAborted();
      log.warn({ contentKey, error: describeError(error) }, 'document upload failed; sent inline');
    }
  }
  if (bytes.length > documentFileSettings.maxInlineFallbackBytes) {
    throw new ModelTransportError({
      kind: 'transient',
      message: `The document (${bytes.length} bytes) could not be uploaded and is too large to send inline`,
    });
  }
  return {
    mediaType,
    ref: { type: 'base64', data: Buffer.from(bytes).toString('base64') },
    ...known,
  };
}

/**
 * A PDF encrypted for permissions only, rewritten without encryption for the Messages API (which
 * takes no encrypted PDF). Made here, just before the upload or the inline request, from the bytes
 * as stored (the blob keeps the original); the uploaded file is then reused for the content hash
 * like any other, so it is made again only when the document is sent inline or uploaded anew.
 * @throws BadDocumentError when the encryption cannot be removed (inspection checked it can).
 */
async function decryptedBytes(bytes: Uint8Array): Promise<Uint8Array> {
  const decrypted = await decryptPdf({ bytes });
  if (decrypted instanceof Uint8Array) return decrypted;
  throw new BadDocumentError({ kind: 'bad_document', message: `input.document: ${decrypted.detail}` });
}

/**
 * The bytes of a job's document as stored: decoded inline base64, read from the blob store, or
 * downloaded by `fetchUrlDocument`.
 * @throws BadDocumentError when the worker has no blob store or the blob is not in it.
 */
export async function readJobDocumentBytes(options: {
  readonly document: JobDocument;
  readonly blobs: BlobStore | null;
  readonly signal?: AbortSignal | undefined;
}): Promise<Uint8Array> {
  const { source } = options.document;
  switch (source.type) {
    case 'base64':
      return Buffer.from(source.data, 'base64');
    case 'blob': {
      if (!options.blobs) {
        throw new BadDocumentError({
          kind: 'bad_document',
          message: 'input.document: this worker has no blob store to read the document from',
        });
      }
      const bytes = await options.blobs.get({
        key: source.key,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (bytes === null) {
        throw new BadDocumentError({
          kind: 'bad_document',
          message: `input.document: blob ${source.key} is not in the blob store`,
        });
      }
      return bytes;
    }
    case 'url':
      return fetchUrlDocument({ url: source.url, signal: options.signal });
  }
}

/**
 * The resolved document of a job whose input carries one (see {@link resolveJobDocument}), or
 * undefined for a text job.
 * @throws BadDocumentError as {@link resolveJobDocument}, and when the worker resolves no documents.
 */
export async function jobDocumentOf(options: {
  readonly input: unknown;
  readonly resolver: DocumentResolver | undefined;
  readonly log: Logger;
  readonly signal?: AbortSignal | undefined;
  /** A file id the Files API no longer has: forgotten, and the document uploaded anew. */
  readonly lostFileId?: string | undefined;
}): Promise<ResolvedDocument | undefined> {
  const document = JobDocument.safeParse(documentOfInput(options.input));
  if (!document.success) return undefined;
  if (!options.resolver) {
    throw new BadDocumentError({
      kind: 'bad_document',
      message: 'input.document: this worker was started without document support',
    });
  }
  return resolveJobDocument({ ...options, resolver: options.resolver, document: document.data });
}
