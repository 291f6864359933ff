import { it } from '@quarry/testing';
import { UnrecoverableError, Worker } from 'bullmq';
import { describe, expect } from 'vitest';
import { dlqIdFor } from './dlq-id';
import { openQueues } from './open-queues';
import { readExtractionJob } from './read-extraction-job';

describe('readExtractionJob', () => {
  it('reads waiting, completed and failed jobs, and no job for other names', async ({ redis, prefix }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    const connection = redis.duplicate({ maxRetriesPerRequest: null });
    let worker: Worker | undefined;
    try {
      const data = { workflow: 'note', input: { text: 'a note' } };
      await queues.queue.add('extract', data, { jobId: 'waiting' });
      expect(await readExtractionJob({ queue: queues.queue, jobId: 'waiting' })).toMatchObject({
        state: 'waiting',
        data,
        returnValue: null,
        dlqId: null,
      });
      worker = new Worker(
        queues.config.queueName,
        async (job) => {
          if (job.id === 'fails') throw new UnrecoverableError('gave up');
          return { data: { title: 'a note' } };
        },
        { connection, prefix },
      );
      await queues.queue.add('extract', data, { jobId: 'fails' });
      await expect.poll(() => queues.queue.getJobState('fails'), { timeout: 10_000 }).toBe('failed');
      await expect.poll(() => queues.queue.getJobState('waiting'), { timeout: 10_000 }).toBe('completed');

      const done = await readExtractionJob({ queue: queues.queue, jobId: 'waiting' });
      expect(done).toMatchObject({ state: 'completed', returnValue: { data: { title: 'a note' } } });
      const failed = await readExtractionJob({ queue: queues.queue, jobId: 'fails' });
      expect(failed?.dlqId).toBe(dlqIdFor({ id: 'fails', timestamp: failed?.timestamp ?? 0 }));
      for (const jobId of ['meta', 'events', 'id', 'nope', '', 'x'.repeat(257)])
        expect(await readExtractionJob({ queue: queues.queue, jobId }), jobId).toBeNull();
    } finally {
      await worker?.close();
      await queues.close();
      await connection.quit();
    }
  });
});
