import { DEFAULT_INLINE_DOCUMENT_MAX_BYTES } from '@quarry/core';
import { z } from 'zod';
import { isHashTagged } from './keys';
import { ModelId } from './model-id';

const second = 1000;
const hour = 3600 * second;
const day = 24 * hour;

const positiveInt = () => z.number().int().positive();

/**
 * Everything the queue layer can be tuned with, each with its default. Producers, workers and the CLI
 * parse the same schema, so `queueDefaults` is the one place defaults live.
 */
export const QueueConfig = z.object({
  /** BullMQ prefix and prefix of Quarry's own keys; must contain a {hash tag} so everything shares a Cluster slot. */
  prefix: z
    .string()
    .refine(isHashTagged, { error: 'must contain a {hash tag}, e.g. {quarry}' })
    .default('{quarry}'),
  queueName: z
    .string()
    .min(1)
    .refine((name) => !name.includes(':'), { error: 'must not contain ":"' })
    .default('extraction'),
  dlqName: z
    .string()
    .min(1)
    .refine((name) => !name.includes(':'), { error: 'must not contain ":"' })
    .default('extraction-dlq'),
  /** Job attempts (runs of a job) before transient failures are dead-lettered. */
  jobAttempts: positiveInt().max(100).default(5),
  /** Capped full-jitter exponential backoff between job attempts. */
  backoff: z
    .object({ baseMs: positiveInt().default(2 * second), capMs: positiveInt().default(60 * second) })
    .prefault({}),
  /**
   * How long BullMQ keeps finished jobs. Applied by the worker (worker-level `removeOnComplete` /
   * `removeOnFail`) so it also covers jobs other clients add. Failed jobs stay until their DLQ record exists.
   */
  retention: z
    .object({
      completed: z
        .object({
          ageSeconds: positiveInt().default((7 * day) / second),
          count: positiveInt().default(10_000),
        })
        .prefault({}),
      failed: z.object({ ageSeconds: positiveInt().default((14 * day) / second) }).prefault({}),
    })
    .prefault({}),
  /** An idempotency key maps to the same job for this long after its first enqueue. */
  idempotencyRetentionMs: positiveInt().default(7 * day),
  /** Attempt records expire this long after the last one was saved. */
  attemptTtlSeconds: positiveInt().default((14 * day) / second),
  /** The shared per-workflow error history. */
  history: z
    .object({
      enabled: z.boolean().default(true),
      /** Lessons read before each extraction. */
      topN: z.number().int().nonnegative().default(3),
      /** Signatures kept per workflow version and scope. */
      maxSignatures: positiveInt().default(50),
      halfLifeMs: positiveInt().default(24 * hour),
    })
    .prefault({}),
  /**
   * Models a job may name in `overrides.model` besides those of its workflow (`QUARRY_ALLOWED_MODELS`).
   * Producers check it before enqueuing, workers before running a job (others are dead-lettered).
   */
  allowedModels: z.array(ModelId).default([]),
  /** Producer-side limits, checked before Redis is touched. */
  limits: z
    .object({
      /** Serialized size of the whole job data. */
      maxJobDataBytes: positiveInt().default(1024 * 1024),
      /** Largest inline (base64) document, decoded (`QUARRY_INLINE_DOCUMENT_MAX_BYTES`); larger go by blob. */
      inlineDocumentMaxBytes: positiveInt().default(DEFAULT_INLINE_DOCUMENT_MAX_BYTES),
    })
    .prefault({}),
});
export type QueueConfig = z.infer<typeof QueueConfig>;
/** What callers may pass: any subset, the rest comes from `queueDefaults`. */
export type QueueConfigInput = z.input<typeof QueueConfig>;

/** Every default of {@link QueueConfig}. */
export const queueDefaults: QueueConfig = QueueConfig.parse({});

/** The BullMQ `backoff.type` of Quarry jobs; a worker computes the delay in its `settings.backoffStrategy`. */
export const QUARRY_BACKOFF_TYPE = 'quarry';

/** The BullMQ job name of extraction jobs. */
export const EXTRACTION_JOB_NAME = 'extract';

/** BullMQ job options of an extraction job: job attempts and Quarry's custom backoff. */
export function extractionJobOptions(config: QueueConfig): {
  attempts: number;
  backoff: { type: string; delay: number };
} {
  return {
    attempts: config.jobAttempts,
    backoff: { type: QUARRY_BACKOFF_TYPE, delay: config.backoff.baseMs },
  };
}
