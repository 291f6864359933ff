import type { BlobStore, DocumentMediaType, JobDocument } from '@quarry/core';
import { sniffMediaType } from '@quarry/documents';
import type { Response } from 'express';
import { dashboardDefaults } from '../dashboard-defaults';

const EXTENSION: Record<DocumentMediaType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * Sends the bytes of the blob `document` names as an attachment, typed by its media type when the
 * bytes are of that type (else `application/octet-stream`), with `nosniff`; 404 when there is no
 * blob store, the document is not a blob (or none), or the blob is gone. The caller has checked who
 * may see documents, and the document comes from stored data, never from the request.
 */
export async function sendOriginal(options: {
  readonly res: Response;
  readonly blobs: BlobStore | null;
  readonly document: JobDocument | null;
}): Promise<void> {
  const { res, blobs, document } = options;
  const notFound = () => {
    res.status(404).json({ error: 'not_found' });
  };
  if (!blobs || document?.source.type !== 'blob') return notFound();
  const { key } = document.source;
  const bytes = await blobs.get({
    key,
    signal: AbortSignal.timeout(dashboardDefaults.documentTextTimeoutMs),
  });
  if (bytes === null) return notFound();
  // Typed as stored only when the bytes are that type (a job dead-lettered as bad_document may
  // hold anything): otherwise an opaque download, never content a browser would render.
  const matches = sniffMediaType(bytes) === document.mediaType;
  const extension = matches ? EXTENSION[document.mediaType] : 'bin';
  const name = `${key.slice('sha256:'.length, 'sha256:'.length + 16)}.${extension}`;
  res
    .status(200)
    .set({
      'Content-Type': matches ? document.mediaType : 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
    })
    .end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
