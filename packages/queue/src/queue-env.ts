import { integerVar, urlVar } from '@quarry/env';
import { z } from 'zod';
import { isHashTagged } from './keys';
import { ModelId } from './model-id';
import { queueDefaults } from './queue-config';

/** A queue name environment variable: no ":" (it would break the key layout). */
const queueNameVar = () =>
  z
    .string()
    .trim()
    .regex(/^[^:]+$/, { error: 'a queue name without ":"' })
    .meta({ type: 'a queue name without ":"' });

const modelListForm = 'a comma-separated list of model ids, e.g. claude-sonnet-4-5,claude-haiku-4-5';

/** A comma-separated list of model ids (blanks around the commas allowed); the message names a bad entry. */
const modelListVar = () =>
  z
    .string()
    .transform((value, context) => {
      const ids = value.split(',').map((id) => id.trim());
      for (const id of ids) {
        if (!ModelId.safeParse(id).success) {
          const what = id === '' ? 'an empty entry' : `${JSON.stringify(id.slice(0, 140))} is not a model id`;
          context.addIssue({ code: 'custom', message: `${modelListForm} (${what})` });
          return z.NEVER;
        }
      }
      return [...new Set(ids)];
    })
    .meta({ type: modelListForm });

/**
 * Zod schemas of the queue variables an app's environment schema shares with the others: `QUARRY_PREFIX`
 * (a key prefix containing a {hash tag}), `QUARRY_QUEUE` and `QUARRY_DLQ` (names without ":") and
 * `QUARRY_ALLOWED_MODELS` (model ids, comma-separated). All optional: an unset one takes
 * `queueDefaults`. Each message names the expected form.
 */
export const queueEnv = {
  QUARRY_PREFIX: z
    .string()
    .trim()
    .refine(isHashTagged, { error: 'a key prefix containing a {hash tag}, e.g. {quarry}' })
    .meta({ type: 'a key prefix containing a {hash tag}, e.g. {quarry}' })
    .optional()
    .meta({
      description:
        "Prefix of every Redis key (BullMQ's and Quarry's). Must contain a `{hash tag}` so a queue, its DLQ and Quarry's keys share one Redis Cluster slot.",
      whenUnset: queueDefaults.prefix,
    }),
  QUARRY_QUEUE: queueNameVar()
    .optional()
    .meta({ description: 'Name of the extraction queue (no `:`).', whenUnset: queueDefaults.queueName }),
  QUARRY_DLQ: queueNameVar()
    .optional()
    .meta({ description: 'Name of the dead-letter queue (no `:`).', whenUnset: queueDefaults.dlqName }),
  QUARRY_ALLOWED_MODELS: modelListVar().optional().meta({
    description:
      'Model ids, comma-separated (`claude-sonnet-5-5,claude-opus-5-5`), that a job\'s `overrides.model` may name besides the models its workflow\'s versions name (the producer client takes it as `config.allowedModels`). The client and `replay-dlq` refuse any other before enqueuing (`overrides.model: model "…" is not allowed for workflow "…"`); the worker dead-letters such a job written with plain BullMQ as `invalid_payload`, without a model call. Unset: only the workflow\'s own models. Keeps every `model` metric label to configured values.',
    whenUnset: 'none',
  }),
};

/**
 * `QUARRY_INLINE_DOCUMENT_MAX_BYTES`, read by the apps that enqueue or run jobs (worker, CLI): the
 * largest inline base64 document, decoded, 1 to 786432 (so it fits a job of 1 MiB). Optional: unset
 * takes `queueDefaults.limits.inlineDocumentMaxBytes`.
 */
export const inlineDocumentEnv = {
  QUARRY_INLINE_DOCUMENT_MAX_BYTES: integerVar(1, 768 * 1024)
    .optional()
    .meta({
      description:
        'Largest inline (`base64`) document a job may carry, in decoded bytes (1 to 786432, so it fits a job of 1 MiB); the client refuses a larger one naming `input.document.source.data` (store it as a blob instead).',
      whenUnset: `${queueDefaults.limits.inlineDocumentMaxBytes} (${queueDefaults.limits.inlineDocumentMaxBytes / 1024} KiB)`,
    }),
};

/** The Redis every app uses when `REDIS_URL` is unset. */
export const defaultRedisUrl = 'redis://127.0.0.1:6379';

/**
 * The `REDIS_URL` variable every app reads: `redis://` or `rediss://` (TLS) for one server, a user, a
 * password and a database number allowed; with `cluster`, also `redis+cluster://` and
 * `rediss+cluster://` (a seed node). The message names the expected form.
 */
export const redisUrlVar = (options: { readonly cluster: boolean }) =>
  urlVar(
    ['redis:', 'rediss:'],
    'redis://:password@host:6379/0',
    options.cluster ? ['redis+cluster:', 'rediss+cluster:'] : [],
  );
