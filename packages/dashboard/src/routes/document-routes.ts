import type { DocumentMediaType } from '@quarry/core';
import { sniffMediaType } from '@quarry/documents';
import { isDlqId, type QuarryQueues, readExtractionJob } from '@quarry/queue';
import { DlqRecordNotFoundError, type Triage } from '@quarry/triage';
import { type Response, Router } from 'express';
import { mayReadDocuments } from '../auth/document-access';
import { principalOf } from '../auth/principal';
import { dashboardDefaults } from '../dashboard-defaults';
import type { DashboardDocuments } from '../documents/dashboard-documents';
import { jobDocumentSource } from '../documents/job-document-source';

/** Options of {@link documentRoutes}. */
export interface DocumentRoutesOptions {
  readonly queues: QuarryQueues;
  readonly triage: Triage;
  /** Where the originals are read from (none configured: every download is 404), and who may download them. */
  readonly documents: DashboardDocuments;
}

const EXTENSION: Record<DocumentMediaType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * Downloads of a document job's original: `/jobs/:jobId/document` and `/dlq/:dlqId/document` serve
 * the bytes of the blob the job's data names (never a key from the request) as an attachment, typed
 * by the job's media type when the bytes are of that type (else `application/octet-stream`), with
 * `nosniff`. 404 for a text job, a document not in the blob store, or a dashboard without a blob
 * store; 403, before anything is read, for someone who may not see documents. Mounted behind
 * authentication like every page.
 */
export function documentRoutes(options: DocumentRoutesOptions): Router {
  const { blobs, access } = options.documents;
  const router = Router();
  const notFound = (res: Response) => res.status(404).json({ error: 'not_found' });
  /** Answers 403 (and says so) when the principal may not see documents. */
  const refused = (res: Response): boolean => {
    if (mayReadDocuments(principalOf(res), access)) return false;
    res.status(403).json({ error: 'forbidden', message: 'documents are shown to admins only' });
    return true;
  };

  const serve = async (res: Response, jobData: unknown) => {
    const document = jobDocumentSource(jobData);
    if (!blobs || document?.source.type !== 'blob') return notFound(res);
    const { key } = document.source;
    const bytes = await blobs.get({
      key,
      signal: AbortSignal.timeout(dashboardDefaults.documentTextTimeoutMs),
    });
    if (bytes === null) return notFound(res);
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
  };

  router.get('/jobs/:jobId/document', async (req, res) => {
    if (refused(res)) return;
    const snapshot = await readExtractionJob({ queue: options.queues.queue, jobId: req.params.jobId });
    if (!snapshot) return notFound(res);
    await serve(res, snapshot.data);
  });

  router.get('/dlq/:dlqId/document', async (req, res) => {
    if (refused(res)) return;
    if (!isDlqId(req.params.dlqId)) return notFound(res);
    try {
      const detail = await options.triage.showDlq(req.params.dlqId);
      await serve(res, detail.record.input);
    } catch (error) {
      if (!(error instanceof DlqRecordNotFoundError)) throw error;
      notFound(res);
    }
  });

  return router;
}
