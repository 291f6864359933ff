import type { BatchesView, OverviewCounts, WorkflowStatsStore } from '@quarry/queue';
import type { Triage } from '@quarry/triage';
import { type Response, Router } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import { principalOf } from '../auth/principal';
import { overviewPage } from '../pages/overview-page';
import { readOverviewView } from './overview-view';

/** Options of {@link overviewRoutes}. */
export interface OverviewRoutesOptions {
  readonly counts: OverviewCounts;
  readonly stats: WorkflowStatsStore;
  readonly triage: Triage;
  readonly batches: BatchesView;
  readonly signer: CsrfSigner;
  readonly now: () => number;
}

/** The overview at `/` (the DLQ list, which `/` used to open, is at `/dlq`). */
export function overviewRoutes(options: OverviewRoutesOptions): Router {
  const router = Router();
  const csrfOf = (res: Response) => options.signer.csrfToken(principalOf(res).csrfIdentity);
  router.get('/', async (_req, res) => {
    const now = options.now();
    const view = await readOverviewView({ ...options, now });
    const page = overviewPage({ principal: principalOf(res), csrf: csrfOf(res), view, now });
    res.status(200).type('html').send(page.value);
  });
  return router;
}
