import { randomBytes } from 'node:crypto';
import type { QuarryKeys, WebhookKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { WebhookEventType } from './webhook-event';
import { WebhookInputError } from './webhook-input-error';
import {
  StoredWebhookSubscription,
  WebhookDeliveryOutcome,
  type WebhookSubscription,
  WebhookSubscriptionId,
  WebhookTenant,
} from './webhook-subscription';

/** Defaults of {@link WebhookSubscriptionStore}, in one place. */
export const webhookSubscriptionDefaults = {
  /** Delivery outcomes kept per subscription (newest first). */
  historyLength: 100,
  /** Longest subscription URL. */
  maxUrlLength: 2048,
  /** Most subscriptions one workflow may have. */
  maxPerWorkflow: 50,
} as const;

/** What {@link WebhookSubscriptionStore.add} takes. */
export interface AddWebhookSubscription {
  readonly url: string;
  readonly workflow: string;
  readonly events: readonly string[];
  readonly tenant?: string | undefined;
}

const WORKFLOW_NAME = /^[A-Za-z0-9._-]{1,128}$/;

/** Checks a subscription URL's form: absolute http(s), no credentials, not too long. The address is checked by the egress policy. */
function checkUrl(raw: string): string {
  if (raw.length > webhookSubscriptionDefaults.maxUrlLength) {
    throw new WebhookInputError({
      problem: 'url',
      message: `the URL is longer than ${webhookSubscriptionDefaults.maxUrlLength} characters`,
    });
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new WebhookInputError({
      problem: 'url',
      message: 'the URL cannot be parsed (give an absolute https URL)',
      cause,
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookInputError({ problem: 'url', message: `the URL must be https, not ${url.protocol}` });
  }
  if (url.username !== '' || url.password !== '') {
    throw new WebhookInputError({ problem: 'url', message: 'the URL must not carry credentials' });
  }
  if (url.hash !== '')
    throw new WebhookInputError({ problem: 'url', message: 'the URL must not have a #fragment' });
  return url.toString();
}

function checkEvents(events: readonly string[]): WebhookEventType[] {
  if (events.length === 0) {
    throw new WebhookInputError({
      problem: 'events',
      message: `name at least one event (${WebhookEventType.options.join(', ')})`,
    });
  }
  const checked: WebhookEventType[] = [];
  for (const event of events) {
    const parsed = WebhookEventType.safeParse(event);
    if (!parsed.success) {
      throw new WebhookInputError({
        problem: 'events',
        message: `unknown event ${JSON.stringify(event.slice(0, 64))} (known: ${WebhookEventType.options.join(', ')})`,
      });
    }
    if (!checked.includes(parsed.data)) checked.push(parsed.data);
  }
  return checked;
}

const shown = ({ secret: _secret, ...subscription }: StoredWebhookSubscription): WebhookSubscription =>
  subscription;

/** Options of {@link WebhookSubscriptionStore}. */
export interface WebhookSubscriptionStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * The completion-webhook subscriptions of a queue: each stored with its secret (`whsec_…`, shown once
 * by `add`) in one hash, indexed by workflow, plus a capped history of delivery outcomes per
 * subscription. Listing never returns a secret; only `secretOf` (for signing) does.
 */
export class WebhookSubscriptionStore {
  readonly #redis: RedisClient;
  readonly #keys: WebhookKeys;
  readonly #now: () => number;

  constructor(options: WebhookSubscriptionStoreOptions) {
    this.#redis = options.redis;
    this.#keys = options.keys.webhooks;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Stores a subscription with a fresh id and secret. The caller checks that the workflow exists and
   * that the URL passes the egress policy.
   * @returns the subscription and its secret (shown once; never listed).
   * @throws WebhookInputError naming the bad input (URL form, workflow name, event, tenant, too many).
   */
  async add(input: AddWebhookSubscription): Promise<{ subscription: WebhookSubscription; secret: string }> {
    const url = checkUrl(input.url);
    if (!WORKFLOW_NAME.test(input.workflow)) {
      throw new WebhookInputError({
        problem: 'workflow',
        message: 'a workflow name is 1-128 letters, digits, ".", "_" or "-"',
      });
    }
    const events = checkEvents(input.events);
    let tenant: string | null = null;
    if (input.tenant !== undefined) {
      const parsed = WebhookTenant.safeParse(input.tenant);
      if (!parsed.success) {
        throw new WebhookInputError({
          problem: 'tenant',
          message: 'a tenant is 1-64 letters, digits, ".", "_" or "-"',
        });
      }
      tenant = parsed.data;
    }
    const count = await this.#redis.scard(this.#keys.byWorkflow(input.workflow));
    if (count >= webhookSubscriptionDefaults.maxPerWorkflow) {
      throw new WebhookInputError({
        problem: 'workflow',
        message: `workflow ${input.workflow} has ${count} subscriptions already (at most ${webhookSubscriptionDefaults.maxPerWorkflow})`,
      });
    }
    const stored: StoredWebhookSubscription = {
      id: `wh_${randomBytes(8).toString('hex')}`,
      url,
      workflow: input.workflow,
      events,
      tenant,
      createdAt: new Date(this.#now()).toISOString(),
      secret: `whsec_${randomBytes(24).toString('base64')}`,
    };
    await this.#redis
      .multi()
      .hset(this.#keys.subscriptions(), stored.id, JSON.stringify(stored))
      .sadd(this.#keys.byWorkflow(stored.workflow), stored.id)
      .exec();
    return { subscription: shown(stored), secret: stored.secret };
  }

  /** Every subscription (no secrets), oldest first; unreadable entries are left out. */
  async list(): Promise<WebhookSubscription[]> {
    const all = await this.#redis.hvals(this.#keys.subscriptions());
    return all
      .map((json) => this.#parse(json))
      .filter((stored): stored is StoredWebhookSubscription => stored !== null)
      .map(shown)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** One subscription (no secret), or null when there is none of that id. */
  async get(id: string): Promise<WebhookSubscription | null> {
    const stored = await this.#stored(id);
    return stored ? shown(stored) : null;
  }

  /** The secret a subscription's deliveries are signed with, or null when there is none of that id. */
  async secretOf(id: string): Promise<string | null> {
    return (await this.#stored(id))?.secret ?? null;
  }

  /** The subscriptions of one workflow (no secrets). */
  async byWorkflow(workflow: string): Promise<WebhookSubscription[]> {
    const ids = await this.#redis.smembers(this.#keys.byWorkflow(workflow));
    if (ids.length === 0) return [];
    const found = await this.#redis.hmget(this.#keys.subscriptions(), ...ids);
    return found
      .map((json) => (json === null ? null : this.#parse(json)))
      .filter((stored): stored is StoredWebhookSubscription => stored !== null)
      .map(shown);
  }

  /**
   * Removes a subscription and its delivery history. Deliveries already queued for it are dropped
   * when they run.
   * @returns false when there was none of that id.
   * @throws WebhookInputError for an id not of the form `wh_` and 16 hex digits.
   */
  async remove(id: string): Promise<boolean> {
    const checked = this.#checkId(id);
    const stored = await this.#stored(checked);
    if (!stored) return false;
    await this.#redis
      .multi()
      .hdel(this.#keys.subscriptions(), checked)
      .srem(this.#keys.byWorkflow(stored.workflow), checked)
      .del(this.#keys.deliveries(checked))
      .exec();
    return true;
  }

  /** Keeps one delivery outcome in the subscription's history (newest first, capped). */
  async recordDelivery(id: string, outcome: WebhookDeliveryOutcome): Promise<void> {
    const key = this.#keys.deliveries(id);
    await this.#redis
      .multi()
      .lpush(key, JSON.stringify(WebhookDeliveryOutcome.parse(outcome)))
      .ltrim(key, 0, webhookSubscriptionDefaults.historyLength - 1)
      .exec();
  }

  /** A subscription's latest delivery outcomes, newest first (at most `limit`, clamped to the history length). */
  async deliveries(
    id: string,
    limit: number = webhookSubscriptionDefaults.historyLength,
  ): Promise<WebhookDeliveryOutcome[]> {
    const n =
      Number.isInteger(limit) && limit >= 1 ? Math.min(limit, webhookSubscriptionDefaults.historyLength) : 1;
    const raw = await this.#redis.lrange(this.#keys.deliveries(id), 0, n - 1);
    return raw.flatMap((json) => {
      try {
        const parsed = WebhookDeliveryOutcome.safeParse(JSON.parse(json));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
  }

  #checkId(id: string): string {
    const parsed = WebhookSubscriptionId.safeParse(id);
    if (!parsed.success) {
      throw new WebhookInputError({
        problem: 'subscription',
        message: 'a subscription id is wh_ and 16 hex digits',
      });
    }
    return parsed.data;
  }

  async #stored(id: string): Promise<StoredWebhookSubscription | null> {
    const json = await this.#redis.hget(this.#keys.subscriptions(), this.#checkId(id));
    return json === null ? null : this.#parse(json);
  }

  #parse(json: string): StoredWebhookSubscription | null {
    try {
      const parsed = StoredWebhookSubscription.safeParse(JSON.parse(json));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
