import { z } from 'zod';
import { WebhookEventType } from './webhook-event';

/** A subscription id: `wh_` and 16 hex digits. */
export const WebhookSubscriptionId = z
  .string()
  .regex(/^wh_[0-9a-f]{16}$/, { error: 'a subscription id is wh_ and 16 hex digits' });

/** A tenant name a subscription may be scoped to: 1-64 of `[A-Za-z0-9._-]`. */
export const WebhookTenant = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'a tenant is 1-64 letters, digits, ".", "_" or "-"' });

/** What is shown of a subscription (`quarry webhooks list`, the dashboard): never its secret. */
export const WebhookSubscription = z.object({
  id: WebhookSubscriptionId,
  url: z.string(),
  workflow: z.string(),
  events: z.array(WebhookEventType).min(1),
  /** Null: every tenant (today, the only case a job can have). */
  tenant: WebhookTenant.nullable(),
  /** ISO 8601. */
  createdAt: z.iso.datetime(),
});
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/** A subscription as stored, with the secret its deliveries are signed with (`whsec_…`). */
export const StoredWebhookSubscription = WebhookSubscription.extend({
  secret: z.string().startsWith('whsec_'),
});
export type StoredWebhookSubscription = z.infer<typeof StoredWebhookSubscription>;

/** One delivery outcome kept in a subscription's history. */
export const WebhookDeliveryOutcome = z.object({
  /** ISO 8601. */
  at: z.iso.datetime(),
  eventId: z.string(),
  event: z.string(),
  /** `delivered`: a 2xx; `failed`: this try failed (retried unless `final`); `skipped`: the facts did not hold. */
  status: z.enum(['delivered', 'failed', 'skipped']),
  /** The receiver's HTTP status, when it answered. */
  httpStatus: z.number().int().nullable(),
  /** Tries made so far, this one included. */
  attempts: z.number().int().positive(),
  /** Why it failed or was skipped (neutralised, capped). */
  detail: z.string().max(300).nullable(),
  /** True when this failure was the last try (the delivery went to the delivery DLQ). */
  final: z.boolean(),
});
export type WebhookDeliveryOutcome = z.infer<typeof WebhookDeliveryOutcome>;
