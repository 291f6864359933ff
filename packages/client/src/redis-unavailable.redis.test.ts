import { openQueues, RedisUnavailableError } from '@quarry/queue';
import { it } from '@quarry/testing';
import { invoiceWorkflow } from '@quarry/workflows';
import { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { createQuarryClient } from './create-quarry-client';

const input = { text: 'Invoice INV-7, total 5.00 EUR' };

describe('Redis unavailable', () => {
  it('fails fast with RedisUnavailableError when nothing listens, naming the URL without its password', async () => {
    const client = createQuarryClient({
      redisUrl: 'redis://:s3cret@127.0.0.1:1',
      registry: [invoiceWorkflow],
      readyTimeoutMs: 300,
    });
    try {
      const error = await client.enqueue('invoice', input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedisUnavailableError);
      expect(error).toMatchObject({ operation: 'enqueue', url: 'redis://:***@127.0.0.1:1' });
      expect((error as Error).message).not.toContain('s3cret');
      await expect(client.getStatus('x')).rejects.toBeInstanceOf(RedisUnavailableError);
      await expect(client.waitForResult('x', { timeoutMs: 5000 })).rejects.toBeInstanceOf(
        RedisUnavailableError,
      );
    } finally {
      await client.close();
    }
  });

  it('fails fast once a running Redis stops, enqueues nothing meanwhile, and recovers when it is back', async ({
    ownRedis,
  }) => {
    const redis = await ownRedis({ appendOnly: true });
    const client = createQuarryClient({
      redisUrl: redis.url,
      registry: [invoiceWorkflow],
      readyTimeoutMs: 300,
    });
    try {
      const before = await client.enqueue('invoice', input, { idempotencyKey: 'k' });
      await redis.kill();
      await expect(client.enqueue('invoice', input)).rejects.toBeInstanceOf(RedisUnavailableError);
      await expect(client.enqueue('invoice', input, { idempotencyKey: 'k2' })).rejects.toBeInstanceOf(
        RedisUnavailableError,
      );
      await expect(client.enqueueMany([{ workflow: 'invoice', input }])).rejects.toBeInstanceOf(
        RedisUnavailableError,
      );
      await redis.restart();
      await expect
        .poll(
          () =>
            client.enqueue('invoice', input).then(
              () => 'enqueued',
              (e: Error) => e.name,
            ),
          { timeout: 5000 },
        )
        .toBe('enqueued');
      expect(await client.getStatus(before.jobId)).toMatchObject({ state: 'queued' });
      const connection = new Redis(redis.url);
      const queues = openQueues({ connection });
      try {
        expect(await queues.queue.getWaitingCount()).toBe(2);
      } finally {
        await queues.close();
        await connection.quit();
      }
    } finally {
      await client.close();
    }
  });
});
