import type { BlobStore, WorkflowRegistry } from '@quarry/core';
import { type QuarryQueues, type ReviewIndex, readExtractionJob } from '@quarry/queue';
import { type Response, Router } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import { principalOf } from '../auth/principal';
import { dashboardDefaults } from '../dashboard-defaults';
import { originalOf } from '../documents/original-of';
import { resultFieldViews } from '../grounding/result-field-views';
import { html } from '../html';
import { jobPage } from '../pages/job-page';
import { layout } from '../pages/layout';
import { reviewPage } from '../pages/review-page';
import { jobView } from './job-view';

/** Options of {@link jobRoutes}. */
export interface JobRoutesOptions {
  readonly queues: QuarryQueues;
  readonly review: ReviewIndex;
  /** The workflows whose document and `reviewBelow` settings the pages read. */
  readonly registry: WorkflowRegistry;
  readonly signer: CsrfSigner;
  /** Where document jobs' originals are read from; null when none is configured. */
  readonly blobs: BlobStore | null;
  readonly now: () => number;
}

/**
 * The job page (`/jobs/:jobId`: state, result, provenance and the document with its grounded spans)
 * and the review page (`/review`: jobs flagged for review with their weak fields). Both show
 * document text or extracted values, which every signed-in user may see, as on the DLQ pages.
 */
export function jobRoutes(options: JobRoutesOptions): Router {
  const { queues, review, registry, signer, now } = options;
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
    const original = await originalOf({
      jobData: snapshot.data,
      blobs: options.blobs,
      downloadHref: `/jobs/${encodeURIComponent(jobId)}/document`,
    });
    send(res, 200, jobPage({ principal, csrf: csrfOf(res), view, original }));
  });

  router.get('/review', async (_req, res) => {
    const [listed, count] = await Promise.all([
      review.list({ limit: dashboardDefaults.reviewRows }),
      review.count(),
    ]);
    const rows = listed.entries.map((entry) => ({
      entry,
      weak: resultFieldViews({
        data: entry.data,
        fieldConfidence: entry.fieldConfidence,
        weakFields: entry.weakFields,
      }).filter((field) => field.weak),
    }));
    const page = reviewPage({
      principal: principalOf(res),
      csrf: csrfOf(res),
      rows,
      count,
      unreadable: listed.unreadable,
      now: now(),
    });
    send(res, 200, page);
  });

  return router;
}
