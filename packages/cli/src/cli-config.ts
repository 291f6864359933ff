import { type Env, parseEnv } from '@quarry/env';
import { parseRedisUrl, QueueConfig, type QueueConfigInput, queueEnv, redactRedisUrl } from '@quarry/queue';
import { z } from 'zod';
import { CliConfigError } from './cli-config-error';

/** Redis and queue settings of the CLI, from the same variables the worker reads. */
export interface CliConfig {
  readonly redisUrl: string;
  /** For messages: the URL without its password. */
  readonly redisUrlRedacted: string;
  readonly queue: QueueConfigInput;
}

/** Environment variables the CLI reads, for help texts. */
export const cliEnvironmentHelp = `Environment:
  REDIS_URL      redis:// or rediss:// URL, password allowed (default redis://127.0.0.1:6379)
  QUARRY_PREFIX  key prefix with a {hash tag} (default {quarry})
  QUARRY_QUEUE   extraction queue name (default extraction)
  QUARRY_DLQ     dead-letter queue name (default extraction-dlq)
  QUARRY_ALLOWED_MODELS  model ids (comma-separated) a model override may name besides the workflow's`;

/** A Redis URL; the message of a bad one names the expected form (with the password redacted). */
const redisUrlVar = z
  .string()
  .trim()
  .superRefine((value, context) => {
    try {
      parseRedisUrl(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/**
 * The CLI's environment: ONE schema. Empty variables count as unset; unset queue settings take the
 * shared `queueDefaults`. Each message names the expected form.
 */
export const CliEnv = z.object({
  REDIS_URL: redisUrlVar.default('redis://127.0.0.1:6379'),
  QUARRY_PREFIX: z.string().trim().pipe(QueueConfig.shape.prefix.unwrap()).optional(),
  QUARRY_QUEUE: z.string().trim().pipe(QueueConfig.shape.queueName.unwrap()).optional(),
  QUARRY_DLQ: z.string().trim().pipe(QueueConfig.shape.dlqName.unwrap()).optional(),
  QUARRY_ALLOWED_MODELS: queueEnv.QUARRY_ALLOWED_MODELS,
});
export type CliEnv = z.output<typeof CliEnv>;

/**
 * Reads the CLI's configuration; empty variables count as unset.
 * @throws CliConfigError naming every bad variable.
 */
export function cliConfig(env: Env): CliConfig {
  const parsed = parseEnv({ schema: CliEnv, env });
  if (!parsed.ok) {
    throw new CliConfigError({
      problems: parsed.problems.map((problem) => `${problem.variable}: ${problem.expected}`),
    });
  }
  const {
    REDIS_URL: redisUrl,
    QUARRY_PREFIX: prefix,
    QUARRY_QUEUE: queueName,
    QUARRY_DLQ: dlqName,
    QUARRY_ALLOWED_MODELS: allowedModels,
  } = parsed.value;
  const queue: QueueConfigInput = {
    ...(prefix !== undefined ? { prefix } : {}),
    ...(queueName !== undefined ? { queueName } : {}),
    ...(dlqName !== undefined ? { dlqName } : {}),
    ...(allowedModels !== undefined ? { allowedModels } : {}),
  };
  return { redisUrl, redisUrlRedacted: redactRedisUrl(redisUrl), queue };
}
