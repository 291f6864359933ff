import { Queue } from 'bullmq';
import { z } from 'zod';
import type { RedisClient } from './redis-connection';
import { WebhookBatchEnded } from './webhook-batch-ended';
import { WebhookSubject } from './webhook-event';
import { WebhookDeliveryOutcome } from './webhook-subscription';

/** The data of one delivery job: one event for one subscription. Facts are read fresh when it runs. */
export const WebhookDelivery = z.object({
  eventId: z.string().regex(/^evt_[0-9a-f]{32}$/),
  /** A `WebhookEventType`, or `webhook.test`. */
  event: z.string(),
  subscriptionId: z.string(),
  workflow: z.string(),
  subject: WebhookSubject,
  /** ISO 8601: when the event was emitted. */
  emittedAt: z.iso.datetime(),
  /** A `batch.ended` event's facts for this workflow (its payload's data besides the batch id and workflow). */
  batch: WebhookBatchEnded.optional(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** A delivery that failed for good, kept for `quarry webhooks replay` with its tries. */
export const FailedWebhookDelivery = z.object({
  deliveryId: z.string(),
  delivery: WebhookDelivery,
  /** ISO 8601. */
  failedAt: z.iso.datetime(),
  /** The tries, oldest first. */
  history: z.array(WebhookDeliveryOutcome),
});
export type FailedWebhookDelivery = z.infer<typeof FailedWebhookDelivery>;

/** The delivery queue of an extraction queue: `<queue>-webhooks`. */
export function webhookQueueName(queueName: string): string {
  return `${queueName}-webhooks`;
}

/** The BullMQ job id of one event's delivery to one subscription: adding it twice adds it once. */
export function webhookDeliveryId(options: {
  readonly eventId: string;
  readonly subscriptionId: string;
}): string {
  return `${options.eventId}-${options.subscriptionId}`;
}

/** The BullMQ backoff type of deliveries (the worker's `backoffStrategy` answers it). */
export const WEBHOOK_BACKOFF_TYPE = 'webhook';

/** The job options of a delivery: bounded tries on the webhook backoff; done jobs kept a week (they dedupe re-emissions). */
export function webhookJobOptions(options: { readonly deliveryId: string; readonly maxAttempts: number }) {
  return {
    jobId: options.deliveryId,
    attempts: options.maxAttempts,
    backoff: { type: WEBHOOK_BACKOFF_TYPE },
    removeOnComplete: { age: 7 * 86_400 },
    removeOnFail: { age: 7 * 86_400 },
  };
}

/** Opens the delivery queue of `queueName` under `prefix` on `connection` (the caller closes it). */
export function openWebhookQueue(options: {
  readonly connection: RedisClient;
  readonly prefix: string;
  readonly queueName: string;
}): Queue<WebhookDelivery> {
  return new Queue<WebhookDelivery>(webhookQueueName(options.queueName), {
    connection: options.connection,
    prefix: options.prefix,
  });
}
