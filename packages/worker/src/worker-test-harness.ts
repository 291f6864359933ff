import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DirectoryBlobStore } from '@quarry/blobs';
import { createQuarryClient, type QuarryClient } from '@quarry/client';
import { type BlobStore, defineWorkflow, WorkflowRegistry } from '@quarry/core';
import { type DlqRecord, findDlqIdBySource, quarryKeys, readDlqRecord, redisConnection } from '@quarry/queue';
import { loadSamples } from '@quarry/samples';
import {
  type RecordedRequest,
  type Standin,
  type StandinOptions,
  type StandinReply,
  startStandin,
} from '@quarry/standin';
import { deleteKeys, type ProcessExit, type TestProcesses, uniquePrefix } from '@quarry/testing';
import { TextInput, workflows } from '@quarry/workflows';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { type CreateWorkerOptions, createWorker } from './create-worker';
import type { QuarryWorker } from './quarry-worker';
import { loadWorkerConfig, type WorkerConfig } from './worker-config';

const note = (version: number) =>
  defineWorkflow({
    name: 'note',
    version,
    description: 'A title and a positive count from a short note',
    input: z.object({ text: z.string().min(1) }),
    output: z.object({ title: z.string(), count: z.number() }),
    rules: [
      {
        id: 'count-positive',
        description: 'count must be positive',
        severity: 'retry',
        check: (data: { count: number }) =>
          data.count > 0 ? [] : [{ path: 'count', message: 'count must be positive', received: data.count }],
      },
    ],
    instructions: 'Extract the title of the note and how many items it counts.',
  });

/** Test workflow `quoted-note`: a `note` whose title must be quoted from the document (reviewed below 0.7). */
const quotedNote = defineWorkflow({
  ...note(1),
  name: 'quoted-note',
  grounding: { mode: 'require', fields: { count: { mode: 'off' }, title: { reviewBelow: 0.7 } } },
});

/** Test workflow `reviewed-note`: a `quoted-note` whose title is flagged for review below confidence 0.9. */
const reviewedNote = defineWorkflow({
  ...note(1),
  name: 'reviewed-note',
  grounding: { mode: 'require', fields: { count: { mode: 'off' }, title: { reviewBelow: 0.9 } } },
});

/** Test workflow `counted-note`: a `note` whose title and count must both be quoted from the document. */
const countedNote = defineWorkflow({ ...note(1), name: 'counted-note', grounding: 'require' });

/** Test workflow `ladder-note`: a `note` asked of Haiku 5.5 first, then of Sonnet 5.5. */
const ladderNote = defineWorkflow({
  ...note(1),
  name: 'ladder-note',
  models: ['claude-haiku-5-5', 'claude-sonnet-5-5'],
});

/** Test workflow `doc-note`: a `note` from `{ text }`, `{ document }` (a PDF or an image) or both. */
const { document: _noteText, ...noteFields } = note(1);
const docNote = defineWorkflow({ ...noteFields, name: 'doc-note', input: TextInput });

/** Test workflow `quoted-doc-note`: a `doc-note` whose title must be quoted from the document. */
const quotedDocNote = defineWorkflow({
  ...noteFields,
  name: 'quoted-doc-note',
  input: TextInput,
  grounding: { mode: 'require', fields: { count: { mode: 'off' }, title: { reviewBelow: 0.7 } } },
});

/** Test workflows `note` (versions 1 and 2), `quoted-note`, `reviewed-note`, `counted-note`, `ladder-note`, `doc-note` and `quoted-doc-note`, next to the shipped workflows. */
export const testRegistry = (): WorkflowRegistry =>
  new WorkflowRegistry([
    note(1),
    note(2),
    quotedNote,
    reviewedNote,
    countedNote,
    ladderNote,
    docNote,
    quotedDocNote,
    ...workflows,
  ]);

const [firstTicket] = loadSamples('support-ticket');
if (!firstTicket) throw new Error('The support-ticket samples are empty');
/** A shipped `support-ticket` sample (the registry of `pnpm worker` holds the shipped workflows only). */
export const ticket = firstTicket;
/** Input text of a support ticket document named `name`. */
export const ticketText = (name: string): string => `doc:${name}\n${ticket.text}`;

/** A valid `note` answer. */
export const goodNote = { title: 'groceries', count: 3 };

/** The document text of a test document named `name` (the stand-in keys requests by it). */
export const doc = (name: string): string => `doc:${name} A note about ${name}.`;

/**
 * Answers each document's calls in order from `plan[documentName]` (1st call → 1st reply, …), and
 * with a valid note once its plan runs out or when it has none.
 */
function scriptByDocument(plan: Readonly<Record<string, readonly StandinReply[]>>) {
  const calls = new Map<string, number>();
  return (request: RecordedRequest): StandinReply => {
    const n = calls.get(request.documentKey) ?? 0;
    calls.set(request.documentKey, n + 1);
    return plan[request.documentKey]?.[n] ?? { kind: 'json', value: goodNote };
  };
}

/** Per-test environment: a stand-in, a unique key prefix, a producer client and workers. */
export interface WorkerHarness {
  readonly standin: Standin;
  readonly prefix: string;
  /** A plain connection for assertions. */
  readonly redis: Redis;
  readonly client: QuarryClient;
  /** The workers' blob store (a directory of the test's own, removed on close). */
  readonly blobs: BlobStore;
  /** Environment the workers are configured from. */
  readonly env: Readonly<Record<string, string>>;
  readonly config: WorkerConfig;
  startWorker(
    env?: Readonly<Record<string, string>>,
    options?: Partial<CreateWorkerOptions>,
  ): Promise<QuarryWorker>;
  /** Requests the stand-in received for a document, oldest first. */
  requestsFor(name: string): RecordedRequest[];
  /** Polls until the DLQ record of a source job exists. */
  dlqRecordOf(jobId: string, timeoutMs?: number): Promise<DlqRecord>;
  /** DLQ records stored, counted on the DLQ queue. */
  dlqCount(): Promise<number>;
  /** A BullMQ queue object on the extraction queue, for inspecting jobs or adding raw ones. */
  rawQueue(): Queue;
  close(): Promise<void>;
}

/** Options of {@link createHarness}. */
export interface HarnessOptions {
  readonly redisUrl: string;
  /** The stand-in's replies per document name, in call order. */
  readonly plan?: Readonly<Record<string, readonly StandinReply[]>>;
  /** Worker environment on top of the harness defaults. */
  readonly env?: Readonly<Record<string, string>>;
  /** The stand-in's Message Batches options (processing delay, shares, limits). */
  readonly batches?: StandinOptions['batches'];
  /** Rate limits the stand-in enforces (headers, 429s). Default none. */
  readonly rateLimits?: StandinOptions['rateLimits'];
  /** The stand-in's Files API caps. */
  readonly files?: StandinOptions['files'];
  /** The stand-in answers as a model that knows these documents (replaces `plan`). */
  readonly simulate?: StandinOptions['simulate'];
  /** How long the stand-in takes to answer. Default at once. */
  readonly latency?: StandinOptions['latency'];
  /** The workflows of the workers and the client. Default {@link testRegistry}. */
  readonly registry?: WorkflowRegistry;
}

/** Sets up a harness on the Redis at `redisUrl`; `plan` scripts the stand-in per document name. */
export async function createHarness(options: HarnessOptions): Promise<WorkerHarness> {
  const standin = await startStandin({
    ...(options.simulate ? { simulate: options.simulate } : { script: scriptByDocument(options.plan ?? {}) }),
    documentKey: /doc:([\w-]+)/,
    ...(options.batches ? { batches: options.batches } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.files ? { files: options.files } : {}),
    ...(options.latency ? { latency: options.latency } : {}),
  });
  const prefix = uniquePrefix('worker');
  const blobDir = mkdtempSync(join(tmpdir(), 'quarry-worker-blobs-'));
  const blobs = new DirectoryBlobStore({ dir: blobDir, maxBytes: 32 * 1024 * 1024, timeoutMs: 10_000 });
  const env: Record<string, string> = {
    REDIS_URL: options.redisUrl,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: standin.url,
    QUARRY_PREFIX: prefix,
    WORKER_CONCURRENCY: '2',
    JOB_ATTEMPTS: '3',
    BACKOFF_BASE_MS: '50',
    BACKOFF_CAP_MS: '200',
    RATE_LIMIT_PAUSE_MS: '200',
    LOCK_DURATION_MS: '5000',
    STALLED_INTERVAL_MS: '1000',
    SHUTDOWN_GRACE_MS: '5000',
    LOG_LEVEL: 'silent',
    QUARRY_MODEL: 'claude-haiku-4-5',
    QUARRY_BLOB_DIR: blobDir,
    ...options.env,
  };
  const config = loadWorkerConfig(env);
  const redis = redisConnection(options.redisUrl, { role: 'worker', connectionName: 'quarry-test' });
  const registry = options.registry ?? testRegistry();
  const client = createQuarryClient({
    redisUrl: options.redisUrl,
    registry,
    config: config.queue,
    maxPollIntervalMs: 100,
  });
  const keys = quarryKeys({ prefix, queueName: config.queue.queueName });
  const workers: QuarryWorker[] = [];
  const queues: Queue[] = [];
  const rawQueue = () => {
    const queue = new Queue(config.queue.queueName, { connection: redis, prefix });
    queues.push(queue);
    return queue;
  };
  const dlq = new Queue(config.queue.dlqName, { connection: redis, prefix });

  return {
    standin,
    prefix,
    redis,
    client,
    blobs,
    env,
    config,
    async startWorker(overrides = {}, workerOptions = {}) {
      const quarry = createWorker({
        config: loadWorkerConfig({ ...env, ...overrides }),
        registry,
        ...workerOptions,
      });
      workers.push(quarry);
      await quarry.waitUntilReady();
      return quarry;
    },
    requestsFor: (name) => standin.requests.filter((request) => request.documentKey === name),
    async dlqRecordOf(jobId, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const dlqId = await findDlqIdBySource({ redis, keys, sourceJobId: jobId });
        const record = dlqId ? await readDlqRecord({ dlq, dlqId }) : null;
        if (record) return record;
        if (Date.now() > deadline) throw new Error(`No DLQ record for job ${jobId} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async dlqCount() {
      const counts = await dlq.getJobCounts();
      return Object.values(counts).reduce((sum, n) => sum + n, 0);
    },
    rawQueue,
    async close() {
      await Promise.all(workers.map((quarry) => quarry.close({ graceMs: 0 })));
      await client.close();
      await Promise.all([...queues, dlq].map((queue) => queue.close()));
      await standin.close();
      await deleteKeys(redis, prefix);
      await redis.quit();
      rmSync(blobDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once `condition` holds, polling every 20 ms; rejects after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A worker started with `pnpm worker`'s entry point in a child process. */
export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Log lines (parsed JSON) written so far. */
  readonly logs: readonly Record<string, unknown>[];
  /** Resolves once the worker logged that it is ready. */
  readonly ready: Promise<void>;
  readonly exited: Promise<ProcessExit>;
}

const mainPath = fileURLToPath(new URL('./main.ts', import.meta.url));

/**
 * Starts `src/main.ts` under tsx among the test's `processes` (killed after the test), with `env` (on
 * top of PATH and the like) as its configuration.
 */
export function spawnWorkerProcess(options: {
  readonly env: Readonly<Record<string, string>>;
  readonly processes: TestProcesses;
}): WorkerProcess {
  const worker = options.processes.start({
    command: process.execPath,
    args: ['--import', 'tsx', mainPath],
    cwd: dirname(mainPath),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
  });
  const logs: Record<string, unknown>[] = [];
  const parse = (line: string): Record<string, unknown> => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      return { raw: line };
    }
  };
  worker.onLine((line, stream) => {
    if (stream === 'stdout') logs.push(parse(line));
  });
  const ready = worker
    .waitForLine((line) => parse(line).msg === 'worker ready', { stream: 'stdout' })
    .then(() => undefined);
  ready.catch(() => {});
  return { child: worker.child, logs, ready, exited: worker.exited };
}
