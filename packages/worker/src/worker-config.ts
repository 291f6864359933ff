import { anthropicEnv } from '@quarry/anthropic';
import { type BlobConfig, readBlobConfig } from '@quarry/blobs';
import { defaultModelTable, extractDefaults, failurePolicyDefaults, maxRateLimitValue } from '@quarry/core';
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
  QueueConfig,
  type QueueConfigInput,
  queueDefaults,
  queueEnv,
  redactRedisUrl,
  redisUrlVar,
} from '@quarry/queue';
import { workflowsEnv } from '@quarry/workflow-files';
import { z } from 'zod';
import { batchLaneEnv, batchLaneSettings } from './batch/batch-lane-settings';
import { cacheEnv, cacheSettings } from './cache-settings';

const hour = 3_600_000;
/** The longest delay a Node.js timer can wait (about 24.8 days). */
const maxTimerMs = 2 ** 31 - 1;

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
    RATE_LIMIT_PAUSE_MS: integerVar(1)
      .default(failurePolicyDefaults.rateLimitPauseMs)
      .meta({ description: 'Queue pause after a 429 that carried no `retry-after`.' }),
    RATE_LIMIT_MAX_PAUSE_MS: integerVar(1, maxTimerMs).default(failurePolicyDefaults.maxRetryAfterMs).meta({
      description:
        'Longest wait a `retry-after` is honoured for (at least `RATE_LIMIT_PAUSE_MS`): one 429 pauses every worker at most this long.',
    }),
    RATE_LIMIT_MAX_BOUNCES: integerVar(0).default(20).meta({
      description: 'How often one job may go back to the queue on a 429 without consuming a job attempt.',
    }),
    RATE_LIMIT_PACING: booleanVar().default(true).meta({
      description:
        'Pace model calls by the shared rate-limit budget of the API key and model class, learnt from the `anthropic-ratelimit-*` headers ([docs/pacing.md](docs/pacing.md)).',
    }),
    RATE_LIMIT_RPM: integerVar(1, maxRateLimitValue).optional().meta({
      description:
        'Requests per minute the pacer allows while the API sends no rate-limit headers (1–10⁹); headers, once seen, take over.',
      whenUnset: 'unset (none)',
    }),
    RATE_LIMIT_ITPM: integerVar(1, maxRateLimitValue).optional().meta({
      description:
        'Uncached input tokens per minute allowed while the API sends no rate-limit headers (1–10⁹).',
      whenUnset: 'unset (none)',
    }),
    RATE_LIMIT_OTPM: integerVar(1, maxRateLimitValue).optional().meta({
      description:
        'Output tokens per minute (each call reserves its `max_tokens`) allowed while the API sends no rate-limit headers (1–10⁹).',
      whenUnset: 'unset (none)',
    }),
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
    RECONCILE_INTERVAL_MS: integerVar(100)
      .default(60_000)
      .meta({ description: 'How often the DLQ reconciler sweeps failed jobs that lack a DLQ record.' }),
    RECONCILE_GRACE_MS: integerVar(0)
      .default(30_000)
      .meta({ description: 'Failed jobs younger than this are left to the worker that failed them.' }),
    ATTEMPT_TTL_HOURS: positiveNumberVar()
      .optional()
      .meta({
        description: 'Attempt records expire this long after the last one was saved.',
        whenUnset: `${queueDefaults.attemptTtlSeconds / 3600} (${queueDefaults.attemptTtlSeconds / 86_400} days)`,
      }),
    HISTORY_ENABLED: booleanVar()
      .optional()
      .meta({
        description: 'The shared error history (lessons): `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`.',
        whenUnset: String(queueDefaults.history.enabled),
      }),
    HISTORY_TOP_N: integerVar(0, 50)
      .optional()
      .meta({
        description: 'Lessons shown to the model per job (0 reads none).',
        whenUnset: String(queueDefaults.history.topN),
      }),
    HISTORY_MAX_SIGNATURES: integerVar(1, 10_000)
      .optional()
      .meta({
        description: 'Issue signatures kept per workflow version and scope.',
        whenUnset: String(queueDefaults.history.maxSignatures),
      }),
    HISTORY_HALF_LIFE_HOURS: positiveNumberVar()
      .optional()
      .meta({
        description: "Half-life of a signature's decayed frequency.",
        whenUnset: String(queueDefaults.history.halfLifeMs / hour),
      }),
    KEEP_COMPLETED_COUNT: integerVar(1)
      .optional()
      .meta({
        description: 'Completed jobs kept (with their results).',
        whenUnset: String(queueDefaults.retention.completed.count),
      }),
    KEEP_COMPLETED_AGE_HOURS: positiveNumberVar()
      .optional()
      .meta({
        description:
          'Completed jobs older than this are removed. Jobs flagged for review stay in the review index until acknowledged.',
        whenUnset: `${queueDefaults.retention.completed.ageSeconds / 3600} (${queueDefaults.retention.completed.ageSeconds / 86_400} days)`,
      }),
    KEEP_FAILED_AGE_HOURS: positiveNumberVar()
      .optional()
      .meta({
        description: 'Failed jobs older than this are removed; their DLQ records stay.',
        whenUnset: `${queueDefaults.retention.failed.ageSeconds / 3600} (${queueDefaults.retention.failed.ageSeconds / 86_400} days)`,
      }),
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
    ...workflowsEnv,
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
    /** Prices and request rules by model: the default table, with `modelsFile` merged over it. */
    models: defaultModelTable,
    queue: QueueConfig.parse({
      prefix: env.QUARRY_PREFIX,
      queueName: env.QUARRY_QUEUE,
      dlqName: env.QUARRY_DLQ,
      allowedModels: env.QUARRY_ALLOWED_MODELS,
      limits: { inlineDocumentMaxBytes: env.QUARRY_INLINE_DOCUMENT_MAX_BYTES },
      jobAttempts: env.JOB_ATTEMPTS,
      backoff: { baseMs: env.BACKOFF_BASE_MS, capMs: env.BACKOFF_CAP_MS },
      retention: {
        completed: {
          count: env.KEEP_COMPLETED_COUNT,
          ageSeconds: hoursToSeconds(env.KEEP_COMPLETED_AGE_HOURS),
        },
        failed: { ageSeconds: hoursToSeconds(env.KEEP_FAILED_AGE_HOURS) },
      },
      attemptTtlSeconds: hoursToSeconds(env.ATTEMPT_TTL_HOURS),
      history: {
        enabled: env.HISTORY_ENABLED,
        topN: env.HISTORY_TOP_N,
        maxSignatures: env.HISTORY_MAX_SIGNATURES,
        halfLifeMs:
          env.HISTORY_HALF_LIFE_HOURS === undefined
            ? undefined
            : Math.round(env.HISTORY_HALF_LIFE_HOURS * hour),
      },
    } satisfies QueueConfigInput),
    workerName: env.WORKER_NAME,
    concurrency: env.WORKER_CONCURRENCY,
    /** Cost budget of a job that sets none of its own (`budget.maxCostUsd`); null: no default. */
    jobMaxCostUsd: env.JOB_MAX_COST_USD ?? null,
    rateLimit: {
      pauseMs: env.RATE_LIMIT_PAUSE_MS,
      maxPauseMs: env.RATE_LIMIT_MAX_PAUSE_MS,
      maxBounces: env.RATE_LIMIT_MAX_BOUNCES,
      /** Pace calls by the shared rate-limit budget (see docs/pacing.md). */
      pacing: env.RATE_LIMIT_PACING,
      /** Per-minute ceilings that apply while the API sends no rate-limit headers; null: none. */
      ceilings: {
        requests: env.RATE_LIMIT_RPM ?? null,
        inputTokens: env.RATE_LIMIT_ITPM ?? null,
        outputTokens: env.RATE_LIMIT_OTPM ?? null,
      },
    },
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    lockDurationMs: env.LOCK_DURATION_MS,
    stalledIntervalMs: env.STALLED_INTERVAL_MS,
    maxStalledCount: env.MAX_STALLED_COUNT,
    reconcile: { intervalMs: env.RECONCILE_INTERVAL_MS, graceMs: env.RECONCILE_GRACE_MS },
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
  }));

/** Whole seconds (at least 1) of some hours; undefined stays undefined so the queue default applies. */
function hoursToSeconds(hours: number | undefined): number | undefined {
  return hours === undefined ? undefined : Math.max(1, Math.round((hours * hour) / 1000));
}

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
