import type { Queue } from 'bullmq';
import type { WebhookDelivery } from './webhook-delivery';
import { webhookDeliveryId, webhookJobOptions } from './webhook-delivery';
import { type WebhookEventType, type WebhookSubject, webhookEventId } from './webhook-event';
import type { WebhookSubscription } from './webhook-subscription';
import type { WebhookSubscriptionStore } from './webhook-subscription-store';

/** Options of {@link WebhookEmitter}. */
export interface WebhookEmitterOptions {
  readonly queue: Queue<WebhookDelivery>;
  readonly store: Pick<WebhookSubscriptionStore, 'byWorkflow'>;
  /** Tries per delivery (`WEBHOOK_MAX_ATTEMPTS`). */
  readonly maxAttempts: number;
  /** How long one workflow's subscriptions are cached (ms). */
  readonly cacheMs: number;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/** What one emission asks for. */
export interface WebhookEmission {
  readonly type: WebhookEventType;
  readonly workflow: string;
  readonly subject: WebhookSubject;
}

/**
 * Emits events as delivery jobs (the outbox: durable in Redis before the emitting job moves on),
 * one per subscription of the workflow that asked for the event, under a stable id
 * (`webhookDeliveryId`), so a repeated emission adds nothing. The subscriptions of a workflow are
 * cached for `cacheMs`, so a workflow without any costs one cached lookup per emission.
 */
export class WebhookEmitter {
  readonly #queue: Queue<WebhookDelivery>;
  readonly #store: Pick<WebhookSubscriptionStore, 'byWorkflow'>;
  readonly #maxAttempts: number;
  readonly #cacheMs: number;
  readonly #now: () => number;
  readonly #cache = new Map<
    string,
    { readonly until: number; readonly subscriptions: Promise<WebhookSubscription[]> }
  >();

  constructor(options: WebhookEmitterOptions) {
    this.#queue = options.queue;
    this.#store = options.store;
    this.#maxAttempts = options.maxAttempts;
    this.#cacheMs = Math.max(0, options.cacheMs);
    this.#now = options.now ?? Date.now;
  }

  /** Adds the deliveries of one event. @returns the delivery ids (already queued ones included). */
  async emit(emission: WebhookEmission): Promise<string[]> {
    const subscriptions = (await this.#subscriptions(emission.workflow)).filter((subscription) =>
      subscription.events.includes(emission.type),
    );
    if (subscriptions.length === 0) return [];
    const eventId = webhookEventId({ type: emission.type, subject: emission.subject });
    const emittedAt = new Date(this.#now()).toISOString();
    const jobs = subscriptions.map((subscription) => {
      const deliveryId = webhookDeliveryId({ eventId, subscriptionId: subscription.id });
      const data: WebhookDelivery = {
        eventId,
        event: emission.type,
        subscriptionId: subscription.id,
        workflow: emission.workflow,
        subject: emission.subject,
        emittedAt,
      };
      return {
        name: emission.type,
        data,
        opts: webhookJobOptions({ deliveryId, maxAttempts: this.#maxAttempts }),
      };
    });
    await this.#queue.addBulk(jobs);
    return jobs.map((job) => job.opts.jobId);
  }

  #subscriptions(workflow: string): Promise<WebhookSubscription[]> {
    const now = this.#now();
    const cached = this.#cache.get(workflow);
    if (cached && cached.until > now) return cached.subscriptions;
    const subscriptions = this.#store.byWorkflow(workflow);
    this.#cache.set(workflow, { until: now + this.#cacheMs, subscriptions });
    // A failed lookup is not cached: the next emission asks again.
    subscriptions.catch(() => this.#cache.delete(workflow));
    if (this.#cache.size > 1000) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    return subscriptions;
  }
}
