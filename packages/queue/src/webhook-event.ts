import { createHash } from 'node:crypto';
import { z } from 'zod';

/** The events a webhook subscription may ask for (a fixed public contract). */
export const WebhookEventType = z.enum([
  'job.completed',
  'job.needs_review',
  'job.dead_lettered',
  'batch.ended',
]);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The event a `quarry webhooks test` sends: never emitted by a job, only asked for by hand. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What an event is about: one generation of a job (`timestamp` is BullMQ's `job.timestamp`), or a batch. */
export const WebhookSubject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('job'), jobId: z.string().min(1), timestamp: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('batch'), batchId: z.string().min(1) }),
  z.object({ kind: z.literal('test'), nonce: z.string().min(1) }),
]);
export type WebhookSubject = z.infer<typeof WebhookSubject>;

/**
 * The stable id of an event: `evt_` and 32 hex digits of SHA-256 over the event type and its subject
 * (a job's id and generation, or a batch id). Emitting the same event again (a retried job
 * completion, a re-run after a crash) gives the same id, so it is delivered once per subscription
 * and receivers can deduplicate by `webhook-id`.
 */
export function webhookEventId(options: { readonly type: string; readonly subject: WebhookSubject }): string {
  const { type, subject } = options;
  const what =
    subject.kind === 'job'
      ? `job\n${subject.jobId}\n${subject.timestamp}`
      : subject.kind === 'batch'
        ? `batch\n${subject.batchId}`
        : `test\n${subject.nonce}`;
  return `evt_${createHash('sha256').update(`${type}\n${what}`).digest('hex').slice(0, 32)}`;
}
