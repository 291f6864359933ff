import { randomBytes } from 'node:crypto';
import { anthropicEnv } from '@quarry/anthropic';
import {
  booleanVar,
  ConfigError,
  type Env,
  envVariables,
  integerVar,
  parseEnv,
  positiveNumberVar,
  type Redactor,
  textVar,
} from '@quarry/env';
import { type LogFormat, type LogLevel, logEnv } from '@quarry/logging';
import { defaultRedisUrl, type QueueConfigInput, queueEnv, redactRedisUrl, redisUrlVar } from '@quarry/queue';
import { triageDefaults, triageEnv, triageSettings } from '@quarry/triage';
import { workflowsEnv } from '@quarry/workflow-files';
import { z } from 'zod';
import { type DashboardUser, parseUsers, usersForm } from './auth/dashboard-user';
import { DocumentAccess } from './auth/document-access';
import { authProblems, LOOPBACK_HOST } from './auth-problems';
import { type TrustProxy, trustProxyVar } from './trust-proxy';

const hour = 3_600_000;

/** The dashboard's configuration: the parsed value of {@link DashboardEnv}. */
export interface DashboardConfig {
  readonly host: string;
  readonly port: number;
  /** Users who may log in; empty only when `authDisabled`. */
  readonly users: readonly DashboardUser[];
  /** Authentication explicitly switched off (only allowed on 127.0.0.1). */
  readonly authDisabled: boolean;
  /** Signs session cookies and CSRF tokens; random per start unless configured (then they outlive restarts). */
  readonly sessionKey: Buffer;
  readonly sessionTtlMs: number;
  /** Public origin (scheme://host[:port]) when behind a proxy; else taken from each request. */
  readonly origin: string | null;
  /** Which reverse proxies' X-Forwarded-* headers are believed (for the client address and https). */
  readonly trustProxy: TrustProxy;
  readonly redisUrl: string;
  /** Start even when Redis may evict keys (the startup self-check then only warns). */
  readonly allowEviction: boolean;
  /** Workflow files and directories loaded on top of the shipped workflows (`QUARRY_WORKFLOWS`). */
  readonly workflowFiles: readonly string[];
  readonly queue: QueueConfigInput;
  readonly maxRedrives: number;
  readonly replayedRetentionMs: number;
  /** Replays from the dashboard: jobs per second (undefined: unlimited) and in flight at once. */
  readonly replayRate: number | undefined;
  readonly replayConcurrency: number;
  /** Who sees documents (text, page text, originals, blob keys, quotes): every signed-in user, or admins only. */
  readonly documents: DocumentAccess;
  /** The Anthropic API client settings `Cancel batch` uses; null (no cancel) without ANTHROPIC_API_KEY. */
  readonly anthropic: DashboardAnthropicConfig | null;
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
}

/** What the dashboard calls the Anthropic API with (cancelling batches). */
export interface DashboardAnthropicConfig {
  readonly apiKey: string;
  readonly baseURL: string | undefined;
  readonly maxRetries: number;
  readonly timeoutMs: number;
}

const usersVar = z
  .string()
  .trim()
  .transform((text, context) => {
    const { users, problems } = parseUsers(text);
    if (problems.length === 0) return users;
    context.addIssue({ code: 'custom', message: `${usersForm}; ${problems.join('; ')}` });
    return z.NEVER;
  })
  .meta({ type: usersForm });

const originForm = 'an origin (scheme://host[:port], no path) such as https://quarry.example.com';

/**
 * The dashboard's environment: ONE schema over every variable it reads. Empty variables count as
 * unset; unset queue settings take the shared `queueDefaults`, triage settings `triageDefaults`. It
 * refuses unsafe setups: no users without DASHBOARD_AUTH=off, and DASHBOARD_AUTH=off only on
 * 127.0.0.1. The parsed value is the {@link DashboardConfig}.
 */
export const DashboardEnv = z
  .object({
    DASHBOARD_USERS: usersVar.optional().meta({
      description:
        '`name:role:password` entries separated by commas; role `admin`, `reviewer` (accepts and corrects flagged results) or `viewer`; password plain or a `scrypt:` hash. Not required with `DASHBOARD_AUTH=off`.',
      whenUnset: 'required',
    }),
    DASHBOARD_AUTH: booleanVar().default(true).meta({
      description:
        '`on`/`off` (also `true`/`false`, `1`/`0`, `yes`/`no`); `off` only together with `DASHBOARD_HOST=127.0.0.1` (then it warns).',
    }),
    DASHBOARD_HOST: textVar('an address to listen on, e.g. 127.0.0.1 or 0.0.0.0')
      .default(LOOPBACK_HOST)
      .meta({ description: 'Address to listen on; the container image sets `0.0.0.0`.' }),
    DASHBOARD_PORT: integerVar(0, 65_535)
      .default(3100)
      .meta({ description: 'Port (0–65535; 0 picks a free one).' }),
    DASHBOARD_SESSION_SECRET: z
      .string()
      .trim()
      .min(32, { error: 'a secret of at least 32 characters' })
      .meta({ type: 'a secret of at least 32 characters' })
      .optional()
      .meta({
        description:
          '32+ characters signing session cookies and CSRF tokens; set the same on every replica. Unset, each restart logs everyone out.',
        whenUnset: 'random per start',
      }),
    DASHBOARD_SESSION_TTL_HOURS: positiveNumberVar('hours')
      .default(8)
      .meta({ description: 'Session lifetime.' }),
    DASHBOARD_ORIGIN: z
      .string()
      .trim()
      .refine((value) => URL.canParse(value) && new URL(value).origin === value, { error: originForm })
      .meta({ type: originForm })
      .optional()
      .meta({
        description: 'Public origin behind a reverse proxy, e.g. `https://quarry.example.com` (no path).',
        whenUnset: 'from each request',
      }),
    DASHBOARD_TRUST_PROXY: trustProxyVar.default(false).meta({
      description:
        'Proxies whose `X-Forwarded-*` are believed: `false`, a hop count (`1`: one proxy) or their addresses/subnets (`10.0.0.0/8,loopback`); not `true`.',
    }),
    DASHBOARD_REPLAY_RATE: positiveNumberVar('replays per second')
      .optional()
      .meta({ description: 'Replays per second from the dashboard.', whenUnset: 'unlimited' }),
    DASHBOARD_REPLAY_CONCURRENCY: integerVar(1, 64)
      .default(triageDefaults.concurrency)
      .meta({ description: 'Replays in flight (1–64).' }),
    DASHBOARD_DOCUMENTS: z.string().trim().toLowerCase().pipe(DocumentAccess).default('all').meta({
      description:
        'Who sees documents (job text, PDF page text, downloads, blob keys, quotes): `all` signed-in users, or `admin` only (viewers then see a note).',
    }),
    ...triageEnv,
    REDIS_URL: redisUrlVar({ cluster: true })
      .default(defaultRedisUrl)
      .meta({ description: 'one server (`redis://`, `rediss://`) or a Redis Cluster (`redis+cluster://`).' }),
    REDIS_ALLOW_EVICTION: booleanVar().default(false).meta({
      description:
        "Start even when Redis's `maxmemory-policy` is not `noeviction` (the self-check then only warns).",
    }),
    ...queueEnv,
    ...anthropicEnv,
    ANTHROPIC_API_KEY: anthropicEnv.ANTHROPIC_API_KEY.optional().meta({
      description: 'set, admins may cancel a batch on the Batches page (unset: no cancel).',
      whenUnset: 'unset',
    }),
    LOG_LEVEL: logEnv.LOG_LEVEL,
    LOG_FORMAT: logEnv.LOG_FORMAT,
    ...workflowsEnv,
  })
  .superRefine((env, context) => {
    // Only judged when the variables involved are themselves valid (refinements run after field issues too).
    const users = env.DASHBOARD_USERS;
    if (typeof env.DASHBOARD_AUTH !== 'boolean' || (users !== undefined && !Array.isArray(users))) return;
    const problems = authProblems({
      authDisabled: !env.DASHBOARD_AUTH,
      hasUsers: (users?.length ?? 0) > 0,
      host: env.DASHBOARD_HOST,
    });
    for (const problem of problems) {
      context.addIssue({ code: 'custom', path: [problem.variable], message: problem.expected });
    }
  })
  .transform(
    (env): DashboardConfig => ({
      host: env.DASHBOARD_HOST,
      port: env.DASHBOARD_PORT,
      users: env.DASHBOARD_USERS ?? [],
      authDisabled: !env.DASHBOARD_AUTH,
      sessionKey: env.DASHBOARD_SESSION_SECRET
        ? Buffer.from(env.DASHBOARD_SESSION_SECRET, 'utf8')
        : randomBytes(32),
      sessionTtlMs: env.DASHBOARD_SESSION_TTL_HOURS * hour,
      origin: env.DASHBOARD_ORIGIN ?? null,
      trustProxy: env.DASHBOARD_TRUST_PROXY,
      redisUrl: env.REDIS_URL,
      allowEviction: env.REDIS_ALLOW_EVICTION,
      workflowFiles: env.QUARRY_WORKFLOWS ?? [],
      queue: {
        ...(env.QUARRY_PREFIX !== undefined ? { prefix: env.QUARRY_PREFIX } : {}),
        ...(env.QUARRY_QUEUE !== undefined ? { queueName: env.QUARRY_QUEUE } : {}),
        ...(env.QUARRY_DLQ !== undefined ? { dlqName: env.QUARRY_DLQ } : {}),
        ...(env.QUARRY_ALLOWED_MODELS !== undefined ? { allowedModels: env.QUARRY_ALLOWED_MODELS } : {}),
      },
      ...triageSettings(env),
      replayRate: env.DASHBOARD_REPLAY_RATE,
      replayConcurrency: env.DASHBOARD_REPLAY_CONCURRENCY,
      documents: env.DASHBOARD_DOCUMENTS,
      anthropic:
        env.ANTHROPIC_API_KEY === undefined
          ? null
          : {
              apiKey: env.ANTHROPIC_API_KEY,
              baseURL: env.ANTHROPIC_BASE_URL,
              maxRetries: env.ANTHROPIC_MAX_RETRIES,
              timeoutMs: env.ANTHROPIC_TIMEOUT_MS,
            },
      logLevel: env.LOG_LEVEL,
      logFormat: env.LOG_FORMAT,
    }),
  );

/** Every variable the dashboard reads (the keys of {@link DashboardEnv}). */
export const dashboardVariables: readonly string[] = envVariables(DashboardEnv);

/** Variables whose values are secrets: never echoed back, or only with the password masked. */
const redactors: Readonly<Record<string, Redactor>> = {
  DASHBOARD_USERS: () => '[redacted]',
  DASHBOARD_SESSION_SECRET: () => '[redacted]',
  ANTHROPIC_API_KEY: () => '[redacted]',
  REDIS_URL: redactRedisUrl,
};

/**
 * Reads the dashboard's configuration from environment variables (`process.env` by default).
 * @throws ConfigError naming every bad variable and the form it expects.
 */
export function loadDashboardConfig(env: Env = process.env): DashboardConfig {
  const parsed = parseEnv({ schema: DashboardEnv, env, redactors });
  if (parsed.ok) return parsed.value;
  throw new ConfigError({ program: 'dashboard', problems: parsed.problems });
}

/**
 * The startup guard, also applied to configurations built in code: users are required unless
 * authentication is explicitly off, and off is allowed only on 127.0.0.1.
 * @throws ConfigError
 */
export function assertSafeAuth(config: Pick<DashboardConfig, 'authDisabled' | 'users' | 'host'>): void {
  const problems = authProblems({
    authDisabled: config.authDisabled,
    hasUsers: config.users.length > 0,
    host: config.host,
  });
  if (problems.length > 0) throw new ConfigError({ program: 'dashboard', problems });
}
