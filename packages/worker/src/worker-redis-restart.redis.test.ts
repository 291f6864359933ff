import { RedisUnavailableError } from '@quarry/client';
import { it } from '@quarry/testing';
import { afterEach, describe, expect } from 'vitest';
import { createHarness, doc, goodNote, type WorkerHarness, waitFor } from './worker-test-harness';

let harness: WorkerHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('Redis restart (own password-protected redis-server)', () => {
  it('keeps working after Redis restarts: the worker reconnects and picks up new jobs', async ({
    ownRedis,
  }) => {
    const server = await ownRedis({ appendOnly: true, args: ['--requirepass', 'sekret'] });
    const redisUrl = `redis://:sekret@127.0.0.1:${server.port}`;
    harness = await createHarness({ redisUrl });
    const h = harness;
    const worker = await h.startWorker();
    const before = await h.client.enqueue('note', { text: doc('before') });
    expect(await h.client.waitForResult(before.jobId, { timeoutMs: 15_000 })).toMatchObject({
      data: goodNote,
    });

    await server.kill('SIGKILL');
    await waitFor(
      async () => (await worker.readiness()).some((reason) => reason.startsWith('redis')),
      10_000,
      'the worker to notice Redis is gone',
    );
    await server.restart();

    let after: string | undefined;
    await waitFor(
      async () => {
        try {
          after = (await h.client.enqueue('note', { text: doc('after') })).jobId;
          return true;
        } catch (error) {
          if (error instanceof RedisUnavailableError) return false;
          throw error;
        }
      },
      15_000,
      'the producer to reconnect',
    );
    expect(await h.client.waitForResult(after as string, { timeoutMs: 20_000 })).toMatchObject({
      data: goodNote,
    });
    expect(h.requestsFor('after')).toHaveLength(1);
  });
});
