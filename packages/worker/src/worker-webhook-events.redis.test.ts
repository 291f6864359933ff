import { openWebhookQueue, quarryKeys, WebhookSubscriptionStore, webhookEventId } from '@quarry/queue';
import { afterEach, describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { startWebhookReceiver, type WebhookReceiver } from './test-fixtures/webhook-receiver';
import { doc, goodNote, type WorkerHarness, waitFor } from './worker-test-harness';

/**
 * Deliveries to the local receiver: http and 127.0.0.1 allowed, short backoff. The deadline is not
 * what these tests are about: a loaded machine may answer a try after a short one, and the event is
 * then delivered again (at least once, the same id).
 */
const webhookEnv = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: '127.0.0.1',
  WEBHOOK_TIMEOUT_MS: '5000',
  WEBHOOK_BACKOFF_BASE_MS: '50',
  WEBHOOK_BACKOFF_CAP_MS: '200',
};

/** Submit as soon as anything waits, poll every 100 ms. */
const fastBatches = { BATCH_MAX_WAIT_MS: '0', BATCH_POLL_INTERVAL_MS: '100' };

/** A `quoted-note` reply: the title with its quote, the count ungrounded. */
const reply = (title: string, quote: string) =>
  ({ kind: 'json', value: { _evidence: { title: quote }, title, count: 3 } }) as const;

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.stop().catch(() => {})));
});

async function receiver(): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

function storeOf(h: WorkerHarness) {
  const keys = quarryKeys({ prefix: h.prefix, queueName: h.config.queue.queueName });
  return new WebhookSubscriptionStore({ redis: h.redis, keys });
}

/** The distinct event ids a receiver got (a retried delivery repeats its id). */
const eventIds = (hook: WebhookReceiver): Set<string> =>
  new Set(hook.received.map((got) => String(JSON.parse(got.body).id)));

/** The deliveries queued on the delivery queue, of any state. */
async function queuedDeliveries(h: WorkerHarness): Promise<number> {
  const queue = openWebhookQueue({
    connection: h.redis,
    prefix: h.prefix,
    queueName: h.config.queue.queueName,
  });
  try {
    const counts = await queue.getJobCounts();
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  } finally {
    await queue.close();
  }
}

describe('webhook events job.needs_review and batch.ended (real worker, local receiver)', {
  timeout: 60_000,
}, () => {
  it('a job completing flagged for review -> job.needs_review to a subscription to it, and job.completed (needsReview true) to a subscription to job.completed only', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      env: webhookEnv,
      plan: { weak: [reply('bananas', 'A note about bananas'), reply('weak', 'A note about weak')] },
    });
    const reviewHook = await receiver();
    const completedHook = await receiver();
    const store = storeOf(h);
    await store.add({ url: reviewHook.url, workflow: 'reviewed-note', events: ['job.needs_review'] });
    await store.add({ url: completedHook.url, workflow: 'reviewed-note', events: ['job.completed'] });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('reviewed-note', { text: doc('weak') });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 15_000 })).toMatchObject({ needsReview: true });
    await waitFor(
      () => eventIds(reviewHook).size === 1 && eventIds(completedHook).size === 1,
      15_000,
      'both deliveries',
    );
    const timestamp = (await h.rawQueue().getJob(jobId))?.timestamp ?? 0;
    const subject = { kind: 'job', jobId, timestamp } as const;
    const review = JSON.parse(reviewHook.received[0]?.body ?? '{}');
    expect(review).toMatchObject({
      id: webhookEventId({ type: 'job.needs_review', subject }),
      type: 'job.needs_review',
      data: {
        jobId,
        workflow: 'reviewed-note',
        needsReview: true,
        reviewReasons: [expect.stringContaining('grounding: title: confidence 0.64')],
        grounding: { fields: 1, confidence: { high: 0, medium: 0, low: 1 } },
        attempts: 2,
      },
    });
    const completed = JSON.parse(completedHook.received[0]?.body ?? '{}');
    expect(completed).toMatchObject({
      id: webhookEventId({ type: 'job.completed', subject }),
      type: 'job.completed',
      data: { jobId, workflow: 'reviewed-note', needsReview: true },
    });
    expect(completed.id).not.toBe(review.id);
    for (const got of [...reviewHook.received, ...completedHook.received]) {
      expect(got.body).not.toContain('A note about weak');
    }
  });

  it('a batch the batch lane submitted ends -> one batch.ended per subscribed workflow with entries in it, with the batch id, ended time, result counts and job ids; a workflow without entries gets none', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ env: webhookEnv });
    const hook = await receiver();
    const idle = await receiver();
    const store = storeOf(h);
    await store.add({ url: hook.url, workflow: 'note', events: ['batch.ended', 'job.completed'] });
    await store.add({ url: idle.url, workflow: 'quoted-note', events: ['batch.ended'] });
    await h.startWorker(fastBatches);
    const { jobId } = await h.client.enqueue('note', { text: doc('batched-hook') }, { lane: 'batch' });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 15_000 })).toMatchObject({ data: goodNote });
    const [request] = h.requestsFor('batched-hook');
    const batchId = request?.batch?.id as string;
    expect(batchId).toMatch(/^msgbatch_/);

    const ended = () => hook.received.filter((got) => JSON.parse(got.body).type === 'batch.ended');
    await waitFor(() => ended().length === 1, 15_000, 'the batch.ended delivery');
    const [got] = ended();
    const payload = JSON.parse(got?.body ?? '{}');
    expect(got?.headers['webhook-id']).toBe(
      webhookEventId({ type: 'batch.ended', subject: { kind: 'batch', batchId } }),
    );
    expect(payload.data).toEqual({
      batchId,
      workflow: 'note',
      endedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      entries: 1,
      counts: { succeeded: 1, errored: 0, expired: 0, canceled: 0 },
      jobIds: [jobId],
      jobIdsTruncated: false,
    });
    expect(got?.body).not.toContain('A note about batched-hook');
    // The job.completed and the batch.ended of `note`: nothing for `quoted-note`, which had no entry.
    await waitFor(() => eventIds(hook).size === 2, 15_000, 'the job.completed delivery');
    expect(await queuedDeliveries(h)).toBe(2);
    expect(idle.received).toEqual([]);
  });
});
