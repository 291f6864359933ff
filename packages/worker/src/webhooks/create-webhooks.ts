import {
  openWebhookQueue,
  type QuarryQueues,
  type RedisClient,
  WEBHOOK_BACKOFF_TYPE,
  WebhookDeliveryDlq,
  WebhookEmitter,
  type WebhookSettings,
  WebhookSubscriptionStore,
  webhookBackoffDelay,
  webhookDefaults,
  webhookQueueName,
} from '@quarry/queue';
import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { describeError } from '../describe-error';
import { createWebhookDeliveryProcessor } from './webhook-delivery-processor';

/** Options of {@link createWebhooks}. */
export interface CreateWebhooksOptions {
  readonly connection: RedisClient;
  readonly queues: QuarryQueues;
  readonly settings: WebhookSettings;
  /** The lock and stall settings of the extraction worker, shared by the delivery worker. */
  readonly lockDurationMs: number;
  readonly stalledIntervalMs: number;
  readonly random?: (() => number) | undefined;
  readonly log: Logger;
}

/** A worker's webhooks: the emitter its processor calls, and the delivery worker (not yet running). */
export interface WorkerWebhooks {
  readonly emitter: WebhookEmitter;
  readonly worker: Worker;
  /** Starts taking deliveries. */
  run(): void;
  /** Stops taking deliveries (in-flight ones finish within their deadline) and closes the queue. */
  close(): Promise<void>;
}

/**
 * The completion webhooks of a worker process: an emitter on the delivery queue (`<queue>-webhooks`)
 * with the subscriptions of each workflow cached briefly, and a second BullMQ worker delivering
 * (`WEBHOOK_CONCURRENCY` at once, jittered exponential backoff between tries, bounded tries).
 */
export function createWebhooks(options: CreateWebhooksOptions): WorkerWebhooks {
  const { connection, queues, settings, log } = options;
  const { keys, config } = queues;
  const queue = openWebhookQueue({ connection, prefix: config.prefix, queueName: config.queueName });
  queue.on('error', (error) => log.error({ error: describeError(error) }, 'webhook queue error'));
  const store = new WebhookSubscriptionStore({ redis: connection, keys });
  const emitter = new WebhookEmitter({
    queue,
    store,
    maxAttempts: settings.maxAttempts,
    cacheMs: webhookDefaults.subscriptionCacheMs,
  });
  const processor = createWebhookDeliveryProcessor({
    store,
    dlq: new WebhookDeliveryDlq({ redis: connection, keys }),
    facts: { queue: queues.queue, dlq: queues.dlq, redis: connection, keys },
    egress: { allowHttp: settings.allowHttp, allowPrivateNetworks: settings.allowPrivateNetworks },
    timeoutMs: settings.timeoutMs,
    log: log.child({ component: 'webhooks' }),
  });
  const worker = new Worker(webhookQueueName(config.queueName), processor, {
    connection,
    prefix: config.prefix,
    autorun: false,
    concurrency: settings.concurrency,
    lockDuration: Math.max(options.lockDurationMs, settings.timeoutMs * 2),
    stalledInterval: options.stalledIntervalMs,
    maxStalledCount: 5,
    settings: {
      backoffStrategy: (attemptsMade: number, type?: string) =>
        type === WEBHOOK_BACKOFF_TYPE
          ? webhookBackoffDelay({
              attemptsMade,
              ...settings.backoff,
              ...(options.random ? { random: options.random } : {}),
            })
          : 0,
    },
  });
  worker.on('error', (error) => log.error({ error: describeError(error) }, 'webhook worker error'));
  return {
    emitter,
    worker,
    run() {
      worker.run().catch((error) => log.error({ error: describeError(error) }, 'webhook worker stopped'));
    },
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
