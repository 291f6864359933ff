import type { Queue } from 'bullmq';
import type { WebhookBatchEnded } from './webhook-batch-ended';
import type { WebhookDelivery } from './webhook-delivery';
import { webhookDeliveryId, webhookJobOptions } from './webhook-delivery';
import { type WebhookEventType, type WebhookSubject, webhookEventId } from './webhook-event';
import type { WebhookSubscription } from './webhook-subscription';
import type { WebhookSubscriptionStore } from './webhook-subscription-store';

/** Options of {@link WebhookEmitter}. */
export interface WebhookEmitterOptions {
  readonly queue: Queue<WebhookDelivery>;
  readonly store: Pick<WebhookSubscriptionStore, 'byWorkflow' | 'list'>;
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
  /** A `batch.ended` event's facts for `workflow` (required for that event, ignored for others). */
  readonly batch?: WebhookBatchEnded;
}

/**
 * Emits events as delivery jobs (the outbox: durable in Redis before the emitting job moves on),
 * one per subscription of the workflow that asked for the event, under a stable id
 * (`webhookDeliveryId`), so a repeated emission adds nothing. The subscriptions of a workflow are
 * cached for `cacheMs`, so a workflow without any costs one cached lookup per emission.
 */
export class WebhookEmitter {
  readonly #queue: Queue<WebhookDelivery>;
  readonly #store: Pick<WebhookSubscriptionStore, 'byWorkflow' | 'list'>;
  readonly #maxAttempts: number;
  readonly #cacheMs: number;
  readonly #now: () => number;
  #wanted: { readonly until: number; readonly byEvent: Promise<Map<string, Set<string>>> } | null = null;
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
        ...(emission.type === 'batch.ended' && emission.batch ? { batch: emission.batch } : {}),
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

  /**
   * The workflows with at least one subscription to `type` (cached for `cacheMs`), so an emitter can
   * skip gathering an event's facts when nobody asked for it.
   */
  async workflowsFor(type: WebhookEventType): Promise<ReadonlySet<string>> {
    const now = this.#now();
    let wanted = this.#wanted;
    if (!wanted || wanted.until <= now) {
      const byEvent = this.#store.list().then((all) => {
        const map = new Map<string, Set<string>>();
        for (const subscription of all) {
          for (const event of subscription.events) {
            const workflows = map.get(event) ?? new Set<string>();
            workflows.add(subscription.workflow);
            map.set(event, workflows);
          }
        }
        return map;
      });
      const fresh = { until: now + this.#cacheMs, byEvent };
      this.#wanted = fresh;
      wanted = fresh;
      // A failed lookup is not cached: the next call asks again.
      byEvent.catch(() => {
        if (this.#wanted === fresh) this.#wanted = null;
      });
    }
    return (await wanted.byEvent).get(type) ?? new Set();
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
