import type { EvalRunStore, LabelledSetStore } from '@quarry/queue';
import { type Request, type Response, Router } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import { mayReadDocuments } from '../auth/document-access';
import { principalOf } from '../auth/principal';
import { dashboardDefaults } from '../dashboard-defaults';
import type { DashboardDocuments } from '../documents/dashboard-documents';
import { documentPages } from '../documents/document-pages';
import { blobDocumentOf, type EvalItemRead, readEvalItem } from '../evals/read-eval-item';
import { type EvalRunRead, readEvalRun } from '../evals/read-eval-run';
import { html, type SafeHtml } from '../html';
import { evalComparePage } from '../pages/eval-compare-page';
import { evalHref } from '../pages/eval-figures';
import { type EvalItemDocument, evalItemPage } from '../pages/eval-item-page';
import { evalRunPage } from '../pages/eval-run-page';
import { evalUnreadablePage } from '../pages/eval-unreadable-page';
import { evalsPage } from '../pages/evals-page';
import { layout } from '../pages/layout';
import { sendOriginal } from './send-original';

/** Options of {@link evalsRoutes}. */
export interface EvalsRoutesOptions {
  /** The runs `quarry eval run` stored. */
  readonly runs: EvalRunStore;
  /** The labelled sets the runs ran (their items' expected outputs and documents). */
  readonly sets: LabelledSetStore;
  readonly signer: CsrfSigner;
  readonly documents: DashboardDocuments;
  readonly now: () => number;
}

/**
 * The Evals pages, read-only for every role: `/evals` (the stored runs, newest first, and a form to
 * compare two), `/evals/:runId` (one run), `/evals/compare?a=RUN&b=RUN` (two runs side by side),
 * `/evals/:runId/items/:itemId` (an item's expected and extracted values and its document) and
 * `/evals/:runId/items/:itemId/document` (the download of its original; 403 for someone who may not
 * see documents). An id that is no run id or item id, or names nothing stored, answers 404.
 */
export function evalsRoutes(options: EvalsRoutesOptions): Router {
  const { runs, sets, signer, documents, now } = options;
  const router = Router();
  const csrfOf = (res: Response) => signer.csrfToken(principalOf(res).csrfIdentity);
  const send = (res: Response, status: number, page: SafeHtml) =>
    res.status(status).type('html').send(page.value);
  const problem = (res: Response, status: 400 | 404, what: SafeHtml) =>
    send(
      res,
      status,
      layout({
        title: status === 404 ? 'Not found' : 'Bad request',
        principal: principalOf(res),
        csrf: csrfOf(res),
        body: html`<p class="error" role="alert">${what}</p><p><a href="/evals">All evaluation runs</a></p>`,
      }),
    );
  /** A run that is not there (404) or unreadable (its page says why). */
  const runProblem = (res: Response, run: Exclude<EvalRunRead, { type: 'found' }>) => {
    switch (run.type) {
      case 'missing':
        return problem(
          res,
          404,
          html`No stored evaluation run <code>${run.runId}</code> (unknown, or past its 90 days).`,
        );
      case 'unreadable':
        return send(res, 200, evalUnreadablePage({ principal: principalOf(res), csrf: csrfOf(res), ...run }));
    }
  };

  router.get('/evals', async (_req, res) => {
    const limit = dashboardDefaults.evalRuns;
    const listed = await runs.list({ limit });
    const page = { principal: principalOf(res), csrf: csrfOf(res), ...listed, limit, now: now() };
    send(res, 200, evalsPage(page));
  });

  // Before /evals/:runId, which would take "compare" for a run id.
  router.get('/evals/compare', async (req, res) => {
    const { a: first, b: second } = req.query as Record<string, unknown>;
    if (typeof first !== 'string' || typeof second !== 'string' || first === '' || second === '') {
      const what = html`Name two runs to compare: <code>/evals/compare?a=RUN&amp;b=RUN</code>, or pick them on the runs page.`;
      return problem(res, 400, what);
    }
    const [a, b] = await Promise.all([
      readEvalRun({ runs, runId: first }),
      readEvalRun({ runs, runId: second }),
    ]);
    if (a.type !== 'found') return runProblem(res, a);
    if (b.type !== 'found') return runProblem(res, b);
    send(
      res,
      200,
      evalComparePage({ principal: principalOf(res), csrf: csrfOf(res), a: a.report, b: b.report }),
    );
  });

  router.get('/evals/:runId', async (req, res) => {
    const run = await readEvalRun({ runs, runId: req.params.runId });
    if (run.type !== 'found') return runProblem(res, run);
    send(res, 200, evalRunPage({ principal: principalOf(res), csrf: csrfOf(res), ...run, now: now() }));
  });

  const itemOf = (req: Request<{ runId: string; itemId: string }>) =>
    readEvalItem({ runs, sets, runId: req.params.runId, itemId: req.params.itemId });
  const noItem = (req: Request<{ runId: string; itemId: string }>) =>
    html`No item <code>${req.params.itemId}</code> in the stored evaluation run <code>${req.params.runId}</code>.`;

  router.get('/evals/:runId/items/:itemId', async (req, res) => {
    const read = await itemOf(req);
    if (read.type === 'missing') return problem(res, 404, noItem(req));
    if (read.type === 'unreadable') return runProblem(res, read);
    const principal = principalOf(res);
    const shown = mayReadDocuments(principal, documents.access);
    const page = evalItemPage({
      principal,
      csrf: csrfOf(res),
      runId: read.listing.runId,
      set: read.report.run.set,
      item: read.item,
      expected: read.expected,
      documents: shown,
      document: shown ? await itemDocument(read, documents) : null,
    });
    send(res, 200, page);
  });

  router.get('/evals/:runId/items/:itemId/document', async (req, res) => {
    if (!mayReadDocuments(principalOf(res), documents.access)) {
      res.status(403).json({ error: 'forbidden', message: 'documents are shown to admins only' });
      return;
    }
    const read = await itemOf(req);
    const document = read.type === 'found' ? blobDocumentOf(read.expected) : null;
    await sendOriginal({ res, blobs: documents.blobs, document });
  });

  return router;
}

/** The document of a found item's set item: its text, or its original's pages; null when the set's item is not readable. */
async function itemDocument(
  read: EvalItemRead & { type: 'found' },
  documents: DashboardDocuments,
): Promise<EvalItemDocument | null> {
  const { expected } = read;
  if (expected.type !== 'found') return null;
  if (expected.item.document.kind === 'text') return { type: 'text', text: expected.item.document.text };
  const document = blobDocumentOf(expected);
  if (!document) return null;
  return {
    type: 'original',
    original: {
      document,
      pages: await documentPages({ document, blobs: documents.blobs, cache: documents.cache }),
      downloadHref: `${evalHref.item(read.listing.runId, read.item.id)}/document`,
      downloads: documents.blobs !== null,
    },
  };
}
