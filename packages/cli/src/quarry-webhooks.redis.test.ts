import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  openWebhookQueue,
  quarryKeys,
  WebhookDeliveryDlq,
  WebhookSubscriptionStore,
  webhookDeliveryId,
  webhookEventId,
} from '@quarry/queue';
import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    response.writeHead(200).end('ok');
  });
});
let receiverUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const local = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: '127.0.0.1',
  WEBHOOK_TIMEOUT_MS: '2000',
};

function envOf(redisUrl: string, prefix: string, extra: Record<string, string> = {}) {
  return { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, ...extra };
}

async function storedCount(redis: Redis, prefix: string): Promise<number> {
  return redis.hlen(quarryKeys({ prefix }).webhooks.subscriptions());
}

describe('quarry webhooks (real Redis, local receiver)', () => {
  it('row 197: webhooks add, list, test, replay and remove -> the secret printed once and never listed, a test event signed (HMAC checked independently), a failed delivery put back under its own id', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const env = envOf(redisUrl, prefix, local);
    const add = await runQuarry(
      [
        'webhooks',
        'add',
        receiverUrl,
        '--workflow',
        'invoice',
        '--events',
        'job.completed,job.dead_lettered',
        '--json',
      ],
      env,
    );
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    const { subscription, secret } = JSON.parse(add.stdout);
    expect(subscription).toMatchObject({
      workflow: 'invoice',
      events: ['job.completed', 'job.dead_lettered'],
      tenant: null,
    });
    expect(secret).toMatch(/^whsec_/);

    const list = await runQuarry(['webhooks', 'list', '--json'], env);
    expect(list.stdout).not.toContain(secret);
    expect(JSON.parse(list.stdout).subscriptions).toEqual([{ ...subscription, lastDelivery: null }]);
    const table = await runQuarry(['webhooks', 'list'], env);
    expect(table.stdout).toContain(subscription.id);
    expect(table.stdout).not.toContain(secret);

    const test = await runQuarry(['webhooks', 'test', subscription.id], env);
    expect(test.code).toBe(0);
    expect(test.stdout).toContain('the receiver answered 200');
    const [got] = received.splice(0);
    if (!got) throw new Error('no test delivery');
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signed = `${got.headers['webhook-id']}.${got.headers['webhook-timestamp']}.${got.body}`;
    expect(got.headers['webhook-signature']).toBe(
      `v1,${createHmac('sha256', key).update(signed).digest('base64')}`,
    );
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'webhook.test',
      data: { test: true, subscriptionId: subscription.id },
    });

    const keys = quarryKeys({ prefix });
    const eventId = webhookEventId({
      type: 'job.completed',
      subject: { kind: 'job', jobId: '7', timestamp: 1 },
    });
    const deliveryId = webhookDeliveryId({ eventId, subscriptionId: subscription.id });
    const delivery = {
      eventId,
      event: 'job.completed',
      subscriptionId: subscription.id,
      workflow: 'invoice',
      subject: { kind: 'job', jobId: '7', timestamp: 1 },
      emittedAt: new Date().toISOString(),
    } as const;
    await new WebhookDeliveryDlq({ redis, keys }).put({
      deliveryId,
      delivery,
      failedAt: new Date().toISOString(),
      history: [],
    });
    const replay = await runQuarry(['webhooks', 'replay', '--all', '--json'], env);
    expect(JSON.parse(replay.stdout)).toEqual({ replayed: [deliveryId], missing: [] });
    const queue = openWebhookQueue({ connection: redis, prefix, queueName: 'extraction' });
    try {
      expect((await queue.getJob(deliveryId))?.data).toEqual(delivery);
    } finally {
      await queue.close();
    }
    const again = await runQuarry(['webhooks', 'replay', '--id', deliveryId], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`not in the delivery DLQ: ${deliveryId}`);
    expect((await runQuarry(['webhooks', 'replay'], env)).stderr).toContain(
      'give --id (one or more) or --all',
    );

    expect((await runQuarry(['webhooks', 'remove', subscription.id], env)).code).toBe(0);
    expect(await new WebhookSubscriptionStore({ redis, keys }).list()).toEqual([]);
    const gone = await runQuarry(['webhooks', 'test', subscription.id], env);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`subscription: no subscription ${subscription.id}`);
    const bad = await runQuarry(['webhooks', 'remove', 'wh_nope'], env);
    expect(bad.stderr).toContain('a subscription id is wh_ and 16 hex digits');
  });

  it('row 198: webhooks add with a bad URL (not a URL, ftp:, credentials in it) -> refused naming the URL problem, nothing stored', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const env = envOf(redisUrl, prefix, local);
    const cases: [string, string][] = [
      ['not a url', 'url: the URL cannot be parsed'],
      ['ftp://example.com/hook', 'url: only https URLs are delivered to, not ftp:'],
      ['http://user:pw@127.0.0.1/hook', 'url: the URL must not carry credentials'],
    ];
    for (const [url, message] of cases) {
      const run = await runQuarry(
        ['webhooks', 'add', url, '--workflow', 'invoice', '--events', 'job.completed'],
        env,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`quarry webhooks add: ${message}`);
      expect(run.stderr).toContain('nothing was changed');
    }
    expect(await storedCount(redis, prefix)).toBe(0);
  });

  it('row 199: webhooks add with an unknown event or none -> refused naming the event and the known ones, nothing stored', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const env = envOf(redisUrl, prefix, local);
    const run = await runQuarry(
      ['webhooks', 'add', receiverUrl, '--workflow', 'invoice', '--events', 'job.completed,job.finished'],
      env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'events: unknown event "job.finished" (known: job.completed, job.needs_review, job.dead_lettered, batch.ended)',
    );
    const none = await runQuarry(
      ['webhooks', 'add', receiverUrl, '--workflow', 'invoice', '--events', ''],
      env,
    );
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('events: unknown event ""');
    expect(await storedCount(redis, prefix)).toBe(0);
  });

  it('row 200: webhooks add for an unknown workflow -> refused naming the workflow, nothing stored', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const run = await runQuarry(
      ['webhooks', 'add', receiverUrl, '--workflow', 'no-such-flow', '--events', 'job.completed'],
      envOf(redisUrl, prefix, local),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('workflow: unknown workflow "no-such-flow"');
    expect(await storedCount(redis, prefix)).toBe(0);
  });

  it('row 201: webhooks add for a private address (127.0.0.1 not allowed, a metadata address even when allowed) or http without WEBHOOK_ALLOW_HTTP -> refused naming the address and the setting, nothing stored', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const add = (url: string, extra: Record<string, string>) =>
      runQuarry(
        ['webhooks', 'add', url, '--workflow', 'invoice', '--events', 'job.completed'],
        envOf(redisUrl, prefix, extra),
      );
    const loopback = await add('https://127.0.0.1/hook', {});
    expect(loopback.code).toBe(1);
    expect(loopback.stderr).toContain(
      'url: 127.0.0.1 resolves to 127.0.0.1 (loopback); only public addresses are fetched',
    );
    expect(loopback.stderr).toContain('WEBHOOK_ALLOW_PRIVATE_NETWORKS');
    const metadata = await add('http://169.254.169.254/latest', {
      ...local,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: '169.254.0.0/16',
    });
    expect(metadata.stderr).toContain('(metadata)');
    const http = await add(receiverUrl, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '127.0.0.1' });
    expect(http.stderr).toContain(
      'url: only https URLs are delivered to (set WEBHOOK_ALLOW_HTTP=true to allow http)',
    );
    const badSetting = await add(receiverUrl, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '10.0.0.0/99' });
    expect(badSetting.stderr).toContain('WEBHOOK_ALLOW_PRIVATE_NETWORKS');
    expect(badSetting.stderr).toContain('"10.0.0.0/99" is not one');
    expect(await storedCount(redis, prefix)).toBe(0);
  });
});
