import {
  DeadLetterWriter,
  type DlqReason,
  type ExtractionJobResult,
  openQueues,
  type QuarryQueues,
  type QueueConfigInput,
} from '@quarry/queue';
import { test } from '@quarry/testing';
import { defaultRegistry } from '@quarry/workflows';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
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
  /** Closes `worker` after the test. */
  track(worker: Worker): Worker;
}

/**
 * The test kit's `it` with a `kit` fixture: a fresh prefix, client, queues and test-worker
 * bookkeeping per test; everything is closed after the test, and the prefix's keys deleted.
 */
export const it = test.extend(
  'kit',
  async ({ redis, redisUrl, prefix }, { onCleanup }): Promise<ClientTestKit> => {
    const closers: (() => Promise<unknown>)[] = [];
    onCleanup(async () => {
      for (const close of closers.reverse()) await close();
    });
    const queues = openQueues({ connection: redis, config: { prefix } });
    closers.push(() => queues.close());
    const newClient = (config: QueueConfigInput = {}) => {
      const client = createQuarryClient({
        redisUrl,
        registry: defaultRegistry(),
        config: { prefix, ...config },
      });
      closers.push(() => client.close());
      return client;
    };
    return {
      url: redisUrl,
      redis,
      prefix,
      queues,
      client: newClient(),
      newClient,
      keys: async () => (await redis.keys(`${prefix}*`)).sort(),
      track(worker) {
        closers.push(() => worker.close());
        return worker;
      },
    };
  },
);
