import { randomBytes } from 'node:crypto';
import { parseRedisUrl, QueueConfig, type QueueConfigInput, redactRedisUrl } from '@quarry/queue';
import { triageDefaults } from '@quarry/triage';
import { type DashboardUser, parseUsers, usersForm } from './auth/dashboard-user';
import { DashboardConfigError } from './dashboard-config-error';

/** The only address the dashboard may listen on with authentication switched off. */
export const LOOPBACK_HOST = '127.0.0.1';

/** The dashboard's configuration. */
export interface DashboardConfig {
  readonly host: string;
  readonly port: number;
  /** Users who may log in; empty only when `authDisabled`. */
  readonly users: readonly DashboardUser[];
  /** Authentication explicitly switched off (only allowed on 127.0.0.1). */
  readonly authDisabled: boolean;
  /** Signs session cookies and CSRF tokens; random per start unless configured. */
  readonly sessionKey: Buffer;
  readonly sessionTtlMs: number;
  /** Public origin (scheme://host[:port]) when behind a proxy; else taken from each request. */
  readonly origin: string | null;
  /** Trust X-Forwarded-* from a reverse proxy (for the client address and https). */
  readonly trustProxy: boolean;
  readonly redisUrl: string;
  readonly queue: QueueConfigInput;
  readonly maxRedrives: number;
  readonly replayedRetentionMs: number;
  /** Replays from the dashboard: jobs per second (undefined: unlimited) and in flight at once. */
  readonly replayRate: number | undefined;
  readonly replayConcurrency: number;
  readonly logLevel: string;
}

/** Every variable the dashboard reads, for help texts and the README. */
export const dashboardEnvironmentHelp = `  DASHBOARD_USERS            ${usersForm}
  DASHBOARD_AUTH             on (default) or off; off only with DASHBOARD_HOST=127.0.0.1
  DASHBOARD_HOST             address to listen on (default 127.0.0.1)
  DASHBOARD_PORT             port (default 3100)
  DASHBOARD_SESSION_SECRET   32+ characters signing session cookies (default: random per start)
  DASHBOARD_SESSION_TTL_HOURS session lifetime (default 8)
  DASHBOARD_ORIGIN           public origin behind a reverse proxy, e.g. https://quarry.example.com
  DASHBOARD_TRUST_PROXY      true to trust X-Forwarded-* headers (default false)
  DASHBOARD_REPLAY_RATE      replays per second from the dashboard (default unlimited)
  DASHBOARD_REPLAY_CONCURRENCY replays in flight (default ${triageDefaults.concurrency})
  QUARRY_MAX_REDRIVES        redrives before a chain is quarantined (default ${triageDefaults.maxRedrives})
  QUARRY_DLQ_REPLAYED_RETENTION_DAYS days replayed DLQ records are kept (default 30)
  REDIS_URL, QUARRY_PREFIX, QUARRY_QUEUE, QUARRY_DLQ, LOG_LEVEL as for the worker`;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads the dashboard's configuration and refuses unsafe setups: no users without DASHBOARD_AUTH=off,
 * and DASHBOARD_AUTH=off only on 127.0.0.1.
 * @throws DashboardConfigError naming every problem.
 */
export function loadDashboardConfig(env: Env = process.env): DashboardConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const number = (name: string, fallback: number, check: (n: number) => boolean, form: string): number => {
    const text = read(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || !check(value)) {
      problems.push(`${name}: must be ${form}, got "${text}"`);
      return fallback;
    }
    return value;
  };
  const flag = (name: string, fallback: boolean, yes: string[], no: string[]): boolean => {
    const text = read(name)?.toLowerCase();
    if (text === undefined) return fallback;
    if (yes.includes(text)) return true;
    if (no.includes(text)) return false;
    problems.push(`${name}: must be one of ${[...yes, ...no].join(', ')}, got "${text}"`);
    return fallback;
  };

  const host = read('DASHBOARD_HOST') ?? LOOPBACK_HOST;
  const port = number(
    'DASHBOARD_PORT',
    3100,
    (n) => Number.isInteger(n) && n >= 0 && n <= 65_535,
    'a port 0-65535',
  );
  const authDisabled = !flag('DASHBOARD_AUTH', true, ['on', 'true', '1', 'yes'], ['off', 'false', '0', 'no']);
  const usersText = read('DASHBOARD_USERS');
  const parsedUsers = usersText ? parseUsers(usersText) : { users: [], problems: [] };
  problems.push(...parsedUsers.problems.map((problem) => `DASHBOARD_USERS: ${problem}`));
  if (!authDisabled && !usersText) {
    problems.push(
      `DASHBOARD_USERS: no users; set ${usersForm} (or DASHBOARD_AUTH=off, allowed only with DASHBOARD_HOST=${LOOPBACK_HOST})`,
    );
  }
  if (authDisabled && host !== LOOPBACK_HOST) {
    problems.push(`DASHBOARD_AUTH: off is allowed only with DASHBOARD_HOST=${LOOPBACK_HOST}, not "${host}"`);
  }
  const secret = read('DASHBOARD_SESSION_SECRET');
  if (secret !== undefined && secret.length < 32) {
    problems.push('DASHBOARD_SESSION_SECRET: must have at least 32 characters');
  }
  const origin = read('DASHBOARD_ORIGIN') ?? null;
  if (origin !== null && (!URL.canParse(origin) || new URL(origin).origin !== origin)) {
    problems.push(`DASHBOARD_ORIGIN: must be an origin such as https://quarry.example.com, got "${origin}"`);
  }
  const redisUrl = read('REDIS_URL') ?? 'redis://127.0.0.1:6379';
  try {
    parseRedisUrl(redisUrl);
  } catch (error) {
    problems.push(`REDIS_URL: ${(error as Error).message} (${redactRedisUrl(redisUrl)})`);
  }
  const queue: QueueConfigInput = {
    ...(read('QUARRY_PREFIX') ? { prefix: read('QUARRY_PREFIX') } : {}),
    ...(read('QUARRY_QUEUE') ? { queueName: read('QUARRY_QUEUE') } : {}),
    ...(read('QUARRY_DLQ') ? { dlqName: read('QUARRY_DLQ') } : {}),
  };
  const queueCheck = QueueConfig.safeParse(queue);
  if (!queueCheck.success) {
    const variables: Record<string, string> = {
      prefix: 'QUARRY_PREFIX',
      queueName: 'QUARRY_QUEUE',
      dlqName: 'QUARRY_DLQ',
    };
    for (const issue of queueCheck.error.issues) {
      problems.push(`${variables[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
    }
  }
  const hours = number('DASHBOARD_SESSION_TTL_HOURS', 8, (n) => n > 0, 'a number of hours > 0');
  const days = number('QUARRY_DLQ_REPLAYED_RETENTION_DAYS', 30, (n) => n > 0, 'a number of days > 0');
  const maxRedrives = number(
    'QUARRY_MAX_REDRIVES',
    triageDefaults.maxRedrives,
    Number.isInteger,
    'an integer ≥ 0',
  );
  const rateText = read('DASHBOARD_REPLAY_RATE');
  const replayRate =
    rateText === undefined ? undefined : number('DASHBOARD_REPLAY_RATE', 1, (n) => n > 0, 'a number > 0');
  const replayConcurrency = number(
    'DASHBOARD_REPLAY_CONCURRENCY',
    triageDefaults.concurrency,
    (n) => Number.isInteger(n) && n >= 1 && n <= 64,
    'an integer from 1 to 64',
  );
  const trustProxy = flag(
    'DASHBOARD_TRUST_PROXY',
    false,
    ['true', '1', 'yes', 'on'],
    ['false', '0', 'no', 'off'],
  );
  if (problems.length > 0) throw new DashboardConfigError({ problems });
  return {
    host,
    port,
    users: parsedUsers.users,
    authDisabled,
    sessionKey: secret ? Buffer.from(secret, 'utf8') : randomBytes(32),
    sessionTtlMs: hours * 3_600_000,
    origin,
    trustProxy,
    redisUrl,
    queue,
    maxRedrives,
    replayedRetentionMs: days * 86_400_000,
    replayRate,
    replayConcurrency,
    logLevel: read('LOG_LEVEL') ?? 'info',
  };
}

/**
 * The startup guard, also applied to configurations built in code: users are required unless
 * authentication is explicitly off, and off is allowed only on 127.0.0.1.
 * @throws DashboardConfigError
 */
export function assertSafeAuth(config: Pick<DashboardConfig, 'authDisabled' | 'users' | 'host'>): void {
  if (config.authDisabled && config.host !== LOOPBACK_HOST) {
    throw new DashboardConfigError({
      problems: [`authentication may be off only when listening on ${LOOPBACK_HOST}, not "${config.host}"`],
    });
  }
  if (!config.authDisabled && config.users.length === 0) {
    throw new DashboardConfigError({ problems: ['no users are configured and authentication is on'] });
  }
}
