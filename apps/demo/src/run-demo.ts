import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBlobStore } from '@quarry/blobs';
import { createQuarryClient, type QuarryClient } from '@quarry/client';
import { modelSpecOf } from '@quarry/core';
import { createLogger } from '@quarry/logging';
import { deletePrefixedKeys, redactRedisUrl, redisConnection } from '@quarry/queue';
import { createTriage } from '@quarry/triage';
import { loadWorkflowCatalog, WorkflowFileError } from '@quarry/workflow-files';
import { pino } from 'pino';
import { batchWaitNote } from './batch-first-round-note';
import type { DemoConfig } from './demo-config';
import { inventedValues } from './demo-corpus';
import { type DemoDashboard, startDemoDashboard } from './demo-dashboard';
import { documentsSummary } from './demo-documents';
import { type DemoSummary, totalsOf } from './demo-summary';
import { enqueueDemoJobs } from './enqueue-demo-jobs';
import { groundingIssues } from './grounding-issues';
import { keepRunningHint, keptKeysHint } from './keep-running-hint';
import { prepareDemoDocuments } from './prepare-demo-documents';
import { readDemoLessons } from './read-demo-lessons';
import { resolveRedis } from './resolve-redis';
import { startDemoStandin } from './start-demo-standin';
import { startDemoWorker } from './start-demo-worker';
import { waitForDemoOutcomes } from './wait-for-demo-outcomes';

/** Options of {@link runDemo}. */
export interface RunDemoOptions {
  readonly config: DemoConfig;
  /** Messages and progress for people (standard error, so `--json` output stays one object). */
  readonly stderr: NodeJS.WriteStream;
  /** Aborted on SIGINT/SIGTERM: unfinished jobs are given up, everything is stopped. */
  readonly signal: AbortSignal;
  /** Called with the summary once the jobs are done (before `--keep-running` waits). */
  readonly onSummary: (summary: DemoSummary) => void;
}

/** How the run ended. */
export interface DemoResult {
  /** Null when it stopped before the jobs ran (no Redis, an unsafe Redis). */
  readonly summary: DemoSummary | null;
  readonly exitCode: number;
}

/**
 * `pnpm demo`: Redis, the stand-in (or the real API with `--live`), a worker and the dashboard on
 * a fresh key prefix; enqueues the shipped samples, shows progress, reports what happened, and
 * stops everything it started and deletes the run's keys (both kept with `--keep-running` until
 * the signal).
 */
export async function runDemo(options: RunDemoOptions): Promise<DemoResult> {
  const { config, stderr, signal } = options;
  const { args, env } = config;
  const say = (text: string) => stderr.write(`${text}\n`);
  const startedAt = Date.now();
  // The shipped workflows and those QUARRY_WORKFLOWS names, checked before anything starts.
  const catalog = await loadWorkflowCatalog({ paths: env.QUARRY_WORKFLOWS ?? [], cwd: process.cwd() }).catch(
    (error: unknown) => {
      if (error instanceof WorkflowFileError) return error;
      throw error;
    },
  );
  if (catalog instanceof WorkflowFileError) {
    say(catalog.message);
    return { summary: null, exitCode: 1 };
  }
  const { registry } = catalog;
  const runId = randomBytes(4).toString('hex');
  const prefix = env.DEMO_PREFIX ?? `{quarry-demo-${runId}}`;
  const cleanups: (() => Promise<unknown>)[] = [];
  const onCleanup = (cleanup: () => Promise<unknown>) => cleanups.push(cleanup);
  let keepKeys = false;

  const redis = await resolveRedis(env.REDIS_URL);
  onCleanup(() => redis.stop());
  try {
    const redisLabel = {
      env: 'REDIS_URL',
      local: 'the local Redis',
      spawned: 'a redis-server started for this run',
    }[redis.source];
    say(`Redis: ${redactRedisUrl(redis.url)} (${redisLabel}); keys under ${prefix}`);
    const logFile = join(tmpdir(), `quarry-demo-${runId}.log`);
    const destination = pino.destination({ dest: logFile, sync: true });
    const log = createLogger({ service: 'quarry-demo', level: env.LOG_LEVEL, destination });
    const connection = redisConnection(redis.url, { role: 'worker', connectionName: 'quarry-demo' });
    onCleanup(async () => {
      if (!keepKeys) await deletePrefixedKeys({ redis: connection, prefix });
      await connection.quit().catch(() => connection.disconnect());
    });

    const { documents, blobDir } = await prepareDemoDocuments({ config, onCleanup });
    const samples = documents.map((document) => document.sample);
    const standin = await startDemoStandin({ config, documents, onCleanup });
    const started = await startDemoWorker({
      config,
      registry,
      redisUrl: redis.url,
      standinUrl: standin?.url ?? null,
      blobDir,
      prefix,
      runId,
      logger: log.child({ component: 'worker' }),
      onCleanup,
    });
    if (!started.ok) {
      say(`The worker refused to start: ${started.problem}`);
      return { summary: null, exitCode: 1 };
    }
    const { worker, config: workerConfig } = started;
    const spec = modelSpecOf(workerConfig.model, config.models);
    const priced = spec
      ? `priced as ${spec.name}, $${spec.prices.input} / $${spec.prices.output} per million input / output tokens`
      : 'no price in the model table';
    say(
      args.live
        ? `Model: ${workerConfig.model} on the live Messages API (${priced})`
        : `Model: ${workerConfig.model}, simulated (local Messages API stand-in at ${standin?.url}, seed ${env.DEMO_SEED}; ${priced})`,
    );

    // One blob store for the client and the dashboard, the worker's: the document view reads the PDFs.
    const blobs = blobDir ? createBlobStore(workerConfig.blobs) : null;
    onCleanup(async () => blobs?.close());
    const dashboard: DemoDashboard = await startDemoDashboard({
      redisUrl: redis.url,
      prefix,
      port: env.DEMO_DASHBOARD_PORT,
      logger: log.child({ component: 'dashboard' }),
      blobs: blobs?.store ?? null,
      registry,
    });
    onCleanup(() => dashboard.close());
    say(
      dashboard.access
        ? `Dashboard: ${dashboard.access.url}  (user ${dashboard.access.user}, password ${dashboard.access.password})`
        : `Dashboard: not available (${dashboard.problem})`,
    );

    const client: QuarryClient = createQuarryClient({
      redisUrl: redis.url,
      registry,
      config: { prefix },
      maxPollIntervalMs: 250,
      ...(blobs ? { blobs: blobs.store } : {}),
    });
    onCleanup(() => client.close());
    const jobs = await enqueueDemoJobs({ client, documents, lane: args.lane });
    const workflows = [...new Set(samples.map((sample) => sample.workflow))];
    const form = blobDir ? `PDF renderings, blobs in ${blobDir}` : 'text';
    say(
      `Enqueued ${jobs.length} documents (${workflows.join(', ')}; ${form}) in the ${args.lane} lane; log: ${logFile}`,
    );

    if (args.lane === 'batch') say(batchWaitNote);
    const timeoutMs = env.DEMO_TIMEOUT_SECONDS * 1000;
    const outcomes = await waitForDemoOutcomes({ client, jobs, samples, timeoutMs, signal, stream: stderr });
    const lessons = await readDemoLessons({ connection, prefix, jobs });
    const triage = createTriage({ connection, registry, config: { prefix } });
    const dlqGroups = await triage.fingerprintGroups().finally(() => triage.close());

    const summary: DemoSummary = {
      mode: args.live ? 'live' : 'simulated',
      prefix,
      redis: { source: redis.source, url: redactRedisUrl(redis.url) },
      workflows,
      lane: args.lane,
      model: workerConfig.model,
      modelPrices: spec?.prices ?? null,
      ...totalsOf(outcomes),
      grounding: {
        caught: await groundingIssues(worker.metrics),
        invented: args.live ? null : inventedValues({ samples, seed: env.DEMO_SEED }),
      },
      documents: blobDir
        ? documentsSummary({ documents, outcomes, uploads: standin?.stats.files.uploaded ?? null })
        : null,
      lessons,
      dlqGroups,
      dashboard: dashboard.access,
      dashboardProblem: dashboard.problem,
      keepsRunning: args.keepRunning,
      metricsUrl: (await worker.http)?.url ?? null,
      logFile,
      durationMs: Date.now() - startedAt,
    };
    options.onSummary(summary);

    if (args.keepRunning && !signal.aborted) {
      keepKeys = true;
      say(
        `\n${keepRunningHint({ redisUrl: redis.url, prefix, blobDir, workflowFiles: env.QUARRY_WORKFLOWS ?? [] })}`,
      );
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    }
    const interrupted = signal.aborted && !args.keepRunning;
    return { summary, exitCode: interrupted ? 130 : summary.jobs.unfinished > 0 ? 1 : 0 };
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => say(`cleanup: ${(error as Error).message}`));
    }
    if (keepKeys && redis.source !== 'spawned') {
      say(keptKeysHint({ redisUrl: redis.url, prefix }));
    }
  }
}
