import { RedisSelfCheckError } from '@quarry/queue';
import { type SpawnedRedis, spawnRedis } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, doc, goodNote, type WorkerHarness } from './worker-test-harness';

let server: SpawnedRedis;
let harness: WorkerHarness;

beforeAll(async () => {
  server = await spawnRedis({ args: ['--maxmemory-policy', 'allkeys-lru'] });
  harness = await createHarness({ redisUrl: server.url });
});
afterAll(async () => {
  await harness?.close();
  await server?.stop();
});

describe('Redis self-check on start (own allkeys-lru redis-server)', () => {
  it('refuses to start, naming maxmemory-policy and the override, and takes no job', async () => {
    const { jobId } = await harness.client.enqueue('note', { text: doc('refused') });
    const start = harness.startWorker();
    const error = await start.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RedisSelfCheckError);
    expect((error as Error).message).toContain('maxmemory-policy is "allkeys-lru"');
    expect((error as Error).message).toContain('REDIS_ALLOW_EVICTION=true');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await harness.rawQueue().getJobState(jobId)).toBe('prioritized'); // waiting its turn in the fair order
    expect(harness.requestsFor('refused')).toHaveLength(0);
  });

  it('starts with a warning when eviction is explicitly allowed', async () => {
    const { jobId } = await harness.client.enqueue('note', { text: doc('allowed') });
    await harness.startWorker({ REDIS_ALLOW_EVICTION: 'true' });
    expect(await harness.client.waitForResult(jobId, { timeoutMs: 10_000 })).toMatchObject({
      data: goodNote,
    });
  });
});
