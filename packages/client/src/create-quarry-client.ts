import { randomUUID } from 'node:crypto';
import {
  type AnyWorkflow,
  type BlobStore,
  defaultModelTable,
  documentLimitsOf,
  jobFairCost,
  type ModelTable,
  tenantOf,
  WorkflowRegistry,
} from '@quarry/core';
import {
  BlobGcMarks,
  closeConnection,
  closeQueues,
  duplicateClient,
  EXTRACTION_JOB_NAME,
  extractionQueue,
  FairOrder,
  openQueues,
  QueueConfig,
  type QueueConfigInput,
  type RedisClient,
  RedisGate,
  redactRedisUrl,
  redisClient,
  TransactionalEnqueuer,
} from '@quarry/queue';
import { clientDefaults } from './client-defaults';
import { enqueueDocument } from './enqueue-document';
import type { EnqueueOptions } from './enqueue-options';
import { jobModels, jobWorkflowOf } from './job-models';
import type { JobStatus } from './job-status';
import { pollJobResult } from './poll-job-result';
import { prepareRequests } from './prepare-requests';
import type {
  EnqueuedJob,
  EnqueueRequest,
  JobResult,
  QuarryClient,
  WaitForResultOptions,
} from './quarry-client';
import { readJobStatus } from './read-job-status';
import { splitDocumentLimits } from './split-document-limits';
import { traceEnqueue } from './trace-enqueue';

/** Options of {@link createQuarryClient}: a Redis URL, or a connection the caller owns. */
export type CreateQuarryClientOptions = (
  | { readonly redisUrl: string; readonly connection?: undefined }
  | {
      /** Best made with `redisClient(url, { role: 'producer' })` (one server or a cluster); it stays open on `close()`. */
      readonly connection: RedisClient;
      readonly redisUrl?: undefined;
    }
) & {
  /** The workflows jobs may name. */
  readonly registry: WorkflowRegistry | readonly AnyWorkflow[];
  readonly config?: QueueConfigInput;
  /** How long an operation waits for Redis before failing with RedisUnavailableError. Default 1000 ms. */
  readonly readyTimeoutMs?: number;
  /**
   * How long a Redis command of the client's own connections waits for its reply (a Redis that
   * hangs, or a connection that dropped with the reply outstanding) before the operation fails
   * with RedisUnavailableError. Default `producerCommandTimeoutMs` (10 s) of `@quarry/queue`.
   */
  readonly commandTimeoutMs?: number;
  /** Upper bound of `waitForResult`'s poll interval. Default 1000 ms. */
  readonly maxPollIntervalMs?: number;
  /** Where `enqueueDocument` stores documents (`createBlobStore` of `@quarry/blobs`); the caller closes it. */
  readonly blobs?: BlobStore;
  /** Where the platform's document limits of each model come from. Default `defaultModelTable`. */
  readonly modelTable?: ModelTable;
  /**
   * The model workers run a job on when neither the job nor its workflow names one (the workers'
   * `QUARRY_MODEL`): `enqueueDocument` checks such a job's document against its limits. Unset, the
   * strictest limits of `modelTable` apply.
   */
  readonly defaultModel?: string;
};

/**
 * Creates the producer client. It connects in the background; operations wait at most
 * `readyTimeoutMs` for Redis and never buffer offline.
 * @throws TypeError for a bad Redis URL; ZodError for bad config.
 */
export function createQuarryClient(options: CreateQuarryClientOptions): QuarryClient {
  const config = QueueConfig.parse(options.config ?? {});
  const registry =
    options.registry instanceof WorkflowRegistry ? options.registry : new WorkflowRegistry(options.registry);
  const owned = options.connection === undefined;
  const main =
    options.connection ??
    redisClient(options.redisUrl, {
      role: 'producer',
      connectionName: 'quarry-client',
      ...(options.commandTimeoutMs !== undefined
        ? { commandTimeoutMs: checkedTimeout(options.commandTimeoutMs) }
        : {}),
    });
  const exclusive = duplicateClient(main, 'quarry-client-tx');
  const url = options.redisUrl ? redactRedisUrl(options.redisUrl) : null;
  const readyTimeoutMs = options.readyTimeoutMs ?? clientDefaults.readyTimeoutMs;
  const gate = new RedisGate({
    connections: [main, exclusive],
    readyTimeoutMs,
    url,
  });
  const queues = openQueues({ connection: main, config });
  const txQueue = extractionQueue({ connection: exclusive, config });
  const enqueuer = new TransactionalEnqueuer({
    redis: exclusive,
    queue: txQueue,
    keys: queues.keys,
    idempotencyRetentionMs: config.idempotencyRetentionMs,
  });
  const blobMarks = new BlobGcMarks({ redis: main, keys: queues.keys });
  // The place of each job in the fair order between tenants (one round trip for any number of jobs),
  // on the connection that then adds them.
  const fairOrders = {
    main: new FairOrder({ redis: main, keys: queues.keys, queue: queues.queue }),
    tx: new FairOrder({ redis: exclusive, keys: queues.keys, queue: txQueue }),
  };
  const stamp = (jobs: readonly ReturnType<typeof prepareOne>[], via: keyof typeof fairOrders = 'tx') =>
    fairOrders[via].stamp(
      jobs.map((data) => ({
        tenant: tenantOf(data),
        costTokens: jobFairCost(registry.get(data.workflow, data.version), data.input),
      })),
    );
  const maxPollIntervalMs = options.maxPollIntervalMs ?? clientDefaults.maxPollIntervalMs;

  const prepare = (requests: readonly EnqueueRequest[], batch: boolean) =>
    prepareRequests({ registry, config, requests, batch });

  const prepareOne = (workflow: AnyWorkflow | string, input: unknown, enqueueOptions?: EnqueueOptions) => {
    const [data] = prepare([{ workflow, input, options: enqueueOptions }], false);
    if (!data) throw new Error('prepare returned no job');
    return data;
  };

  // A producer span per job; its traceparent travels in the job when the producer traces.
  const add = (data: ReturnType<typeof prepareOne>): Promise<EnqueuedJob> =>
    traceEnqueue({ data, queueName: config.queueName, enqueue: addJob, jobIdOf: (job) => job.jobId });

  const addJob = async (data: ReturnType<typeof prepareOne>): Promise<EnqueuedJob> => {
    const toJob = (jobId: string, created: boolean): EnqueuedJob => ({
      jobId,
      workflow: data.workflow,
      version: data.version,
      created,
    });
    if (data.idempotencyKey) {
      const [outcome] = await gate.run('enqueue', async () => enqueuer.add([data], await stamp([data])));
      if (!outcome) throw new Error('enqueue returned no outcome');
      return toJob(outcome.jobId, outcome.created);
    }
    const jobId = randomUUID();
    await gate.run('enqueue', async () => {
      const [priority] = await stamp([data], 'main');
      return queues.queue.add(EXTRACTION_JOB_NAME, data, { jobId, ...(priority ? { priority } : {}) });
    });
    return toJob(jobId, true);
  };

  const getStatus = (jobId: string): Promise<JobStatus> =>
    gate.run('getStatus', () =>
      readJobStatus({ redis: main, queue: queues.queue, dlq: queues.dlq, keys: queues.keys, jobId }),
    );

  return {
    config,
    async enqueue(workflow: AnyWorkflow | string, input: unknown, enqueueOptions?: EnqueueOptions) {
      return add(prepareOne(workflow, input, enqueueOptions));
    },
    async enqueueDocument(request) {
      if (!options.blobs) {
        throw new TypeError('enqueueDocument needs a blob store: pass `blobs` to createQuarryClient');
      }
      return enqueueDocument({
        blobs: options.blobs,
        request,
        limits: () => {
          const table = options.modelTable ?? defaultModelTable;
          const models = jobModels({ registry, request, defaultModel: options.defaultModel, table });
          return splitDocumentLimits({
            limits: documentLimitsOf({ models, table }),
            workflow: jobWorkflowOf({ registry, request }),
            maxBytes: options.blobs?.maxBytes ?? 0,
          });
        },
        check: (input) => prepareOne(request.workflow, input, request.options),
        add,
        markUse: (key) =>
          gate.run('enqueueDocument', () =>
            blobMarks.markUse({ key, ...(request.signal ? { signal: request.signal } : {}) }),
          ),
      });
    },
    async enqueueMany(requests) {
      const jobs = prepare(requests, true);
      if (jobs.length === 0) return [];
      const outcomes = await gate.run('enqueueMany', async () => enqueuer.add(jobs, await stamp(jobs)));
      return outcomes.map((outcome, i) => {
        const data = jobs[i];
        if (!data) throw new Error('enqueueMany lost a job');
        return {
          jobId: outcome.jobId,
          workflow: data.workflow,
          version: data.version,
          created: outcome.created,
        };
      });
    },
    getStatus,
    async waitForResult(jobId: string, wait: WaitForResultOptions = {}): Promise<JobResult<never>> {
      // `data` has the type the caller names (its workflow's output or a type argument).
      return (await pollJobResult({ jobId, wait, getStatus, maxPollIntervalMs })) as JobResult<never>;
    },
    async close() {
      // Connections first: once they ended, every queue initialization has settled while its listeners
      // are still there (BullMQ drops them when a queue closes). A caller's connection stays open.
      await Promise.all([closeConnection(exclusive), owned ? closeConnection(main) : undefined]);
      await Promise.all([
        queues.close(),
        closeQueues({ queues: [txQueue], connection: exclusive, timeoutMs: readyTimeoutMs }),
      ]);
    },
  };
}

/** A command timeout option checked: a whole number of milliseconds from 1 to 10 minutes. */
function checkedTimeout(ms: number): number {
  if (!Number.isInteger(ms) || ms < 1 || ms > 600_000) {
    throw new TypeError(
      `commandTimeoutMs must be a whole number of milliseconds from 1 to 600000, got ${ms}`,
    );
  }
  return ms;
}
