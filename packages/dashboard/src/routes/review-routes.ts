import type { WorkflowRegistry } from '@quarry/core';
import type { QuarryQueues, ReviewIndex } from '@quarry/queue';
import express, { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { CsrfSigner } from '../auth/csrf-signer';
import { REVIEW_ROLES } from '../auth/dashboard-user';
import { mayReadDocuments } from '../auth/document-access';
import { principalOf } from '../auth/principal';
import { dashboardDefaults } from '../dashboard-defaults';
import type { DashboardDocuments } from '../documents/dashboard-documents';
import { resultFieldViews } from '../grounding/result-field-views';
import { type AcceptNotice, reviewPage } from '../pages/review-page';
import { formGuard } from './form-guard';
import { reviewDocument } from './review-document';

/** Options of {@link reviewRoutes}. */
export interface ReviewRoutesOptions {
  readonly queues: QuarryQueues;
  readonly review: ReviewIndex;
  /** The workflows whose document and `reviewBelow` settings the page reads. */
  readonly registry: WorkflowRegistry;
  readonly signer: CsrfSigner;
  readonly documents: DashboardDocuments;
  readonly log: Logger;
  readonly now: () => number;
}

const JobId = z.string().min(1).max(512);

/** An Accept form: one job (`only`, the row's button) or the checked ones (`jobId`, once or repeated). */
const AcceptForm = z.object({
  only: JobId.optional(),
  jobId: z.union([JobId, z.array(JobId)]).optional(),
});

/** The jobs an Accept form names, at most the page's rows; or the problem with it. */
function acceptedIds(body: unknown): { ids: string[] } | { problem: string } {
  const form = AcceptForm.safeParse(body);
  if (!form.success)
    return { problem: 'a job id in the form is empty, repeated oddly or longer than 512 characters' };
  const { only, jobId } = form.data;
  const ids = only !== undefined ? [only] : typeof jobId === 'string' ? [jobId] : (jobId ?? []);
  if (ids.length === 0) return { problem: 'select at least one job to accept' };
  if (ids.length > dashboardDefaults.reviewRows)
    return { problem: `accept at most ${dashboardDefaults.reviewRows} jobs at once` };
  return { ids: [...new Set(ids)] };
}

/** A count from the query (after an Accept): a whole number 0…rows, else none. */
function countOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,4}$/.test(value)) return null;
  return Math.min(Number(value), dashboardDefaults.reviewRows);
}

/**
 * The review page (`/review`: jobs flagged for review grouped by reason and field, with their weak
 * fields and, for document jobs, their page text) and Accept (`POST /review/accept`, admins with a
 * CSRF token): a person has looked at the jobs, they leave the review list, the results stay.
 */
export function reviewRoutes(options: ReviewRoutesOptions): Router {
  const { queues, review, registry, signer, documents, log, now } = options;
  const router = Router();
  const csrfOf = (res: Response) => signer.csrfToken(principalOf(res).csrfIdentity);

  router.get('/review', async (req, res) => {
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
    const query = req.query as Record<string, unknown>;
    const accepted = countOf(query.accepted);
    const notice: AcceptNotice | null =
      accepted === null ? null : { accepted, notWaiting: countOf(query.notWaiting) ?? 0 };
    const page = reviewPage({
      principal,
      csrf: csrfOf(res),
      rows,
      count,
      unreadable: listed.unreadable,
      documents: shown,
      documentsFor,
      notice,
      corrected: query.corrected === '1',
      now: now(),
    });
    res.status(200).type('html').send(page.value);
  });

  router.post(
    '/review/accept',
    express.urlencoded({ extended: false, limit: '64kb', parameterLimit: dashboardDefaults.reviewRows + 10 }),
    formGuard({ signer, action: 'accepting reviewed jobs', roles: REVIEW_ROLES }),
    async (req: Request, res) => {
      const form = acceptedIds(req.body ?? {});
      if ('problem' in form) {
        res.status(400).json({ error: 'bad_request', message: form.problem });
        return;
      }
      let accepted = 0;
      for (const jobId of form.ids) if (await review.ack(jobId)) accepted += 1;
      const notWaiting = form.ids.length - accepted;
      log.info({ user: principalOf(res).name, accepted, notWaiting }, 'review accepted from the dashboard');
      res.redirect(303, `/review?accepted=${accepted}&notWaiting=${notWaiting}`);
    },
  );

  return router;
}
