import { ConfigError, type Env, envVariables, integerVar, parseEnv, textVar } from '@quarry/env';
import { type LogFormat, type LogLevel, logEnv } from '@quarry/logging';
import { defaultRedisUrl, type QueueConfigInput, queueEnv, redactRedisUrl, redisUrlVar } from '@quarry/queue';
import { tenantsEnv, workflowsEnv } from '@quarry/workflow-files';
import { z } from 'zod';
import { apiDefaults } from './api-defaults';

/** The HTTP API's configuration: the parsed value of {@link ApiEnv}. */
export interface ApiConfig {
  readonly host: string;
  readonly port: number;
  readonly redisUrl: string;
  readonly queue: QueueConfigInput;
  /** Workflow files and directories loaded on top of the shipped workflows (`QUARRY_WORKFLOWS`). */
  readonly workflowFiles: readonly string[];
  /** Tenant settings files written to Redis at start (`QUARRY_TENANTS`). */
  readonly tenantFiles: readonly string[];
  /** Largest JSON body, in bytes. */
  readonly maxJsonBytes: number;
  /** Requests one API key may make per rate-limit window. */
  readonly rateLimit: number;
  readonly rateWindowMs: number;
  /** Longest `wait` of `GET /v1/jobs/{id}/result`, in seconds. */
  readonly maxWaitSeconds: number;
  /** Deadline of each Redis operation (waiting for the connection, and each command's reply). */
  readonly redisTimeoutMs: number;
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
}

/**
 * The HTTP API's environment: ONE schema over every variable it reads (documents are stored in the
 * blob store the `QUARRY_BLOB_*` variables name, read separately as the worker's). Empty variables
 * count as unset. The parsed value is the {@link ApiConfig}.
 */
export const ApiEnv = z
  .object({
    API_HOST: textVar('an address to listen on, e.g. 127.0.0.1 or 0.0.0.0')
      .default(apiDefaults.host)
      .meta({ description: 'Address to listen on; the container image sets `0.0.0.0`.' }),
    API_PORT: integerVar(0, 65_535)
      .default(apiDefaults.port)
      .meta({ description: 'Port (0–65535; 0 picks a free one).' }),
    API_MAX_JSON_BYTES: integerVar(1024, 64 * 1024 * 1024)
      .default(apiDefaults.maxJsonBytes)
      .meta({
        description:
          'Largest JSON body of `POST /v1/jobs` in bytes (1 KiB–64 MiB); uploads are capped by `QUARRY_BLOB_MAX_BYTES`.',
      }),
    API_RATE_LIMIT: integerVar(1, 1_000_000)
      .default(apiDefaults.rateLimit)
      .meta({ description: 'Requests one API key may make per window (then 429 with `Retry-After`).' }),
    API_RATE_WINDOW_SECONDS: integerVar(1, 86_400)
      .default(apiDefaults.rateWindowSeconds)
      .meta({ description: 'The rate-limit window, in seconds (1–86400).' }),
    API_MAX_WAIT_SECONDS: integerVar(1, 300).default(apiDefaults.maxWaitSeconds).meta({
      description: 'Longest `wait` of `GET /v1/jobs/{id}/result` (1–300 s); longer waits are clamped.',
    }),
    API_REDIS_TIMEOUT_MS: integerVar(100, 60_000).default(apiDefaults.redisTimeoutMs).meta({
      description: 'Deadline of each Redis operation in milliseconds (100–60000); then 503 `unavailable`.',
    }),
    REDIS_URL: redisUrlVar({ cluster: true })
      .default(defaultRedisUrl)
      .meta({ description: 'one server (`redis://`, `rediss://`) or a Redis Cluster (`redis+cluster://`).' }),
    ...queueEnv,
    LOG_LEVEL: logEnv.LOG_LEVEL,
    LOG_FORMAT: logEnv.LOG_FORMAT,
    ...workflowsEnv,
    ...tenantsEnv,
  })
  .transform(
    (env): ApiConfig => ({
      host: env.API_HOST,
      port: env.API_PORT,
      redisUrl: env.REDIS_URL,
      queue: {
        ...(env.QUARRY_PREFIX !== undefined ? { prefix: env.QUARRY_PREFIX } : {}),
        ...(env.QUARRY_QUEUE !== undefined ? { queueName: env.QUARRY_QUEUE } : {}),
        ...(env.QUARRY_DLQ !== undefined ? { dlqName: env.QUARRY_DLQ } : {}),
        ...(env.QUARRY_ALLOWED_MODELS !== undefined ? { allowedModels: env.QUARRY_ALLOWED_MODELS } : {}),
      },
      workflowFiles: env.QUARRY_WORKFLOWS ?? [],
      tenantFiles: env.QUARRY_TENANTS ?? [],
      maxJsonBytes: env.API_MAX_JSON_BYTES,
      rateLimit: env.API_RATE_LIMIT,
      rateWindowMs: env.API_RATE_WINDOW_SECONDS * 1000,
      maxWaitSeconds: env.API_MAX_WAIT_SECONDS,
      redisTimeoutMs: env.API_REDIS_TIMEOUT_MS,
      logLevel: env.LOG_LEVEL,
      logFormat: env.LOG_FORMAT,
    }),
  );

/** Every variable the HTTP API reads (the keys of {@link ApiEnv}). */
export const apiVariables: readonly string[] = envVariables(ApiEnv);

/**
 * Reads the HTTP API's configuration from environment variables (`process.env` by default).
 * @throws ConfigError naming every bad variable and the form it expects.
 */
export function loadApiConfig(env: Env = process.env): ApiConfig {
  const parsed = parseEnv({ schema: ApiEnv, env, redactors: { REDIS_URL: redactRedisUrl } });
  if (parsed.ok) return parsed.value;
  throw new ConfigError({ program: 'api', problems: parsed.problems });
}
