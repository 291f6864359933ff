import { quarryKeys, type WebhookDelivery } from '@quarry/queue';
import { it } from '@quarry/testing';
import { Queue, Worker } from 'bullmq';
import { describe, expect, onTestFinished, vi } from 'vitest';
import { readWebhookFacts } from './webhook-facts';

const result = {
  data: { title: 'x' },
  needsReview: false,
  reviewReasons: [],
  attempts: 1,
  usage: { inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 },
  costUsd: 0.001,
  model: 'claude-haiku-5-5',
  workflow: 'note',
  version: 1,
  durationMs: 20,
};

describe('readWebhookFacts', () => {
  it('reads a completed job afresh: a snapshot taken before it completed (no result yet) is not taken as an unreadable result', async ({
    redis,
    prefix,
  }) => {
    const queue = new Queue('facts', { connection: redis, prefix });
    const dlq = new Queue('facts-dlq', { connection: redis, prefix });
    onTestFinished(async () => {
      await queue.close();
      await dlq.close();
    });
    const added = await queue.add('extract', {}, { jobId: 'job-1' });
    // The delivery's first read of the job happens while it is still running.
    const before = await queue.getJob('job-1');
    const worker = new Worker('facts', async () => result, {
      connection: redis.duplicate({ maxRetriesPerRequest: null }),
      prefix,
    });
    onTestFinished(async () => {
      await worker.close();
      await worker.disconnect();
    });
    await vi.waitUntil(async () => (await queue.getJob('job-1'))?.finishedOn !== undefined, {
      timeout: 10_000,
      interval: 20,
    });
    let reads = 0;
    const staleFirst = {
      getJob: async (id: string) => (reads++ === 0 ? before : queue.getJob(id)),
    } as Pick<Queue, 'getJob'>;
    const delivery = {
      eventId: 'evt_1',
      event: 'job.completed',
      subscriptionId: 'wh_1',
      workflow: 'note',
      subject: { kind: 'job', jobId: 'job-1', timestamp: added.timestamp },
      emittedAt: new Date().toISOString(),
    } as WebhookDelivery;
    const facts = await readWebhookFacts(delivery, {
      queue: staleFirst,
      dlq,
      redis,
      keys: quarryKeys({ prefix, queueName: 'facts' }),
    });
    expect(facts).toMatchObject({
      kind: 'send',
      data: { jobId: 'job-1', result: { title: 'x' }, attempts: 1 },
    });
  });
});
