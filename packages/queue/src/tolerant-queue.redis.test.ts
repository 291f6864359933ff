import { it } from '@quarry/testing';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect } from 'vitest';
import { openQueues, type QuarryQueues } from './open-queues';
import { TolerantWorker } from './tolerant-worker';
import { UnreadableJobData } from './unreadable-job-data';

describe('TolerantQueue and TolerantWorker: jobs whose stored data is not JSON', () => {
  let ctx: { redis: Redis; prefix: string };
  it.beforeEach(({ redis, prefix }) => {
    ctx = { redis, prefix };
  });
  let queues: QuarryQueues;
  let seq = 0;
  /** A connection of its own for a worker (BullMQ workers need `maxRetriesPerRequest: null`). */
  const workerConnections: Redis[] = [];
  const workerConnection = () => {
    const connection = ctx.redis.duplicate({ maxRetriesPerRequest: null });
    workerConnections.push(connection);
    return connection;
  };

  beforeEach(async () => {
    await queues?.close();
    seq += 1;
    queues = openQueues({
      connection: ctx.redis,
      config: { prefix: ctx.prefix, queueName: `src-${seq}` },
    });
  });
  afterAll(async () => {
    await queues.close();
    await Promise.all(workerConnections.map((connection) => connection.quit()));
  });

  /** Adds a valid job, then overwrites fields of its hash the way `HSET <job key> data '…'` does. */
  async function brokenJob(fields: Record<string, string>): Promise<string> {
    const job = await queues.queue.add(
      'extract',
      { workflow: 'note', input: { text: 'x' } },
      { attempts: 3 },
    );
    await ctx.redis.hset(queues.queue.toKey(job.id as string), fields);
    return job.id as string;
  }

  it('reads such a job with an UnreadableJobData as its data, in lists and by id', async () => {
    const id = await brokenJob({ data: 'not json {' });
    const plain = new Queue(queues.config.queueName, { connection: ctx.redis, prefix: ctx.prefix });
    try {
      // What a plain BullMQ queue (and so bull-board over it) does with the job.
      await expect(plain.getJob(id)).rejects.toBeInstanceOf(SyntaxError);
    } finally {
      await plain.close();
    }
    const job = await queues.queue.getJob(id);
    const data = job?.data as UnreadableJobData;
    expect(data).toBeInstanceOf(UnreadableJobData);
    expect(data.unreadable).toEqual([
      expect.objectContaining({ field: 'data', text: 'not json {', bytes: 10, truncated: false }),
    ]);
    expect(job).toMatchObject({ id, name: 'extract', opts: expect.objectContaining({ attempts: 3 }) });
    const [listed] = await queues.queue.getJobs(['waiting']);
    expect(listed?.data).toBeInstanceOf(UnreadableJobData);
  });

  it('keeps readable data when only the options are broken', async () => {
    const id = await brokenJob({ opts: '{"attempts":' });
    const data = (await queues.queue.getJob(id))?.data as UnreadableJobData;
    expect(data.unreadable.map((entry) => entry.field)).toEqual(['opts']);
    expect(data.data).toEqual({ workflow: 'note', input: { text: 'x' } });
  });

  it('hands such a job to the processor, where a plain worker leaves it in active for ever', async () => {
    const id = await brokenJob({ data: 'not json {' });
    const seen: unknown[] = [];
    const worker = new TolerantWorker(
      queues.config.queueName,
      async (job: Job) => {
        seen.push(job.data);
        throw new UnrecoverableError('bad_payload');
      },
      { connection: workerConnection(), prefix: ctx.prefix },
    );
    try {
      await expect.poll(() => queues.queue.getJobState(id), { timeout: 10_000 }).toBe('failed');
    } finally {
      await worker.close();
    }
    expect(seen).toEqual([expect.any(UnreadableJobData)]);
    expect(await queues.queue.getActiveCount()).toBe(0);
  });

  it('a plain worker, for comparison, fails to build the job and leaves it active', async () => {
    const id = await brokenJob({ data: 'not json {' });
    const errors: Error[] = [];
    const worker = new Worker(queues.config.queueName, async () => 'never called', {
      connection: workerConnection(),
      prefix: ctx.prefix,
    });
    worker.on('error', (error) => errors.push(error));
    try {
      await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await worker.close();
    }
    expect(errors[0]).toBeInstanceOf(SyntaxError);
    expect(await queues.queue.getJobState(id)).toBe('active');
  });
});
