import { textTable } from '@quarry/env';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { WebhooksListFlags } from './webhooks-list-command';
import { withWebhooks } from './with-webhooks';

/** Runs `quarry webhooks list`. */
export async function webhooksList(
  flags: z.output<typeof WebhooksListFlags>,
  context: CliContext,
): Promise<number> {
  const subscriptions = await withWebhooks(context, 'webhooks list', async ({ store }) =>
    Promise.all(
      (await store.list()).map(async (subscription) => ({
        ...subscription,
        lastDelivery: (await store.deliveries(subscription.id, 1))[0] ?? null,
      })),
    ),
  );
  if (flags.json) {
    context.stdout(`${JSON.stringify({ subscriptions })}\n`);
    return exitCodes.ok;
  }
  if (subscriptions.length === 0) {
    context.stderr('no webhook subscriptions\n');
    return exitCodes.ok;
  }
  const rows = subscriptions.map((s) => [
    s.id,
    s.workflow,
    s.events.join(','),
    s.tenant ?? '-',
    s.url,
    s.lastDelivery
      ? `${s.lastDelivery.status} ${s.lastDelivery.httpStatus ?? ''} ${s.lastDelivery.at}`.trim()
      : '-',
  ]);
  context.stdout(
    `${textTable({ head: ['ID', 'WORKFLOW', 'EVENTS', 'TENANT', 'URL', 'LAST DELIVERY'], rows })}\n`,
  );
  return exitCodes.ok;
}
