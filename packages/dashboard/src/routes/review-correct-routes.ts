import {
  type ReviewCorrection,
  type ReviewCorrections,
  type ReviewIndex,
  reviewCorrectionProblem,
} from '@quarry/queue';
import express, { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { CsrfSigner } from '../auth/csrf-signer';
import { REVIEW_ROLES } from '../auth/dashboard-user';
import { principalOf } from '../auth/principal';
import { dashboardDefaults } from '../dashboard-defaults';
import { reviewCorrectPage } from '../pages/review-correct-page';
import { sendProblem } from '../send-problem';
import { formGuard } from './form-guard';

/** Options of {@link reviewCorrectRoutes}. */
export interface ReviewCorrectRoutesOptions {
  readonly review: ReviewIndex;
  readonly corrections: ReviewCorrections;
  readonly signer: CsrfSigner;
  readonly log: Logger;
}

/** Longest job id in a Correct URL (as Accept takes them). */
const MAX_JOB_ID_CHARS = 512;

/** The HTTP status of each refused Correct. */
const statusOf: Readonly<Record<Exclude<ReviewCorrection['type'], 'stored'>, number>> = {
  too_large: 413,
  bad_json: 400,
  invalid: 422,
  unsupported_document: 422,
  job_missing: 404,
  not_in_review: 409,
  unknown_workflow: 409,
  refused: 409,
};

const wantsHtml = (req: Request) => (req.get('accept') ?? '').includes('text/html');

/**
 * Correct (admins, like Accept): `GET /review/:jobId/correct` shows the job's extracted output as
 * JSON to edit; `POST` (with the CSRF token) checks it against the job's workflow version's output
 * schema and stores it in the labelled set `reviewed-<workflow>` (corrected by the signed-in user),
 * acknowledging the review. A refused Correct answers 4xx with every problem, keeping the text
 * (a page for browsers, JSON `{ error, message, problems }` otherwise); nothing is stored.
 */
export function reviewCorrectRoutes(options: ReviewCorrectRoutesOptions): Router {
  const { review, corrections, signer, log } = options;
  const router = Router();
  const jobIdOf = (req: Request, res: Response): string | null => {
    const jobId = String(req.params.jobId ?? '');
    if (jobId !== '' && jobId.length <= MAX_JOB_ID_CHARS) return jobId;
    sendProblem(req, res, {
      status: 400,
      error: 'bad_request',
      title: 'Bad request',
      message: `A job id is 1-${MAX_JOB_ID_CHARS} characters.`,
    });
    return null;
  };

  router.get('/review/:jobId/correct', async (req, res) => {
    const principal = principalOf(res);
    if (!REVIEW_ROLES.includes(principal.role)) {
      sendProblem(req, res, {
        status: 403,
        error: 'forbidden',
        title: 'Forbidden',
        message: 'correcting reviewed jobs needs the admin or reviewer role',
      });
      return;
    }
    const jobId = jobIdOf(req, res);
    if (jobId === null) return;
    const entry = await review.get(jobId);
    if (!entry) {
      sendProblem(req, res, {
        status: 404,
        error: 'not_in_review',
        title: 'Not waiting for review',
        message: `Job ${JSON.stringify(jobId)} is not waiting for review.`,
      });
      return;
    }
    const csrf = signer.csrfToken(principal.csrfIdentity);
    const text = JSON.stringify(entry.data, null, 2) ?? 'null';
    res.status(200).type('html').send(reviewCorrectPage({ principal, csrf, jobId, entry, text }).value);
  });

  router.post(
    '/review/:jobId/correct',
    express.urlencoded({ extended: false, limit: dashboardDefaults.correctFormLimit, parameterLimit: 10 }),
    formGuard({ signer, action: 'correcting reviewed jobs', roles: REVIEW_ROLES }),
    async (req: Request, res) => {
      const jobId = jobIdOf(req, res);
      if (jobId === null) return;
      const text = (req.body as Record<string, unknown> | undefined)?.output;
      if (typeof text !== 'string') {
        res.status(400).json({ error: 'bad_request', message: 'the form has no corrected output (output)' });
        return;
      }
      const principal = principalOf(res);
      const outcome = await corrections.correct({ jobId, text, correctedBy: principal.name });
      if (outcome.type === 'stored') {
        log.info(
          {
            user: principal.name,
            jobId,
            set: outcome.set,
            fields: outcome.correctedPaths.length,
            history: outcome.history,
          },
          'review corrected from the dashboard',
        );
        res.redirect(303, '/review?corrected=1');
        return;
      }
      const problem = reviewCorrectionProblem(outcome, jobId);
      res.status(statusOf[outcome.type]);
      if (!wantsHtml(req)) {
        res.json({ error: problem.code, message: problem.message, problems: problem.problems });
        return;
      }
      const entry = await review.get(jobId);
      const csrf = signer.csrfToken(principal.csrfIdentity);
      res.type('html').send(reviewCorrectPage({ principal, csrf, jobId, entry, text, problem }).value);
    },
  );

  return router;
}
