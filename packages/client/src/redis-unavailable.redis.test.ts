import { openQueues, RedisUnavailableError } from '@quarry/queue';
import { it } from '@quarry/testing';
import { invoiceWorkflow } from '@quarry/workflows';
import { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { createQuarryClient } from './create-quarry-client';

const input = { text: 'Invoice INV-7, total 5.00 EUR' };

describe('Redis unavailable', () => {
  it('row 22: Redis down at enqueue -> fails fast with RedisUnavailableError when nothing listens, naming the URL without its password', async () => {
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
        expect(await queues.queue.getJobCountByTypes('wait', 'prioritized')).toBe(2);
      } finally {
        await queues.close();
        await connection.quit();
      }
    } finally {
      await client.close();
    }
  });

  it.for([0, -5, 1.5, Number.NaN, 600_001])('refuses a commandTimeoutMs of %s, naming the option', (ms) => {
    expect(() =>
      createQuarryClient({
        redisUrl: 'redis://127.0.0.1:1',
        registry: [invoiceWorkflow],
        commandTimeoutMs: ms,
      }),
    ).toThrow(/commandTimeoutMs must be a whole number of milliseconds from 1 to 600000/);
  });

  it.for([
    { path: 'a transaction (idempotency key)', key: 'held', connection: 'quarry-client-tx' },
    { path: 'a single script (no key)', key: undefined, connection: 'quarry-client' },
  ])(
    'row 141: settles an enqueue through $path whose connection drops while Redis holds its reply',
    async ({ key, connection }, { ownRedis }) => {
      const redis = await ownRedis();
      const admin = new Redis(redis.url);
      const client = createQuarryClient({
        redisUrl: redis.url,
        registry: [invoiceWorkflow],
        readyTimeoutMs: 300,
        commandTimeoutMs: 1000,
      });
      try {
        await client.enqueue('invoice', input);
        // Writes wait on the server: the enqueue is sent and held there (blocked, flag b).
        await admin.call('CLIENT', 'PAUSE', '60000', 'WRITE');
        const options = key ? { idempotencyKey: key } : {};
        const pending = client.enqueue('invoice', input, options).then(
          () => 'enqueued',
          (error: Error) => error.name,
        );
        const list = async () => String(await admin.call('CLIENT', 'LIST'));
        const held = new RegExp(`id=(\\d+) [^\\n]*name=${connection} [^\\n]*flags=\\w*b`);
        await expect.poll(async () => held.test(await list())).toBe(true);
        // The connection drops with the reply outstanding, and comes back at once (the server is up).
        await admin.call('CLIENT', 'KILL', 'ID', String(held.exec(await list())?.[1]));
        await admin.call('CLIENT', 'UNPAUSE');
        expect(await pending).toBe('RedisUnavailableError');
        // The dropped command wrote nothing; the client enqueues again at once.
        const again = await client.enqueue('invoice', input, options);
        expect(again.created).toBe(true);
        const queues = openQueues({ connection: admin });
        expect(await queues.queue.getJobCountByTypes('wait', 'prioritized')).toBe(2);
      } finally {
        await admin.call('CLIENT', 'UNPAUSE').catch(() => {});
        await client.close();
        admin.disconnect();
      }
    },
  );
});
