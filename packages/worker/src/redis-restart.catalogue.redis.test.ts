import { it } from '@quarry/testing';
import { afterEach, describe, expect } from 'vitest';
import { createHarness, doc, goodNote, type WorkerHarness, waitFor } from './worker-test-harness';

let harness: WorkerHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const names = ['inflight-1', 'inflight-2', 'inflight-3', 'inflight-4'];

describe('bad-input catalogue: Redis restarted while jobs are in flight (own redis-server)', () => {
  it('the worker reconnects and the in-flight jobs finish, each model call paid once', async ({
    ownRedis,
  }) => {
    const server = await ownRedis({ appendOnly: true });
    harness = await createHarness({
      redisUrl: server.url,
      plan: Object.fromEntries(
        names.map((name) => [name, [{ kind: 'delay', ms: 1500, reply: { kind: 'json', value: goodNote } }]]),
      ),
      env: { WORKER_CONCURRENCY: '4' },
    });
    const h = harness;
    await h.startWorker();
    const jobs = await Promise.all(names.map((name) => h.client.enqueue('note', { text: doc(name) })));
    await waitFor(
      () => names.every((name) => h.requestsFor(name).length === 1),
      10_000,
      'every call to be in flight',
    );

    await server.kill('SIGKILL');
    await server.restart();

    for (const { jobId } of jobs) {
      expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({
        data: goodNote,
        attempts: 1,
      });
    }
    for (const name of names) expect(h.requestsFor(name)).toHaveLength(1);
    expect(await h.dlqCount()).toBe(0);
  });
});
