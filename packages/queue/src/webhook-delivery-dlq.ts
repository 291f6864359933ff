import type { Queue } from 'bullmq';
import type { QuarryKeys, WebhookKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { FailedWebhookDelivery, type WebhookDelivery, webhookJobOptions } from './webhook-delivery';

/** Options of {@link WebhookDeliveryDlq}. */
export interface WebhookDeliveryDlqOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
}

/** The most failed deliveries one `list` returns. */
const MAX_LIST = 1000;

/**
 * The delivery DLQ: deliveries that failed every try, each kept with its tries, until replayed.
 * A replay puts the delivery back on the delivery queue under its own id (so it still dedupes).
 */
export class WebhookDeliveryDlq {
  readonly #redis: RedisClient;
  readonly #keys: WebhookKeys;

  constructor(options: WebhookDeliveryDlqOptions) {
    this.#redis = options.redis;
    this.#keys = options.keys.webhooks;
  }

  /** Keeps a failed delivery (replacing one of the same id). */
  async put(failed: FailedWebhookDelivery): Promise<void> {
    const valid = FailedWebhookDelivery.parse(failed);
    await this.#redis
      .multi()
      .hset(this.#keys.dlq(), valid.deliveryId, JSON.stringify(valid))
      .zadd(this.#keys.dlqByTime(), Date.parse(valid.failedAt), valid.deliveryId)
      .exec();
  }

  /** Failed deliveries, newest first (at most `limit`, clamped to 1…1000). */
  async list(limit = MAX_LIST): Promise<FailedWebhookDelivery[]> {
    const n = Number.isInteger(limit) && limit >= 1 ? Math.min(limit, MAX_LIST) : 1;
    const ids = await this.#redis.zrevrange(this.#keys.dlqByTime(), 0, n - 1);
    if (ids.length === 0) return [];
    const found = await this.#redis.hmget(this.#keys.dlq(), ...ids);
    return found.flatMap((json) => {
      if (json === null) return [];
      try {
        const parsed = FailedWebhookDelivery.safeParse(JSON.parse(json));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
  }

  /** One failed delivery, or null. */
  async get(deliveryId: string): Promise<FailedWebhookDelivery | null> {
    const json = await this.#redis.hget(this.#keys.dlq(), deliveryId);
    if (json === null) return null;
    try {
      const parsed = FailedWebhookDelivery.safeParse(JSON.parse(json));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /**
   * Puts failed deliveries back on the delivery queue (their old failed job removed first, so the id
   * is free) and takes them out of the DLQ.
   * @returns the ids replayed and the ids not found in the DLQ.
   */
  async replay(options: {
    readonly queue: Queue<WebhookDelivery>;
    readonly deliveryIds: readonly string[];
    readonly maxAttempts: number;
  }): Promise<{ replayed: string[]; missing: string[] }> {
    const replayed: string[] = [];
    const missing: string[] = [];
    for (const deliveryId of options.deliveryIds) {
      const failed = await this.get(deliveryId);
      if (!failed) {
        missing.push(deliveryId);
        continue;
      }
      await options.queue.remove(deliveryId);
      await options.queue.add(
        failed.delivery.event,
        failed.delivery,
        webhookJobOptions({ deliveryId, maxAttempts: options.maxAttempts }),
      );
      await this.#redis
        .multi()
        .hdel(this.#keys.dlq(), deliveryId)
        .zrem(this.#keys.dlqByTime(), deliveryId)
        .exec();
      replayed.push(deliveryId);
    }
    return { replayed, missing };
  }
}
