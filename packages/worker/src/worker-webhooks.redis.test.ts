import { createHmac } from 'node:crypto';
import {
  openWebhookQueue,
  quarryKeys,
  WebhookDeliveryDlq,
  type WebhookDeliveryOutcome,
  WebhookSubscriptionStore,
  webhookEventId,
} from '@quarry/queue';
import { afterEach, describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import {
  type ReceiverReply,
  startWebhookReceiver,
  type WebhookReceiver,
} from './test-fixtures/webhook-receiver';
import { doc, goodNote, ticket, ticketText, type WorkerHarness, waitFor } from './worker-test-harness';

/**
 * Deliveries to the local receiver: http and 127.0.0.1 allowed, short backoff. The deadline is 3 s
 * (a loaded machine may answer a local try after a shorter one, and the try would fail or repeat);
 * the test of the deadline sets its own.
 */
const webhookEnv = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: '127.0.0.1',
  WEBHOOK_TIMEOUT_MS: '3000',
  WEBHOOK_BACKOFF_BASE_MS: '50',
  WEBHOOK_BACKOFF_CAP_MS: '200',
  WEBHOOK_MAX_ATTEMPTS: '5',
};

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.stop().catch(() => {})));
});

async function receiver(reply?: (n: number) => ReceiverReply): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(reply);
  receivers.push(started);
  return started;
}

function storesOf(h: WorkerHarness) {
  const keys = quarryKeys({ prefix: h.prefix, queueName: h.config.queue.queueName });
  return {
    store: new WebhookSubscriptionStore({ redis: h.redis, keys }),
    dlq: new WebhookDeliveryDlq({ redis: h.redis, keys }),
  };
}

/** The HMAC-SHA256 Standard Webhooks signature, computed here with node:crypto (not with the library). */
function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

async function historyOf(
  store: WebhookSubscriptionStore,
  id: string,
  until: (h: WebhookDeliveryOutcome[]) => boolean,
) {
  let history: WebhookDeliveryOutcome[] = [];
  await waitFor(
    async () => {
      history = await store.deliveries(id);
      return until(history);
    },
    15_000,
    'the delivery history',
  );
  return history.slice().reverse();
}

describe('completion webhooks (real worker, local receiver)', { timeout: 60_000 }, () => {
  it('row 190: a completed job with a subscription -> one POST signed as Standard Webhooks (HMAC checked independently), stable event id, result without the document', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ env: webhookEnv });
    const hook = await receiver();
    const { store } = storesOf(h);
    const { subscription, secret } = await store.add({
      url: hook.url,
      workflow: 'note',
      events: ['job.completed'],
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('signed') });
    await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    await waitFor(() => hook.received.length === 1, 15_000, 'the delivery');
    const [got] = hook.received;
    if (!got) throw new Error('no delivery');
    const id = got.headers['webhook-id'] as string;
    const timestamp = got.headers['webhook-timestamp'] as string;
    expect(got.headers['webhook-signature']).toBe(expectedSignature(secret, id, timestamp, got.body));
    const job = await h.rawQueue().getJob(jobId);
    expect(id).toBe(
      webhookEventId({
        type: 'job.completed',
        subject: { kind: 'job', jobId, timestamp: job?.timestamp ?? 0 },
      }),
    );
    const payload = JSON.parse(got.body);
    expect(payload).toMatchObject({
      id,
      type: 'job.completed',
      data: {
        jobId,
        workflow: 'note',
        version: 2,
        result: goodNote,
        attempts: 1,
        reviewReasons: [],
        grounding: null,
      },
    });
    expect(got.body).not.toContain('A note about signed');
    const history = await historyOf(store, subscription.id, (list) => list.length === 1);
    expect(history.map((entry) => [entry.status, entry.httpStatus])).toEqual([['delivered', 204]]);
  });

  it('row 191: a receiver that answers 500 twice -> retried with backoff and delivered on the third try; the history keeps the status and a neutralised excerpt', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ env: webhookEnv });
    const hook = await receiver((n) => ({ status: n < 2 ? 500 : 200 }));
    const { store } = storesOf(h);
    const { subscription } = await store.add({ url: hook.url, workflow: 'note', events: ['job.completed'] });
    await h.startWorker();
    await h.client.enqueue('note', { text: doc('five-hundred') });
    const history = await historyOf(store, subscription.id, (list) => list[0]?.status === 'delivered');
    expect(history.map((entry) => [entry.status, entry.httpStatus, entry.attempts])).toEqual([
      ['failed', 500, 1],
      ['failed', 500, 2],
      ['delivered', 200, 3],
    ]);
    expect(history[0]?.detail).toContain('answered 500');
    expect(history[0]?.detail).not.toContain('\u001b');
    expect(new Set(hook.received.map((got) => got.headers['webhook-id'])).size).toBe(1);
  });

  it('row 192: a receiver that never answers -> each try ends at WEBHOOK_TIMEOUT_MS; after the last, the delivery is in the delivery DLQ with its tries, and a replay delivers it', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      env: { ...webhookEnv, WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_TIMEOUT_MS: '500' },
    });
    let answering = false;
    const hook = await receiver(() => (answering ? { status: 200 } : 'hold'));
    const { store, dlq } = storesOf(h);
    const { subscription } = await store.add({ url: hook.url, workflow: 'note', events: ['job.completed'] });
    await h.startWorker();
    await h.client.enqueue('note', { text: doc('timeout') });
    await waitFor(async () => (await dlq.list()).length === 1, 15_000, 'the delivery DLQ');
    const [failed] = await dlq.list();
    expect(failed?.history.map((entry) => [entry.status, entry.final])).toEqual([
      ['failed', false],
      ['failed', true],
    ]);
    expect(failed?.history[0]?.detail).toBe('no answer within 500 ms');
    answering = true;
    const queue = openWebhookQueue({
      connection: h.redis,
      prefix: h.prefix,
      queueName: h.config.queue.queueName,
    });
    try {
      const result = await dlq.replay({ queue, deliveryIds: [failed?.deliveryId ?? ''], maxAttempts: 2 });
      expect(result).toEqual({ replayed: [failed?.deliveryId], missing: [] });
    } finally {
      await queue.close();
    }
    await historyOf(store, subscription.id, (list) => list[0]?.status === 'delivered');
    expect(await dlq.list()).toEqual([]);
  });

  it('row 193: a receiver that redirects to a private address (169.254.169.254, 127.0.0.1) -> the redirect is not followed; the try fails with the 3xx and the delivery ends in the DLQ', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ env: { ...webhookEnv, WEBHOOK_MAX_ATTEMPTS: '2' } });
    const target = await receiver();
    const hook = await receiver((n) => ({
      status: 302,
      headers: { location: n === 0 ? 'http://169.254.169.254/latest/meta-data/' : target.url },
    }));
    const { store, dlq } = storesOf(h);
    const { subscription } = await store.add({ url: hook.url, workflow: 'note', events: ['job.completed'] });
    await h.startWorker();
    await h.client.enqueue('note', { text: doc('redirect') });
    await waitFor(async () => (await dlq.list()).length === 1, 15_000, 'the delivery DLQ');
    const history = await store.deliveries(subscription.id);
    expect(history.map((entry) => [entry.status, entry.httpStatus])).toEqual([
      ['failed', 302],
      ['failed', 302],
    ]);
    expect(history[0]?.detail).toContain('redirects are not followed');
    expect(hook.received).toHaveLength(2);
    expect(target.received).toHaveLength(0);
  });

  it('row 194: a receiver that is down for a while -> failed tries while it is down, then delivered once per event id after it returns', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ env: { ...webhookEnv, WEBHOOK_MAX_ATTEMPTS: '20' } });
    const hook = await receiver();
    await hook.stop();
    const { store } = storesOf(h);
    const { subscription } = await store.add({ url: hook.url, workflow: 'note', events: ['job.completed'] });
    await h.startWorker();
    const jobs = await Promise.all(
      ['down-a', 'down-b'].map((name) => h.client.enqueue('note', { text: doc(name) })),
    );
    await historyOf(
      store,
      subscription.id,
      (list) => list.filter((entry) => entry.status === 'failed').length >= 4,
    );
    await hook.start();
    const history = await historyOf(
      store,
      subscription.id,
      (list) => list.filter((entry) => entry.status === 'delivered').length === 2,
    );
    expect(
      history.filter((entry) => entry.status === 'failed').every((entry) => entry.httpStatus === null),
    ).toBe(true);
    const ids = hook.received.map((got) => got.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    const delivered = hook.received.map((got) => JSON.parse(got.body).data.jobId).sort();
    expect(delivered).toEqual(jobs.map((job) => job.jobId).sort());
  });

  it('row 195: a job dead-lettered with a job.dead_lettered subscription -> delivered once its DLQ record exists, naming the reason kind, cost and attempts', async ({
    testBed,
  }) => {
    const bad = { kind: 'json', value: { title: 'x', count: -1 } } as const;
    const h = await testBed.harness({
      env: { ...webhookEnv, JOB_ATTEMPTS: '1' },
      plan: { dead: [bad, bad, bad, bad] },
    });
    const hook = await receiver();
    const { store } = storesOf(h);
    await store.add({ url: hook.url, workflow: 'note', events: ['job.completed', 'job.dead_lettered'] });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('dead'), budget: { maxAttempts: 2 } });
    const record = await h.dlqRecordOf(jobId, 15_000);
    await waitFor(() => hook.received.length === 1, 15_000, 'the delivery');
    const payload = JSON.parse(hook.received[0]?.body ?? '{}');
    expect(payload).toMatchObject({
      type: 'job.dead_lettered',
      data: {
        jobId,
        workflow: 'note',
        dlqId: record.dlqId,
        reason: { kind: record.reason.kind },
        attempts: 2,
      },
    });
  });

  it('row 196: a worker process killed between completing a job and delivering its event -> the next worker delivers it (same event id)', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      env: { ...webhookEnv, LOCK_DURATION_MS: '1000', STALLED_INTERVAL_MS: '300' },
      plan: { killed: [{ kind: 'json', value: ticket.truth }] },
    });
    const hook = await receiver((n) => (n === 0 ? 'hold' : { status: 200 }));
    const { store } = storesOf(h);
    await store.add({ url: hook.url, workflow: 'support-ticket', events: ['job.completed'] });
    const doomed = testBed.spawnWorker({ ...h.env, LOG_LEVEL: 'info' });
    await doomed.ready;
    const { jobId } = await h.client.enqueue('support-ticket', { text: ticketText('killed') });
    await waitFor(() => hook.received.length === 1, 20_000, 'the first delivery to arrive');
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(await (await h.rawQueue().getJob(jobId))?.getState()).toBe('completed');
    await h.startWorker();
    await waitFor(
      () => hook.received.some((got) => got.status === 200),
      20_000,
      'the delivery by the next worker',
    );
    const ids = new Set(hook.received.map((got) => got.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(JSON.parse(hook.received.at(-1)?.body ?? '{}').data).toMatchObject({
      jobId,
      workflow: 'support-ticket',
    });
    expect(h.requestsFor('killed')).toHaveLength(1);
  });
});
