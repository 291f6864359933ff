import { anthropicEnv } from '@quarry/anthropic';
import { type BlobConfig, readBlobConfig } from '@quarry/blobs';
import { defaultModelTable, extractDefaults } from '@quarry/core';
import {
  booleanVar,
  ConfigError,
  type Env,
  integerVar,
  modelIdVar,
  parseEnv,
  positiveNumberVar,
  type Redactor,
  readModelsFile,
  textVar,
} from '@quarry/env';
import { logEnv } from '@quarry/logging';
import {
  defaultRedisUrl,
  inlineDocumentEnv,
  MAX_BUDGET_COST_USD,
  queueDefaults,
  queueEnv,
  redactRedisUrl,
  redisUrlVar,
  webhookEnv,
  webhookSettings,
} from '@quarry/queue';
import { tracingEnv } from '@quarry/tracing';
import { tenantsEnv, workflowsEnv } from '@quarry/workflow-files';
import { z } from 'zod';
import { batchLaneEnv, batchLaneSettings } from './batch/batch-lane-settings';
import { cacheEnv, cacheSettings } from './cache-settings';
import { lessonEffectEnv, lessonEffectSettings } from './lesson-effect-settings';
import { lessonCacheDefaults } from './lessons/lesson-cache';
import { rateLimitEnv, rateLimitSettings } from './rate-limit-settings';
import { queueStorageEnv, workerQueueConfig } from './worker-queue-config';

/**
 * The worker's configuration: ONE schema over the environment. Empty variables count as unset; unset
 * queue settings take `queueDefaults` (shared with producers), the rest the defaults written here.
 * The parsed value is the nested {@link WorkerConfig}.
 */
export const WorkerEnv = z
  .object({
    REDIS_URL: redisUrlVar({ cluster: true }).default(defaultRedisUrl).meta({
      description:
        "`redis://` or `rediss://` (TLS) URL; may carry a user, a password and a database number (`redis://:password@host:6379/2`). Producers and workers also take a Redis Cluster as `redis+cluster://host:port` (`rediss+cluster://` for TLS, `?seeds=host:port,…` for more seed nodes); the dashboard and the CLI's DLQ commands need one server. The demo uses it only when set.",
    }),
    ...anthropicEnv,
    QUARRY_MODEL: modelIdVar().default(extractDefaults.modelId).meta({
      description:
        'Model id for workflows that do not name one ([docs/models.md](docs/models.md)). A retired one stops the worker at start-up.',
    }),
    QUARRY_MODELS_FILE: textVar('the path of a JSON file of model entries (see docs/models.md)')
      .optional()
      .meta({
        description:
          'JSON file of model entries merged over the default model table (prices, tiers, request rules, retirement); see [docs/models.md](docs/models.md).',
        whenUnset: 'unset',
      }),
    ...queueEnv,
    ...inlineDocumentEnv,
    WORKER_NAME: textVar('a worker name')
      .optional()
      .meta({ description: 'Name stored on the jobs this worker processes.', whenUnset: 'none' }),
    WORKER_CONCURRENCY: integerVar(1, 1000)
      .default(4)
      .meta({ description: 'Jobs one worker process runs at once (1–1000).' }),
    JOB_ATTEMPTS: integerVar(1, 100)
      .optional()
      .meta({
        description: 'Job attempts before transient failures are dead-lettered (1–100).',
        whenUnset: String(queueDefaults.jobAttempts),
      }),
    JOB_MAX_COST_USD: positiveNumberVar('US dollars')
      .pipe(
        z.number().max(MAX_BUDGET_COST_USD, {
          error: `a number of US dollars > 0 and ≤ ${MAX_BUDGET_COST_USD}`,
        }),
      )
      .optional()
      .meta({
        description:
          "Cost budget in US dollars (> 0, ≤ 1000) of a job that sets no `budget.maxCostUsd`; a job's own budget wins.",
        whenUnset: 'unset (none)',
      }),
    BACKOFF_BASE_MS: integerVar(1)
      .optional()
      .meta({
        description: 'Base of the capped full-jitter exponential backoff between job attempts.',
        whenUnset: String(queueDefaults.backoff.baseMs),
      }),
    BACKOFF_CAP_MS: integerVar(1)
      .optional()
      .meta({
        description: 'Cap of that backoff (at least `BACKOFF_BASE_MS`).',
        whenUnset: String(queueDefaults.backoff.capMs),
      }),
    ...rateLimitEnv,
    SHUTDOWN_GRACE_MS: integerVar(0)
      .default(30_000)
      .meta({ description: 'How long in-flight jobs may run after SIGTERM/SIGINT before they are cut off.' }),
    LOCK_DURATION_MS: integerVar(100)
      .default(30_000)
      .meta({ description: 'BullMQ job lock; a job whose worker died is picked up again once it lapses.' }),
    STALLED_INTERVAL_MS: integerVar(100)
      .default(30_000)
      .meta({ description: 'How often the worker looks for stalled jobs.' }),
    MAX_STALLED_COUNT: integerVar(0, 100)
      .default(1)
      .meta({ description: 'How often a job may stall before it is dead-lettered as `stalled`.' }),
    RECONCILE_INTERVAL_MS: integerVar(100).default(60_000).meta({
      description:
        "How often the DLQ reconciler sweeps failed jobs that lack a DLQ record (and a 429 pause's queue-wide limit left by a killed worker is taken back).",
    }),
    RECONCILE_GRACE_MS: integerVar(0)
      .default(30_000)
      .meta({ description: 'Failed jobs younger than this are left to the worker that failed them.' }),
    KEEP_COMPLETED_SWEEP_MS: integerVar(100, 600_000).default(5_000).meta({
      description:
        'How often the worker removes completed jobs past `KEEP_COMPLETED_COUNT` or `KEEP_COMPLETED_AGE_HOURS` (between two sweeps the count may be exceeded by the jobs of one interval).',
    }),
    ...queueStorageEnv,
    LOG_LEVEL: logEnv.LOG_LEVEL,
    LOG_FORMAT: logEnv.LOG_FORMAT,
    METRICS_PORT: integerVar(0, 65_535).optional().meta({
      description:
        'Port of the metrics and health server (`/metrics`, `/healthz`, `/readyz`); `0` picks a free port (logged in `worker ready`). The container image sets `9464`.',
      whenUnset: 'unset (off)',
    }),
    METRICS_HOST: textVar('an address to listen on, e.g. 127.0.0.1 or 0.0.0.0')
      .default('127.0.0.1')
      .meta({ description: 'Address that server listens on; the container image sets `0.0.0.0`.' }),
    METRICS_MAX_SIGNATURES: integerVar(1, 1000).default(20).meta({
      description:
        'Issue signatures labelled per workflow in `quarry_issues_total`; later ones count as `other` (bounded label cardinality).',
    }),
    REDIS_ALLOW_EVICTION: booleanVar().default(false).meta({
      description:
        "Start even when Redis's `maxmemory-policy` is not `noeviction` (the self-check then only warns). Evicted keys lose jobs and records: leave it off in production.",
    }),
    ...batchLaneEnv,
    ...cacheEnv,
    ...lessonEffectEnv,
    LESSON_READ_INTERVAL_MS: integerVar(0, 60_000).default(lessonCacheDefaults.intervalMs).meta({
      description:
        "How long the lessons a worker read for a workflow version and history scope serve its next jobs (0 reads them for every job), and how often the jobs it counted are written to the lesson effects, which are up to this late. A failed attempt's record makes that worker's next job of it read afresh.",
    }),
    ...workflowsEnv,
    ...tenantsEnv,
    ...webhookEnv,
    ...tracingEnv,
  })
  .refine(
    (env) =>
      (env.BACKOFF_CAP_MS ?? queueDefaults.backoff.capMs) >=
      (env.BACKOFF_BASE_MS ?? queueDefaults.backoff.baseMs),
    { path: ['BACKOFF_CAP_MS'], error: 'an integer ≥ BACKOFF_BASE_MS' },
  )
  .refine((env) => env.RATE_LIMIT_MAX_PAUSE_MS >= env.RATE_LIMIT_PAUSE_MS, {
    path: ['RATE_LIMIT_MAX_PAUSE_MS'],
    error: 'an integer ≥ RATE_LIMIT_PAUSE_MS',
    // Only once both values are valid: a bad one is named on its own.
    when: ({ issues }) => !issues.some((issue) => String(issue.path?.[0]).startsWith('RATE_LIMIT_')),
  })
  .transform((env) => ({
    redisUrl: env.REDIS_URL,
    anthropic: {
      apiKey: env.ANTHROPIC_API_KEY,
      baseURL: env.ANTHROPIC_BASE_URL,
      maxRetries: env.ANTHROPIC_MAX_RETRIES,
      timeoutMs: env.ANTHROPIC_TIMEOUT_MS,
    },
    model: env.QUARRY_MODEL,
    /** The models file read over the default table, or null. */
    modelsFile: env.QUARRY_MODELS_FILE ?? null,
    /** Workflow files and directories loaded on top of the shipped workflows (`QUARRY_WORKFLOWS`). */
    workflowFiles: env.QUARRY_WORKFLOWS ?? [],
    /** Tenant settings files written to Redis at start (`QUARRY_TENANTS`). */
    tenantFiles: env.QUARRY_TENANTS ?? [],
    /** Prices and request rules by model: the default table, with `modelsFile` merged over it. */
    models: defaultModelTable,
    queue: workerQueueConfig(env),
    workerName: env.WORKER_NAME,
    concurrency: env.WORKER_CONCURRENCY,
    /** Cost budget of a job that sets none of its own (`budget.maxCostUsd`); null: no default. */
    jobMaxCostUsd: env.JOB_MAX_COST_USD ?? null,
    rateLimit: rateLimitSettings(env),
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    lockDurationMs: env.LOCK_DURATION_MS,
    stalledIntervalMs: env.STALLED_INTERVAL_MS,
    maxStalledCount: env.MAX_STALLED_COUNT,
    reconcile: { intervalMs: env.RECONCILE_INTERVAL_MS, graceMs: env.RECONCILE_GRACE_MS },
    retentionSweepMs: env.KEEP_COMPLETED_SWEEP_MS,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    metrics: {
      port: env.METRICS_PORT ?? null,
      host: env.METRICS_HOST,
      maxSignatureLabels: env.METRICS_MAX_SIGNATURES,
    },
    allowEviction: env.REDIS_ALLOW_EVICTION,
    batch: batchLaneSettings(env),
    cache: cacheSettings(env),
    /** When a lesson is judged, retired and brought back (`LESSON_*`). */
    lessons: lessonEffectSettings(env),
    /** How long lessons read for a history serve its jobs, and how often counted jobs are written (`LESSON_READ_INTERVAL_MS`). */
    lessonReadIntervalMs: env.LESSON_READ_INTERVAL_MS,
    /** Completion webhooks: deliveries and their egress (`WEBHOOK_*`). */
    webhooks: webhookSettings(env),
  }));

/** The worker's parsed configuration: the variables above, and the blob store's (`QUARRY_BLOB_*`, `QUARRY_S3_*`). */
export type WorkerConfig = z.output<typeof WorkerEnv> & { readonly blobs: BlobConfig };

/** Variables whose values are secrets: never echoed back, or only redacted. */
const redactors: Readonly<Record<string, Redactor>> = {
  ANTHROPIC_API_KEY: () => '[redacted]',
  REDIS_URL: redactRedisUrl,
};

/**
 * Reads the worker configuration from environment variables (`process.env` by default), the blob
 * store's settings (a relative `QUARRY_BLOB_DIR` against the working directory), and the
 * models file `QUARRY_MODELS_FILE` names, if any, over the default model table.
 * @throws ConfigError naming every bad variable and the form it expects, or the models file's
 * bad entry and field.
 */
export function loadWorkerConfig(env: Env = process.env): WorkerConfig {
  const parsed = parseEnv({ schema: WorkerEnv, env, redactors });
  if (!parsed.ok) throw new ConfigError({ program: 'worker', problems: parsed.problems });
  const config = { ...parsed.value, blobs: readBlobConfig({ env, program: 'worker', cwd: process.cwd() }) };
  if (config.modelsFile === null) return config;
  const models = readModelsFile({ path: config.modelsFile, base: defaultModelTable });
  if (!models.ok) throw new ConfigError({ program: 'worker', problems: models.problems });
  return { ...config, models: models.value };
}
