import { BatchCancelError, cancelMessageBatch } from '@quarry/anthropic';
import { type BatchesView, type BatchRecords, isBatchId } from '@quarry/queue';
import express, { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { CsrfSigner } from '../auth/csrf-signer';
import { principalOf } from '../auth/principal';
import type { DashboardAnthropicConfig } from '../dashboard-config';
import { html } from '../html';
import { batchDetailPage } from '../pages/batch-detail-page';
import { batchesPage } from '../pages/batches-page';
import { layout } from '../pages/layout';
import { adminFormGuard } from './admin-form-guard';

/** Options of {@link batchesRoutes}. */
export interface BatchesRoutesOptions {
  readonly view: BatchesView;
  readonly records: BatchRecords;
  readonly signer: CsrfSigner;
  /** Null: no cancel (no ANTHROPIC_API_KEY). */
  readonly anthropic: DashboardAnthropicConfig | null;
  readonly log: Logger;
  readonly now: () => number;
}

/** Batches listed on the page, and requests shown of one batch. */
const LIST_LIMIT = 100;
const REQUEST_LIMIT = 200;

/** The Batches pages (list, detail) and cancelling a batch (admins, CSRF-checked). */
export function batchesRoutes(options: BatchesRoutesOptions): Router {
  const { view, signer, log, now } = options;
  const router = Router();
  const csrfOf = (res: Response) => signer.csrfToken(principalOf(res).csrfIdentity);
  const send = (res: Response, status: number, page: { value: string }) =>
    res.status(status).type('html').send(page.value);
  const notFound = (res: Response, batchId: string) =>
    send(
      res,
      404,
      layout({
        title: 'Not found',
        principal: principalOf(res),
        csrf: csrfOf(res),
        body: html`<p>No batch ${batchId} is known to this queue (in flight or ended within the last 7 days).</p>
<p><a href="/batches">All batches</a></p>`,
      }),
    );
  const detail = (batchId: string) =>
    isBatchId(batchId) ? view.show({ batchId, requestLimit: REQUEST_LIMIT }) : Promise.resolve(null);

  router.get('/batches', async (_req, res) => {
    const [batches, collectors] = await Promise.all([view.list({ limit: LIST_LIMIT }), view.collectors()]);
    send(
      res,
      200,
      batchesPage({ principal: principalOf(res), csrf: csrfOf(res), batches, collectors, now: now() }),
    );
  });

  router.get('/batches/:batchId', async (req, res) => {
    const batch = await detail(req.params.batchId);
    if (!batch) return notFound(res, req.params.batchId);
    const page = { principal: principalOf(res), csrf: csrfOf(res), batch, now: now() };
    send(res, 200, batchDetailPage({ ...page, canCancel: options.anthropic !== null }));
  });

  router.post(
    '/batches/:batchId/cancel',
    express.urlencoded({ extended: false, limit: '4kb' }),
    adminFormGuard(signer, 'cancelling a batch'),
    async (req: Request<{ batchId: string }>, res) => {
      const principal = principalOf(res);
      const { batchId } = req.params;
      const batch = await detail(batchId);
      if (!batch) return notFound(res, batchId);
      const page = { principal, csrf: csrfOf(res), now: now(), canCancel: options.anthropic !== null };
      if (!options.anthropic) {
        const notice =
          'Cancelling needs ANTHROPIC_API_KEY in the dashboard’s environment; nothing was changed.';
        return send(res, 409, batchDetailPage({ ...page, batch, notice }));
      }
      if (batch.status !== 'in_progress') {
        const notice = `Batch ${batchId} is ${batch.status}; nothing was changed.`;
        return send(res, 409, batchDetailPage({ ...page, batch, notice }));
      }
      try {
        await cancelMessageBatch({ ...options.anthropic, batchId });
      } catch (error) {
        if (!(error instanceof BatchCancelError)) throw error;
        log.warn(
          { user: principal.name, batchId, status: error.status, errorType: error.errorType },
          'batch cancel failed',
        );
        return send(
          res,
          502,
          batchDetailPage({ ...page, batch, notice: `${error.message}; nothing was changed.` }),
        );
      }
      await options.records.markCanceling(batchId);
      log.info({ user: principal.name, batchId }, 'batch canceled from the dashboard');
      const after = (await detail(batchId)) ?? batch;
      const notice = `Cancel asked: unprocessed requests of batch ${batchId} will be collected again into a later batch.`;
      send(res, 200, batchDetailPage({ ...page, batch: after, notice }));
    },
  );

  return router;
}
