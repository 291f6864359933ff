import { booleanVar, integerVar, positiveNumberVar } from '@quarry/env';
import {
  type inlineDocumentEnv,
  QueueConfig,
  type QueueConfigInput,
  queueDefaults,
  type queueEnv,
} from '@quarry/queue';
import type { z } from 'zod';

const hour = 3_600_000;

/**
 * The variables of what the worker keeps in Redis and for how long (attempt records, the shared error
 * history, finished jobs), merged into the worker's schema. Unset ones take `queueDefaults`.
 */
export const queueStorageEnv = {
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
};

/** The parsed variables the worker's queue configuration is made of. */
type WorkerQueueEnv = z.output<
  z.ZodObject<typeof queueEnv & typeof inlineDocumentEnv & typeof queueStorageEnv>
> & {
  readonly JOB_ATTEMPTS?: number | undefined;
  readonly BACKOFF_BASE_MS?: number | undefined;
  readonly BACKOFF_CAP_MS?: number | undefined;
};

/** The worker's queue configuration from the parsed variables (hours converted); unset ones take `queueDefaults`. */
export function workerQueueConfig(env: WorkerQueueEnv): QueueConfig {
  return QueueConfig.parse({
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
  } satisfies QueueConfigInput);
}

/** Whole seconds (at least 1) of some hours; undefined stays undefined so the queue default applies. */
function hoursToSeconds(hours: number | undefined): number | undefined {
  return hours === undefined ? undefined : Math.max(1, Math.round((hours * hour) / 1000));
}
