import { isDlqId, type QuarryQueues, readExtractionJob } from '@quarry/queue';
import { DlqRecordNotFoundError, type Triage } from '@quarry/triage';
import { type Response, Router } from 'express';
import { mayReadDocuments } from '../auth/document-access';
import { principalOf } from '../auth/principal';
import type { DashboardDocuments } from '../documents/dashboard-documents';
import { jobDocumentSource } from '../documents/job-document-source';
import { sendOriginal } from './send-original';

/** Options of {@link documentRoutes}. */
export interface DocumentRoutesOptions {
  readonly queues: QuarryQueues;
  readonly triage: Triage;
  /** Where the originals are read from (none configured: every download is 404), and who may download them. */
  readonly documents: DashboardDocuments;
}

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

  const serve = (res: Response, jobData: unknown) =>
    sendOriginal({ res, blobs, document: jobDocumentSource(jobData) });

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
