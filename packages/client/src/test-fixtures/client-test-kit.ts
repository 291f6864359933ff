import {
  DeadLetterWriter,
  type DlqReason,
  type ExtractionJobResult,
  openQueues,
  type QuarryQueues,
  type QueueConfigInput,
} from '@quarry/queue';
import { deleteKeys, getTestRedis, type TestRedis, uniquePrefix } from '@quarry/test-redis';
import { defaultRegistry } from '@quarry/workflows';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createQuarryClient } from '../create-quarry-client';
import type { QuarryClient } from '../quarry-client';

/** A completed job's return value as a Quarry worker produces it. */
export function jobResult(overrides: Partial<ExtractionJobResult> = {}): ExtractionJobResult {
  return {
    data: { vendorName: 'ACME GmbH', total: 119 },
    needsReview: false,
    reviewReasons: [],
    attempts: 1,
    usage: { inputTokens: 1200, outputTokens: 300, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
    costUsd: 0.0081,
    model: 'claude-sonnet-4-5',
    workflow: 'invoice',
    version: 1,
    durationMs: 12,
    ...overrides,
  };
}

/** What the test worker does with a job. */
export type TestOutcome =
  | { readonly complete: ExtractionJobResult }
  | { readonly deadLetter: DlqReason }
  | { readonly fail: string };

/** A plain BullMQ worker standing in for Quarry's: completes, dead-letters (record, then fail) or fails a job. */
export function startTestWorker(options: {
  readonly url: string;
  readonly queues: QuarryQueues;
  readonly outcome: (job: Job) => TestOutcome | Promise<TestOutcome>;
}): Worker {
  const { queues } = options;
  const connection = new Redis(options.url, { maxRetriesPerRequest: null });
  const writer = new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys });
  const worker = new Worker(
    queues.config.queueName,
    async (job) => {
      const outcome = await options.outcome(job);
      if ('complete' in outcome) return outcome.complete;
      if ('deadLetter' in outcome) {
        await writer.deadLetter({
          job,
          reason: outcome.deadLetter,
          attempts: [],
          jobAttempts: job.attemptsMade + 1,
        });
        throw new UnrecoverableError(outcome.deadLetter.message);
      }
      throw new Error(outcome.fail);
    },
    {
      connection,
      prefix: queues.config.prefix,
      settings: { backoffStrategy: () => 60_000 },
    },
  );
  worker.on('error', () => {});
  worker.on('closed', () => connection.disconnect());
  return worker;
}

/** Per-test Redis resources: a client, the queues it writes to and a connection, under a fresh prefix. */
export interface ClientTestKit {
  readonly url: string;
  readonly redis: Redis;
  readonly prefix: string;
  readonly queues: QuarryQueues;
  readonly client: QuarryClient;
  /** Another client on the same queues (e.g. a second producer). */
  newClient(config?: QueueConfigInput): QuarryClient;
  /** Keys under the prefix (to prove nothing was written). */
  keys(): Promise<string[]>;
}

/**
 * Registers hooks giving each test a fresh prefix, client, queues and test-worker bookkeeping;
 * everything is closed and every key deleted afterwards.
 */
export function useClientTestKit(label: string): {
  kit: () => ClientTestKit;
  track: (worker: Worker) => Worker;
} {
  let server: TestRedis | undefined;
  let redis: Redis | undefined;
  let current: ClientTestKit | undefined;
  const closers: (() => Promise<unknown>)[] = [];
  const prefixes: string[] = [];

  beforeAll(async () => {
    server = await getTestRedis();
    redis = new Redis(server.url);
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    current = undefined;
  });
  afterAll(async () => {
    if (redis) {
      for (const prefix of prefixes) await deleteKeys(redis, prefix);
      await redis.quit();
    }
    await server?.stop();
  });

  const kit = (): ClientTestKit => {
    if (current) return current;
    if (!server || !redis) throw new Error('The test Redis is not ready');
    const url = server.url;
    const connection = redis;
    const prefix = uniquePrefix(label);
    prefixes.push(prefix);
    const queues = openQueues({ connection, config: { prefix } });
    closers.push(() => queues.close());
    const newClient = (config: QueueConfigInput = {}) => {
      const client = createQuarryClient({
        redisUrl: url,
        registry: defaultRegistry(),
        config: { prefix, ...config },
      });
      closers.push(() => client.close());
      return client;
    };
    current = {
      url,
      redis: connection,
      prefix,
      queues,
      client: newClient(),
      newClient,
      keys: async () => (await connection.keys(`${prefix}*`)).sort(),
    };
    return current;
  };
  const track = (worker: Worker) => {
    closers.push(() => worker.close());
    return worker;
  };
  return { kit, track };
}
