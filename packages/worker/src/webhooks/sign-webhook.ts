import { Webhook } from 'standardwebhooks';

/**
 * The Standard Webhooks headers of one delivery: `webhook-id` (the event id, the same on every
 * try), `webhook-timestamp` (seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of
 * id.timestamp.body>` with the subscription's `whsec_` secret), signed by the `standardwebhooks` library.
 */
export function signWebhook(options: {
  readonly secret: string;
  readonly eventId: string;
  readonly body: string;
  readonly at: Date;
}): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const signature = new Webhook(options.secret).sign(options.eventId, options.at, options.body);
  return {
    'webhook-id': options.eventId,
    'webhook-timestamp': String(Math.floor(options.at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
