import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { WebhookInputError } from './webhook-input-error';
import { WebhookSubscriptionStore, webhookSubscriptionDefaults } from './webhook-subscription-store';

const at = Date.UTC(2025, 0, 1);

describe('WebhookSubscriptionStore', () => {
  it('adds a subscription with its secret shown once, lists and gets it without the secret, finds it by workflow, removes it with its history', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    let now = at;
    const store = new WebhookSubscriptionStore({ redis, keys, now: () => now });
    const first = await store.add({
      url: 'https://hooks.example.com/quarry',
      workflow: 'invoice',
      events: ['job.completed', 'batch.ended', 'job.completed'],
      tenant: 'acme',
    });
    now += 1000;
    const second = await store.add({
      url: 'https://b.example.com/',
      workflow: 'note',
      events: ['job.dead_lettered'],
    });
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(first.subscription).toEqual({
      id: expect.stringMatching(/^wh_[0-9a-f]{16}$/),
      url: 'https://hooks.example.com/quarry',
      workflow: 'invoice',
      events: ['job.completed', 'batch.ended'],
      tenant: 'acme',
      createdAt: new Date(at).toISOString(),
    });
    expect(second.subscription.tenant).toBeNull();
    expect(second.secret).not.toBe(first.secret);

    const listed = await store.list();
    expect(listed).toEqual([first.subscription, second.subscription]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    expect(await store.get(first.subscription.id)).toEqual(first.subscription);
    expect(JSON.stringify(await store.get(first.subscription.id))).not.toContain('whsec_');
    expect(await store.secretOf(first.subscription.id)).toBe(first.secret);
    expect(await store.byWorkflow('invoice')).toEqual([first.subscription]);
    expect(await store.byWorkflow('nothing')).toEqual([]);

    await store.recordDelivery(first.subscription.id, {
      at: new Date(at).toISOString(),
      eventId: `evt_${'0'.repeat(32)}`,
      event: 'job.completed',
      status: 'delivered',
      httpStatus: 204,
      attempts: 1,
      detail: null,
      final: false,
    });
    expect(await store.deliveries(first.subscription.id)).toHaveLength(1);

    expect(await store.remove(first.subscription.id)).toBe(true);
    expect(await store.remove(first.subscription.id)).toBe(false);
    expect(await store.get(first.subscription.id)).toBeNull();
    expect(await store.secretOf(first.subscription.id)).toBeNull();
    expect(await store.byWorkflow('invoice')).toEqual([]);
    expect(await store.deliveries(first.subscription.id)).toEqual([]);
    expect(await store.list()).toEqual([second.subscription]);
  });

  it('refuses bad inputs with a WebhookInputError naming the input, and stores nothing', async ({
    redis,
    prefix,
  }) => {
    const store = new WebhookSubscriptionStore({ redis, keys: quarryKeys({ prefix }) });
    const good = { url: 'https://hooks.example.com/', workflow: 'invoice', events: ['job.completed'] };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ url: 'not a url' }, 'url', /cannot be parsed/],
      [{ url: 'ftp://hooks.example.com/' }, 'url', /must be https, not ftp:/],
      [{ url: 'https://user:pw@hooks.example.com/' }, 'url', /credentials/],
      [{ url: 'https://hooks.example.com/#x' }, 'url', /fragment/],
      [{ url: `https://hooks.example.com/${'a'.repeat(2100)}` }, 'url', /longer than 2048/],
      [{ workflow: 'no spaces' }, 'workflow', /1-128 letters/],
      [{ workflow: '' }, 'workflow', /1-128 letters/],
      [{ events: [] }, 'events', /at least one event/],
      [{ events: ['job.finished'] }, 'events', /unknown event "job.finished"/],
      [{ tenant: 'a/b' }, 'tenant', /1-64 letters/],
    ];
    for (const [change, problem, message] of cases) {
      const error = await store.add({ ...good, ...change } as typeof good).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookInputError);
      expect(error).toMatchObject({
        name: 'WebhookInputError',
        problem,
        message: expect.stringMatching(message),
      });
    }
    expect(await store.list()).toEqual([]);
    for (const id of ['wh_1', 'nope', `wh_${'G'.repeat(16)}`]) {
      await expect(store.remove(id)).rejects.toMatchObject({ problem: 'subscription' });
      await expect(store.get(id)).rejects.toMatchObject({ problem: 'subscription' });
    }
  });

  it(`refuses more than ${webhookSubscriptionDefaults.maxPerWorkflow} subscriptions of one workflow`, async ({
    redis,
    prefix,
  }) => {
    const store = new WebhookSubscriptionStore({ redis, keys: quarryKeys({ prefix }) });
    for (let i = 0; i < webhookSubscriptionDefaults.maxPerWorkflow; i += 1) {
      await store.add({ url: `https://h${i}.example.com/`, workflow: 'busy', events: ['job.completed'] });
    }
    await expect(
      store.add({ url: 'https://one-more.example.com/', workflow: 'busy', events: ['job.completed'] }),
    ).rejects.toMatchObject({ problem: 'workflow', message: expect.stringContaining('at most 50') });
    await store.add({ url: 'https://other.example.com/', workflow: 'quiet', events: ['job.completed'] });
  });
});
