import type { WorkflowRegistry } from '@quarry/core';
import { type QuarryQueues, readExtractionJob } from '@quarry/queue';
import { type Response, Router } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import { mayReadDocuments } from '../auth/document-access';
import { principalOf } from '../auth/principal';
import type { DashboardDocuments } from '../documents/dashboard-documents';
import { originalOf } from '../documents/original-of';
import { html } from '../html';
import { jobPage } from '../pages/job-page';
import { layout } from '../pages/layout';
import { jobView } from './job-view';

/** Options of {@link jobRoutes}. */
export interface JobRoutesOptions {
  readonly queues: QuarryQueues;
  /** The workflows whose document and `reviewBelow` settings the page reads. */
  readonly registry: WorkflowRegistry;
  readonly signer: CsrfSigner;
  /** Where document jobs' originals are read from, and who may see them. */
  readonly documents: DashboardDocuments;
}

/**
 * The job page (`/jobs/:jobId`: state, result, provenance and the document with its grounded spans).
 * Documents are shown to whom `documents.access` allows (a note to others,
 * whose pages read no blob); extracted values to every signed-in user.
 */
export function jobRoutes(options: JobRoutesOptions): Router {
  const { queues, registry, signer, documents } = options;
  const router = Router();
  const csrfOf = (res: Response) => signer.csrfToken(principalOf(res).csrfIdentity);
  const send = (res: Response, status: number, page: { value: string }) =>
    res.status(status).type('html').send(page.value);

  router.get('/jobs/:jobId', async (req, res) => {
    const principal = principalOf(res);
    const { jobId } = req.params;
    const snapshot = await readExtractionJob({ queue: queues.queue, jobId });
    if (!snapshot) {
      const body = html`<p class="error" role="alert">No job <code>${jobId}</code> in the extraction queue (unknown, or removed after its retention).</p>
<p><a href="/review">Jobs waiting for review</a> · <a href="/dlq">Dead letters</a></p>`;
      send(res, 404, layout({ title: 'Not found', principal, csrf: csrfOf(res), body }));
      return;
    }
    const view = jobView({ snapshot, registry });
    const shown = mayReadDocuments(principal, documents.access);
    const original = shown
      ? await originalOf({
          jobData: snapshot.data,
          documents,
          downloadHref: `/jobs/${encodeURIComponent(jobId)}/document`,
        })
      : null;
    send(res, 200, jobPage({ principal, csrf: csrfOf(res), view, original, documents: shown }));
  });

  return router;
}
