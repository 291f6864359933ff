import type { WebhookSubscriptionStore } from '@quarry/queue';
import { type Response, Router } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import { principalOf } from '../auth/principal';
import { webhooksPage } from '../pages/webhooks-page';

/** Deliveries shown per subscription. */
const DELIVERY_LIMIT = 20;

/** Options of {@link webhooksRoutes}. */
export interface WebhooksRoutesOptions {
  readonly store: WebhookSubscriptionStore;
  readonly signer: CsrfSigner;
  readonly now: () => number;
}

/** The Webhooks page (read-only; every signed-in role may see it). */
export function webhooksRoutes(options: WebhooksRoutesOptions): Router {
  const { store, signer, now } = options;
  const router = Router();
  const csrfOf = (res: Response) => signer.csrfToken(principalOf(res).csrfIdentity);
  router.get('/webhooks', async (_req, res) => {
    const subscriptions = await Promise.all(
      (await store.list()).map(async (subscription) => ({
        subscription,
        deliveries: await store.deliveries(subscription.id, DELIVERY_LIMIT),
      })),
    );
    res
      .status(200)
      .type('html')
      .send(
        webhooksPage({ principal: principalOf(res), csrf: csrfOf(res), subscriptions, now: now() }).value,
      );
  });
  return router;
}
