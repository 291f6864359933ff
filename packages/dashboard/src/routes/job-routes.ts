import type { WorkflowRegistry } from '@quarry/core';
import { type QuarryQueues, type ReviewIndex, readExtractionJob } from '@quarry/queue';
import { type Response, Router } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import { mayReadDocuments } from '../auth/document-access';
import { principalOf } from '../auth/principal';
import { dashboardDefaults } from '../dashboard-defaults';
import type { DashboardDocuments } from '../documents/dashboard-documents';
import { originalOf } from '../documents/original-of';
import { resultFieldViews } from '../grounding/result-field-views';
import { html } from '../html';
import { jobPage } from '../pages/job-page';
import { layout } from '../pages/layout';
import { reviewPage } from '../pages/review-page';
import { jobView } from './job-view';
import { reviewDocument } from './review-document';

/** Options of {@link jobRoutes}. */
export interface JobRoutesOptions {
  readonly queues: QuarryQueues;
  readonly review: ReviewIndex;
  /** The workflows whose document and `reviewBelow` settings the pages read. */
  readonly registry: WorkflowRegistry;
  readonly signer: CsrfSigner;
  /** Where document jobs' originals are read from, and who may see them. */
  readonly documents: DashboardDocuments;
  readonly now: () => number;
}

/**
 * The job page (`/jobs/:jobId`: state, result, provenance and the document with its grounded spans)
 * and the review page (`/review`: jobs flagged for review with their weak fields and, for document
 * jobs, their page text). Documents are shown to whom `documents.access` allows (a note to others,
 * whose pages read no blob); extracted values to every signed-in user.
 */
export function jobRoutes(options: JobRoutesOptions): Router {
  const { queues, review, registry, signer, documents, now } = options;
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

  router.get('/review', async (_req, res) => {
    const principal = principalOf(res);
    const [listed, count] = await Promise.all([
      review.list({ limit: dashboardDefaults.reviewRows }),
      review.count(),
    ]);
    const shown = mayReadDocuments(principal, documents.access);
    const documentsFor = shown ? Math.min(listed.entries.length, dashboardDefaults.reviewDocuments) : 0;
    const rows = await Promise.all(
      listed.entries.map(async (entry, i) => ({
        entry,
        weak: resultFieldViews({
          data: entry.data,
          fieldConfidence: entry.fieldConfidence,
          weakFields: entry.weakFields,
        }).filter((field) => field.weak),
        document:
          i < documentsFor ? await reviewDocument({ queues, registry, documents, jobId: entry.jobId }) : null,
      })),
    );
    const page = reviewPage({
      principal,
      csrf: csrfOf(res),
      rows,
      count,
      unreadable: listed.unreadable,
      documents: shown,
      documentsFor,
      now: now(),
    });
    send(res, 200, page);
  });

  return router;
}
