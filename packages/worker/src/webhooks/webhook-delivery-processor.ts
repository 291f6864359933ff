import {
  WebhookDelivery,
  type WebhookDeliveryDlq,
  type WebhookDeliveryOutcome,
  type WebhookSubscriptionStore,
} from '@quarry/queue';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { signWebhook } from './sign-webhook';
import { postWebhook, type WebhookEgress, type WebhookPostOutcome } from './webhook-egress';
import { readWebhookFacts, type WebhookFactSources } from './webhook-facts';

/** Defaults of {@link createWebhookDeliveryProcessor}. */
export const webhookDeliveryDefaults = {
  /** How soon facts that are not settled yet (a job still running) are looked at again. */
  recheckMs: 2_000,
  /** How long a delivery waits for its facts to settle before it is dropped: 7 days. */
  maxWaitMs: 7 * 86_400_000,
} as const;

/** Options of {@link createWebhookDeliveryProcessor}. */
export interface WebhookDeliveryProcessorOptions {
  readonly store: WebhookSubscriptionStore;
  readonly dlq: WebhookDeliveryDlq;
  readonly facts: WebhookFactSources;
  readonly egress: WebhookEgress;
  readonly timeoutMs: number;
  readonly log: Logger;
  readonly recheckMs?: number;
  readonly maxWaitMs?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/** What a delivery job returns. */
export type WebhookDeliveryResult =
  | { readonly status: 'delivered'; readonly httpStatus: number }
  | { readonly status: 'skipped'; readonly reason: string };

/**
 * The processor of the delivery queue: reads fresh facts (a job that has not completed yet waits,
 * moved to delayed without spending a try), signs the payload (Standard Webhooks), POSTs it through
 * the egress policy, and keeps the outcome in the subscription's history. A failed try throws (the
 * webhook backoff sets the next); the last failed try puts the delivery in the delivery DLQ.
 */
export function createWebhookDeliveryProcessor(options: WebhookDeliveryProcessorOptions) {
  const now = options.now ?? Date.now;
  const recheckMs = options.recheckMs ?? webhookDeliveryDefaults.recheckMs;
  const maxWaitMs = options.maxWaitMs ?? webhookDeliveryDefaults.maxWaitMs;
  return async function deliverWebhook(job: Job, token?: string): Promise<WebhookDeliveryResult> {
    const parsed = WebhookDelivery.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('the delivery job data is not a webhook delivery');
    const delivery = parsed.data;
    const log = options.log.child({ deliveryId: job.id, eventId: delivery.eventId, event: delivery.event });
    const tries = job.attemptsMade + 1;
    const [subscription, secret] = await Promise.all([
      options.store.get(delivery.subscriptionId),
      options.store.secretOf(delivery.subscriptionId),
    ]);
    if (!subscription || secret === null)
      return { status: 'skipped', reason: 'the subscription was removed' };
    const record = (outcome: Omit<WebhookDeliveryOutcome, 'at' | 'eventId' | 'event' | 'attempts'>) =>
      options.store.recordDelivery(subscription.id, {
        at: new Date(now()).toISOString(),
        eventId: delivery.eventId,
        event: delivery.event,
        attempts: tries,
        ...outcome,
      });
    const facts = await readWebhookFacts(delivery, options.facts);
    switch (facts.kind) {
      case 'later': {
        if (now() - Date.parse(delivery.emittedAt) > maxWaitMs) {
          await record({
            status: 'skipped',
            httpStatus: null,
            detail: `${facts.reason} for too long`,
            final: false,
          });
          return { status: 'skipped', reason: facts.reason };
        }
        await job.moveToDelayed(now() + recheckMs, token);
        throw new DelayedError();
      }
      case 'skip':
        await record({ status: 'skipped', httpStatus: null, detail: facts.reason, final: false });
        log.info({ reason: facts.reason }, 'webhook delivery dropped');
        return { status: 'skipped', reason: facts.reason };
      case 'send':
        break;
    }
    const at = new Date(now());
    const body = JSON.stringify({
      id: delivery.eventId,
      type: delivery.event,
      timestamp: at.toISOString(),
      data: facts.data,
    });
    const outcome: WebhookPostOutcome = await postWebhook({
      url: subscription.url,
      body,
      headers: signWebhook({ secret, eventId: delivery.eventId, body, at }),
      timeoutMs: options.timeoutMs,
      egress: options.egress,
    });
    if (outcome.kind === 'delivered') {
      await record({ status: 'delivered', httpStatus: outcome.status, detail: null, final: false });
      log.info({ httpStatus: outcome.status, tries }, 'webhook delivered');
      return { status: 'delivered', httpStatus: outcome.status };
    }
    const final = tries >= (job.opts.attempts ?? 1);
    await record({
      status: 'failed',
      httpStatus: outcome.status,
      detail: outcome.detail.slice(0, 300),
      final,
    });
    log.warn(
      { problem: outcome.problem, httpStatus: outcome.status, tries, final },
      'webhook delivery failed',
    );
    if (!final) throw new Error(`${outcome.problem}: ${outcome.detail}`);
    const history = (await options.store.deliveries(subscription.id))
      .filter((entry) => entry.eventId === delivery.eventId)
      .reverse();
    await options.dlq.put({ deliveryId: job.id as string, delivery, failedAt: at.toISOString(), history });
    throw new UnrecoverableError(`${outcome.problem}: ${outcome.detail}`);
  };
}
