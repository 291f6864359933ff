import { createQuarryClient, DeadLetteredError, type QuarryClient } from '@quarry/client';
import { type RedisClient, redisClient } from '@quarry/queue';
import { loadSamples } from '@quarry/samples';
import { type RecordedRequest, type Standin, type StandinReply, startStandin } from '@quarry/standin';
import { deleteKeys, uniquePrefix } from '@quarry/testing';
import { createWorker, loadWorkerConfig, type QuarryWorker } from '@quarry/worker';
import { defaultRegistry } from '@quarry/workflows';
import { Queue } from 'bullmq';
import type { Cluster } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './test-cluster';

const [ticket] = loadSamples('support-ticket');
if (!ticket) throw new Error('The support-ticket samples are empty');
const text = (name: string) => `doc:${name}\n${ticket.text}`;
const wrong = { kind: 'json', value: { ...ticket.truth, confidence: 5 } } as const;
const right = { kind: 'json', value: ticket.truth } as const;

/** Replies per document name, in call order; the true answer once a plan runs out. */
const plan: Record<string, readonly StandinReply[]> = {
  spent: [
    wrong,
    { kind: 'json', value: { ...ticket.truth, confidence: 6 } },
    { kind: 'json', value: { ...ticket.truth, confidence: 7 } },
  ],
  learn: [wrong],
};

let cluster: TestCluster;
let standin: Standin;
let client: QuarryClient;
let quarry: QuarryWorker;
let admin: RedisClient;
const prefix = uniquePrefix('cluster');

const requestsFor = (name: string): RecordedRequest[] =>
  standin.requests.filter((request) => request.documentKey === name);

beforeAll(async () => {
  cluster = await startTestCluster();
  const calls = new Map<string, number>();
  standin = await startStandin({
    documentKey: /doc:([\w-]+)/,
    script: (request) => {
      const n = calls.get(request.documentKey) ?? 0;
      calls.set(request.documentKey, n + 1);
      return plan[request.documentKey]?.[n] ?? right;
    },
  });
  const config = loadWorkerConfig({
    REDIS_URL: cluster.url,
    ANTHROPIC_API_KEY: 'test',
    ANTHROPIC_BASE_URL: standin.url,
    QUARRY_PREFIX: prefix,
    WORKER_CONCURRENCY: '4',
    LOG_LEVEL: 'silent',
  });
  quarry = createWorker({ config, logger: pino({ level: 'silent' }) });
  await quarry.waitUntilReady();
  client = createQuarryClient({
    redisUrl: cluster.url,
    registry: defaultRegistry(),
    config: { prefix },
    maxPollIntervalMs: 100,
    readyTimeoutMs: 5000,
  });
  admin = redisClient(cluster.url, { role: 'worker' });
}, 60_000);

afterAll(async () => {
  await quarry?.close({ graceMs: 0 });
  await client?.close();
  await standin?.close();
  if (admin) {
    for (const node of (admin as Cluster).nodes('master')) await deleteKeys(node, prefix);
    admin.disconnect();
  }
  await cluster?.stop();
}, 60_000);

describe('Redis Cluster, 3 masters (redis+cluster:// URL, hash-tagged prefix)', () => {
  it('runs a job end to end: enqueue → worker → completed, idempotently', async () => {
    const first = await client.enqueue(
      'support-ticket',
      { text: text('ok') },
      { idempotencyKey: 'ticket-ok' },
    );
    const again = await client.enqueue(
      'support-ticket',
      { text: text('ok') },
      { idempotencyKey: 'ticket-ok' },
    );
    expect(again).toMatchObject({ jobId: first.jobId, created: false });
    const result = await client.waitForResult(first.jobId, { timeoutMs: 20_000 });
    expect(result).toMatchObject({ data: ticket.truth, attempts: 1, workflow: 'support-ticket' });
    expect(requestsFor('ok')).toHaveLength(1);
  });

  it('keeps every key of the queue in one slot, on one master', async () => {
    const nodes = (admin as Cluster).nodes('master');
    const holding = [];
    for (const node of nodes) if ((await node.keys(`${prefix}*`)).length > 0) holding.push(node);
    expect(nodes).toHaveLength(3);
    expect(holding).toHaveLength(1);
  });

  it('dead-letters an exhausted job with every attempt', async () => {
    const { jobId } = await client.enqueue('support-ticket', { text: text('spent') });
    const error = await client.waitForResult(jobId, { timeoutMs: 20_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeadLetteredError);
    const { reason, record } = error as DeadLetteredError;
    expect(reason.kind).toBe('validation_exhausted');
    expect(record?.attempts.map((attempt) => attempt.n)).toEqual([1, 2, 3]);
    expect(requestsFor('spent')).toHaveLength(3);
  });

  it('shows the lessons of earlier failures to later jobs of the workflow', async () => {
    const learn = await client.enqueue('support-ticket', { text: text('learn') });
    expect(await client.waitForResult(learn.jobId, { timeoutMs: 20_000 })).toMatchObject({ attempts: 2 });
    const next = await client.enqueue('support-ticket', { text: text('next') });
    await client.waitForResult(next.jobId, { timeoutMs: 20_000 });
    const [request] = requestsFor('next');
    const firstTurn = JSON.stringify(request?.body.messages[0]);
    expect(firstTurn).toContain('Mistakes often made on earlier documents of this kind');
    expect(firstTurn).toContain('confidence');
  });

  it('dead-letters a poisoned job written with plain BullMQ on the cluster', async () => {
    const raw = new Queue('extraction', { connection: admin, prefix });
    try {
      const job = await raw.add('extract', { workflow: 'support-ticket', text: 'not the contract' });
      const status = async () => client.getStatus(job.id as string);
      await expect.poll(async () => (await status()).state, { timeout: 15_000 }).toBe('dead-lettered');
      expect(await status()).toMatchObject({ reason: { kind: 'invalid_payload' } });
    } finally {
      await raw.close();
    }
  });
});
