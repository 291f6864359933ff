import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBlobStore } from '@quarry/blobs';
import { createQuarryClient, type QuarryClient } from '@quarry/client';
import { modelSpecOf } from '@quarry/core';
import { createLogger } from '@quarry/logging';
import {
  deletePrefixedKeys,
  quarryKeys,
  queueDefaults,
  RedisHistoryStore,
  RedisSelfCheckError,
  redactRedisUrl,
  redisConnection,
} from '@quarry/queue';
import { type Standin, startStandin } from '@quarry/standin';
import { createTriage } from '@quarry/triage';
import { createWorker, loadWorkerConfig, type QuarryWorker, RetiredModelError } from '@quarry/worker';
import { defaultRegistry } from '@quarry/workflows';
import { pino } from 'pino';
import type { DemoConfig } from './demo-config';
import { demoSamples, inventedValues, simulatedModel } from './demo-corpus';
import { type DemoDashboard, startDemoDashboard } from './demo-dashboard';
import { type DemoDocument, documentsSummary, pdfDocuments } from './demo-documents';
import { createProgress } from './demo-progress';
import { countOutcomes, type DemoSummary, totalsOf } from './demo-summary';
import { enqueueDemoJobs } from './enqueue-demo-jobs';
import { groundingIssues } from './grounding-issues';
import { type JobOutcome, waitForOutcome } from './job-outcome';
import { resolveRedis } from './resolve-redis';

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

/** `--lane batch`: a batch is submitted half a second after its first attempt waits, polled every 250 ms. */
const demoBatchSettings = { BATCH_MAX_WAIT_MS: '500', BATCH_POLL_INTERVAL_MS: '250' } as const;

/** The lessons read per workflow for the summary. */
const LESSONS_PER_WORKFLOW = 3;

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
  const runId = randomBytes(4).toString('hex');
  const prefix = env.DEMO_PREFIX ?? `{quarry-demo-${runId}}`;
  const cleanups: (() => Promise<unknown>)[] = [];
  let keepKeys = false;

  const redis = await resolveRedis(env.REDIS_URL);
  cleanups.push(() => redis.stop());
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
    cleanups.push(async () => {
      if (!keepKeys) await deletePrefixedKeys({ redis: connection, prefix });
      await connection.quit().catch(() => connection.disconnect());
    });

    const documents: readonly DemoDocument[] =
      args.documents === 'pdf'
        ? await pdfDocuments(args.limit)
        : demoSamples(args.limit).map((sample) => ({ sample, pdf: null }));
    const samples = documents.map((document) => document.sample);
    // PDFs go to the blob store (QUARRY_BLOB_DIR, else a directory of this run's own).
    let blobDir: string | null = null;
    if (args.documents === 'pdf') {
      blobDir = env.QUARRY_BLOB_DIR ?? (await mkdtemp(join(tmpdir(), 'quarry-demo-blobs-')));
      const temporary = env.QUARRY_BLOB_DIR === undefined ? blobDir : null;
      if (temporary) cleanups.push(() => rm(temporary, { recursive: true, force: true }));
    }
    let standin: Standin | null = null;
    if (!args.live) {
      standin = await startStandin(
        simulatedModel({
          samples,
          pdfs: documents.flatMap((document) => (document.pdf ? [document.pdf] : [])),
          seed: env.DEMO_SEED,
          lane: args.lane,
        }),
      );
      const started = standin;
      cleanups.push(() => started.close());
    }
    const workerConfig = loadWorkerConfig({
      REDIS_URL: redis.url,
      ANTHROPIC_API_KEY: args.live ? env.ANTHROPIC_API_KEY : 'demo-standin-key',
      ...(standin ? { ANTHROPIC_BASE_URL: standin.url } : {}),
      ...(env.QUARRY_MODEL ? { QUARRY_MODEL: env.QUARRY_MODEL } : {}),
      ...(env.QUARRY_MODELS_FILE ? { QUARRY_MODELS_FILE: env.QUARRY_MODELS_FILE } : {}),
      ...(blobDir ? { QUARRY_BLOB_DIR: blobDir } : {}),
      QUARRY_PREFIX: prefix,
      WORKER_NAME: `quarry-demo-${runId}`,
      WORKER_CONCURRENCY: String(env.DEMO_CONCURRENCY),
      JOB_ATTEMPTS: '4',
      BACKOFF_BASE_MS: '300',
      BACKOFF_CAP_MS: '3000',
      SHUTDOWN_GRACE_MS: '3000',
      LOG_LEVEL: env.LOG_LEVEL,
      METRICS_PORT: '0',
      ...(args.lane === 'batch' ? demoBatchSettings : {}),
    });
    const worker: QuarryWorker = createWorker({
      config: workerConfig,
      logger: log.child({ component: 'worker' }),
    });
    cleanups.push(() => worker.close({ graceMs: 3000 }));
    try {
      await worker.waitUntilReady();
    } catch (error) {
      if (!(error instanceof RedisSelfCheckError || error instanceof RetiredModelError)) throw error;
      say(`The worker refused to start: ${error.message}`);
      return { summary: null, exitCode: 1 };
    }
    const spec = modelSpecOf(workerConfig.model, config.models);
    const priced = spec
      ? `priced as ${spec.name}, $${spec.prices.input} / $${spec.prices.output} per million input / output tokens`
      : 'no price in the model table';
    say(
      args.live
        ? `Model: ${workerConfig.model} on the live Messages API (${priced})`
        : `Model: ${workerConfig.model}, simulated (local Messages API stand-in at ${standin?.url}, seed ${env.DEMO_SEED}; ${priced})`,
    );

    const dashboard: DemoDashboard = await startDemoDashboard({
      redisUrl: redis.url,
      prefix,
      port: env.DEMO_DASHBOARD_PORT,
      logger: log.child({ component: 'dashboard' }),
    });
    cleanups.push(() => dashboard.close());
    say(
      dashboard.access
        ? `Dashboard: ${dashboard.access.url}  (user ${dashboard.access.user}, password ${dashboard.access.password})`
        : `Dashboard: not available (${dashboard.problem})`,
    );

    const blobs = blobDir ? createBlobStore(workerConfig.blobs) : null;
    const client: QuarryClient = createQuarryClient({
      redisUrl: redis.url,
      registry: defaultRegistry(),
      config: { prefix },
      maxPollIntervalMs: 250,
      ...(blobs ? { blobs: blobs.store } : {}),
    });
    cleanups.push(async () => {
      await client.close();
      blobs?.close();
    });
    const jobs = await enqueueDemoJobs({ client, documents, lane: args.lane });
    const workflows = [...new Set(samples.map((sample) => sample.workflow))];
    const form = blobDir ? `PDF renderings, blobs in ${blobDir}` : 'text';
    say(
      `Enqueued ${jobs.length} documents (${workflows.join(', ')}; ${form}) in the ${args.lane} lane; log: ${logFile}`,
    );

    const progress = createProgress({ total: jobs.length, stream: stderr });
    const finished: JobOutcome[] = [];
    const outcomes = await Promise.all(
      jobs.map((job, i) =>
        waitForOutcome({
          client,
          jobId: job.jobId,
          sample: samples[i] as (typeof samples)[number],
          timeoutMs: env.DEMO_TIMEOUT_SECONDS * 1000,
          signal,
        }).then((outcome) => {
          finished.push(outcome);
          progress.update(countOutcomes(finished), finished.length);
          return outcome;
        }),
      ),
    );
    progress.stop();

    const keys = quarryKeys({ prefix });
    const history = new RedisHistoryStore({
      redis: connection,
      keys,
      maxSignatures: queueDefaults.history.maxSignatures,
      halfLifeMs: queueDefaults.history.halfLifeMs,
    });
    // Lessons of the versions the jobs ran at (the latest of each workflow, as enqueued).
    const versions = [...new Map(jobs.map((job) => [job.workflow, job.version]))];
    const lessons = (
      await Promise.all(
        versions.map(async ([workflow, version]) =>
          (
            await history.topLessons({ workflow, version }, LESSONS_PER_WORKFLOW)
          ).map((lesson) => ({
            ...lesson,
            workflow,
            version,
          })),
        ),
      )
    ).flat();
    const triage = createTriage({ connection, registry: defaultRegistry(), config: { prefix } });
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
      metricsUrl: (await worker.http)?.url ?? null,
      logFile,
      durationMs: Date.now() - startedAt,
    };
    options.onSummary(summary);

    if (args.keepRunning && !signal.aborted) {
      keepKeys = true;
      say(`\nWorker and dashboard keep running; press Ctrl-C to stop them. Keys stay under ${prefix}.`);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    }
    const interrupted = signal.aborted && !args.keepRunning;
    return { summary, exitCode: interrupted ? 130 : summary.jobs.unfinished > 0 ? 1 : 0 };
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => say(`cleanup: ${(error as Error).message}`));
    }
    if (keepKeys && redis.source !== 'spawned') {
      say(
        `Kept the run's keys under ${prefix}; delete them with: redis-cli --scan --pattern '${prefix}*' | xargs redis-cli unlink`,
      );
    }
  }
}
