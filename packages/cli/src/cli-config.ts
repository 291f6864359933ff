import { anthropicEnv } from '@quarry/anthropic';
import { ConfigError, type Env, parseEnv, type Redactor } from '@quarry/env';
import {
  defaultRedisUrl,
  inlineDocumentEnv,
  type QueueConfigInput,
  queueEnv,
  redactRedisUrl,
  redisUrlVar,
  type WebhookSettings,
  webhookEnv,
  webhookSettings,
} from '@quarry/queue';
import { triageEnv, triageSettings } from '@quarry/triage';
import { z } from 'zod';

/** Redis and queue settings of the CLI, from the same variables the worker reads. */
export interface CliConfig {
  readonly redisUrl: string;
  /** For messages: the URL without its password. */
  readonly redisUrlRedacted: string;
  readonly queue: QueueConfigInput;
}

/** The CLI's settings of the triage service (DLQ commands), from the variables the dashboard reads too. */
export interface CliTriageConfig extends CliConfig {
  readonly maxRedrives: number;
  readonly replayedRetentionMs: number;
}

/**
 * The CLI's environment: the shared `REDIS_URL` (`redis+cluster://` for a Redis Cluster, as producers
 * and workers take it) and queue variables. Empty variables count as unset; unset queue settings take `queueDefaults`.
 */
export const CliEnv = z.object({
  REDIS_URL: redisUrlVar({ cluster: true }).default(defaultRedisUrl).meta({
    description:
      "`redis://` or `rediss://` (TLS) URL; may carry a user, a password and a database number (`redis://:password@host:6379/2`). Producers and workers also take a Redis Cluster as `redis+cluster://host:port` (`rediss+cluster://` for TLS, `?seeds=host:port,…` for more seed nodes); the dashboard and the CLI's DLQ commands need one server. The demo uses it only when set.",
  }),
  ...queueEnv,
  ...inlineDocumentEnv,
});
export type CliEnv = z.output<typeof CliEnv>;

/** The environment of the DLQ commands: {@link CliEnv} and the shared triage variables. */
export const CliTriageEnv = CliEnv.extend(triageEnv);
export type CliTriageEnv = z.output<typeof CliTriageEnv>;

/** The environment of `quarry batches cancel`: {@link CliEnv} and the worker's Anthropic API variables. */
export const CliAnthropicEnv = CliEnv.extend(anthropicEnv);
export type CliAnthropicEnv = z.output<typeof CliAnthropicEnv>;

/** The environment of `quarry webhooks`: {@link CliEnv} and the webhook variables the worker reads. */
export const CliWebhookEnv = CliEnv.extend(webhookEnv);
export type CliWebhookEnv = z.output<typeof CliWebhookEnv>;

/** The CLI's settings of the webhook commands: where a URL may point, the deadline, the tries of a replay. */
export interface CliWebhookConfig extends CliConfig {
  readonly webhooks: WebhookSettings;
}

/** The CLI's settings of an Anthropic API client, from the variables the worker reads. */
export interface CliAnthropicConfig extends CliConfig {
  readonly anthropic: {
    readonly apiKey: string;
    readonly baseURL: string | undefined;
    readonly maxRetries: number;
    readonly timeoutMs: number;
  };
}

/** The password of a Redis URL is never echoed back. */
const redactors: Readonly<Record<string, Redactor>> = {
  ANTHROPIC_API_KEY: () => '[redacted]',
  REDIS_URL: redactRedisUrl,
};

function parse<S extends typeof CliEnv | typeof CliTriageEnv | typeof CliAnthropicEnv | typeof CliWebhookEnv>(
  schema: S,
  env: Env,
): z.output<S> {
  const parsed = parseEnv({ schema, env, redactors });
  if (!parsed.ok) throw new ConfigError({ program: 'CLI', problems: parsed.problems });
  return parsed.value;
}

function fromEnv(env: CliEnv): CliConfig {
  const queue: QueueConfigInput = {
    ...(env.QUARRY_PREFIX !== undefined ? { prefix: env.QUARRY_PREFIX } : {}),
    ...(env.QUARRY_QUEUE !== undefined ? { queueName: env.QUARRY_QUEUE } : {}),
    ...(env.QUARRY_DLQ !== undefined ? { dlqName: env.QUARRY_DLQ } : {}),
    ...(env.QUARRY_ALLOWED_MODELS !== undefined ? { allowedModels: env.QUARRY_ALLOWED_MODELS } : {}),
    ...(env.QUARRY_INLINE_DOCUMENT_MAX_BYTES !== undefined
      ? { limits: { inlineDocumentMaxBytes: env.QUARRY_INLINE_DOCUMENT_MAX_BYTES } }
      : {}),
  };
  return { redisUrl: env.REDIS_URL, redisUrlRedacted: redactRedisUrl(env.REDIS_URL), queue };
}

/**
 * Reads the CLI's configuration ({@link CliEnv}).
 * @throws ConfigError naming every bad variable and the form it expects.
 */
export function cliConfig(env: Env): CliConfig {
  return fromEnv(parse(CliEnv, env));
}

/**
 * Reads the configuration of the DLQ commands ({@link CliTriageEnv}).
 * @throws ConfigError naming every bad variable and the form it expects.
 */
export function cliTriageConfig(env: Env): CliTriageConfig {
  const parsed = parse(CliTriageEnv, env);
  return { ...fromEnv(parsed), ...triageSettings(parsed) };
}

/**
 * Reads the configuration of the commands that call the Anthropic API ({@link CliAnthropicEnv}).
 * @throws ConfigError naming every bad variable (the API key is never echoed).
 */
export function cliAnthropicConfig(env: Env): CliAnthropicConfig {
  const parsed = parse(CliAnthropicEnv, env);
  return {
    ...fromEnv(parsed),
    anthropic: {
      apiKey: parsed.ANTHROPIC_API_KEY,
      baseURL: parsed.ANTHROPIC_BASE_URL,
      maxRetries: parsed.ANTHROPIC_MAX_RETRIES,
      timeoutMs: parsed.ANTHROPIC_TIMEOUT_MS,
    },
  };
}

/**
 * Reads the configuration of the webhook commands ({@link CliWebhookEnv}).
 * @throws ConfigError naming every bad variable and the form it expects.
 */
export function cliWebhookConfig(env: Env): CliWebhookConfig {
  const parsed = parse(CliWebhookEnv, env);
  return { ...fromEnv(parsed), webhooks: webhookSettings(parsed) };
}
