import type { TenantStore, TenantUsageStore } from '@quarry/queue';
import { readTenantsView } from '@quarry/queue';
import type { Queue } from 'bullmq';
import { type Response, Router } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import { principalOf } from '../auth/principal';
import { tenantsPage } from '../pages/tenants-page';

/** Options of {@link tenantsRoutes}. */
export interface TenantsRoutesOptions {
  readonly store: TenantStore;
  readonly usage: TenantUsageStore;
  /** The extraction queue (jobs waiting and running are counted by tenant from it). */
  readonly queue: Queue;
  readonly signer: CsrfSigner;
  readonly now: () => number;
}

/** The Tenants page (read-only; every signed-in role may see it). */
export function tenantsRoutes(options: TenantsRoutesOptions): Router {
  const { signer } = options;
  const router = Router();
  const csrfOf = (res: Response) => signer.csrfToken(principalOf(res).csrfIdentity);
  router.get('/tenants', async (_req, res) => {
    const view = await readTenantsView({
      store: options.store,
      usage: options.usage,
      queue: options.queue,
      now: options.now(),
    });
    res
      .status(200)
      .type('html')
      .send(tenantsPage({ principal: principalOf(res), csrf: csrfOf(res), view }).value);
  });
  return router;
}
