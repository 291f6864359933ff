import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, WebhookInputError, webhookEventId } from '@quarry/queue';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { WebhooksTestFlags } from './webhooks-test-command';
import { withWebhooks } from './with-webhooks';

/** Runs `quarry webhooks test`. */
export async function webhooksTest(
  flags: z.output<typeof WebhooksTestFlags>,
  context: CliContext,
): Promise<number> {
  const [id] = flags.args;
  const { eventId, outcome } = await withWebhooks(context, 'webhooks test', async ({ store, config }) => {
    const [subscription, secret] = await Promise.all([store.get(id), store.secretOf(id)]);
    if (!subscription || secret === null)
      throw new WebhookInputError({ problem: 'subscription', message: `no subscription ${id}` });
    const { postWebhook, signWebhook } = await import('@quarry/worker');
    const eventId = webhookEventId({
      type: WEBHOOK_TEST_EVENT,
      subject: { kind: 'test', nonce: randomUUID() },
    });
    const at = new Date();
    const body = JSON.stringify({
      id: eventId,
      type: WEBHOOK_TEST_EVENT,
      timestamp: at.toISOString(),
      data: { test: true, subscriptionId: subscription.id, workflow: subscription.workflow },
    });
    const outcome = await postWebhook({
      url: subscription.url,
      body,
      headers: signWebhook({ secret, eventId, body, at }),
      timeoutMs: config.webhooks.timeoutMs,
      egress: config.webhooks,
    });
    await store.recordDelivery(subscription.id, {
      at: at.toISOString(),
      eventId,
      event: WEBHOOK_TEST_EVENT,
      status: outcome.kind === 'delivered' ? 'delivered' : 'failed',
      httpStatus: outcome.status,
      attempts: 1,
      detail: outcome.kind === 'delivered' ? null : outcome.detail.slice(0, 300),
      final: false,
    });
    return { eventId, outcome };
  });
  if (flags.json) context.stdout(`${JSON.stringify({ eventId, outcome })}\n`);
  else if (outcome.kind === 'delivered')
    context.stdout(`delivered ${eventId}: the receiver answered ${outcome.status}\n`);
  else context.stdout(`not delivered ${eventId} (${outcome.problem}): ${outcome.detail}\n`);
  return outcome.kind === 'delivered' ? exitCodes.ok : exitCodes.failure;
}
