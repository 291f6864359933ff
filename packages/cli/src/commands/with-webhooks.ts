import {
  openWebhookQueue,
  QueueConfig,
  quarryKeys,
  WebhookDeliveryDlq,
  WebhookSubscriptionStore,
} from '@quarry/queue';
import { type CliWebhookConfig, cliWebhookConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { withCliRedis } from './with-cli-redis';

/** What a webhooks command works with. */
export interface WebhooksAccess {
  readonly store: WebhookSubscriptionStore;
  readonly dlq: WebhookDeliveryDlq;
  readonly queue: ReturnType<typeof openWebhookQueue>;
  readonly config: CliWebhookConfig;
}

/**
 * Runs `body` with the webhook subscriptions, the delivery DLQ and the delivery queue on the
 * configured Redis (waiting at most 2 s for it), then disconnects.
 * @throws ConfigError for bad settings; RedisUnavailableError when Redis does not answer in time.
 */
export function withWebhooks<T>(
  context: CliContext,
  operation: string,
  body: (access: WebhooksAccess) => Promise<T>,
): Promise<T> {
  const config = cliWebhookConfig(context.env);
  const queue = QueueConfig.parse(config.queue);
  const keys = quarryKeys({ prefix: queue.prefix, queueName: queue.queueName });
  return withCliRedis(
    {
      operation,
      redisUrl: config.redisUrl,
      redisUrlRedacted: config.redisUrlRedacted,
      open: (redis): WebhooksAccess => ({
        store: new WebhookSubscriptionStore({ redis, keys }),
        dlq: new WebhookDeliveryDlq({ redis, keys }),
        queue: openWebhookQueue({ connection: redis, prefix: queue.prefix, queueName: queue.queueName }),
        config,
      }),
      close: (access) => access.queue.close(),
    },
    body,
  );
}
