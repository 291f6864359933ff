import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkflowRegistry } from '@quarry/core';
import { assertRedisSafe, queueDefaults, redactRedisUrl, redisConnection } from '@quarry/queue';
import { createTriage, type Triage } from '@quarry/triage';
import { defaultRegistry } from '@quarry/workflows';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { QUARRY_CSS } from './assets';
import { Authenticator } from './auth/authenticator';
import { LoginThrottle } from './auth/login-throttle';
import { principalOf } from './auth/principal';
import { SessionSigner } from './auth/session-signer';
import { BOARD_PATH, createBullBoards } from './bull-boards';
import { assertSafeAuth, type DashboardConfig } from './dashboard-config';
import { createDashboardLogger } from './dashboard-logger';
import { isMutating, loopbackHostOnly, sameOriginMutations } from './request-guards';
import { authRoutes, requireAuth } from './routes/auth-routes';
import { triageRoutes } from './routes/triage-routes';
import { securityHeaders } from './security-headers';

/** Options of {@link createDashboard}. */
export interface CreateDashboardOptions {
  /** Usually `loadDashboardConfig()`. */
  readonly config: DashboardConfig;
  /** A connection the caller owns (kept open on close). Default: one opened from `config.redisUrl`. */
  readonly connection?: Redis;
  /** Workflows replays are validated against. Default: the shipped workflows. */
  readonly registry?: WorkflowRegistry;
  /** Default: {@link createDashboardLogger} at `config.logLevel` and `config.logFormat` on standard output. */
  readonly logger?: Logger;
  readonly now?: () => number;
  /** How often replayed DLQ records past their retention are pruned. Default hourly; 0 switches it off. */
  readonly pruneIntervalMs?: number;
}

/** A dashboard ready to listen. */
export interface Dashboard {
  readonly app: Express;
  readonly triage: Triage;
  /**
   * Runs the Redis self-check, then starts listening on `config.host`/`config.port`; resolves with the
   * URL (port 0 picks a free one).
   * @throws RedisSelfCheckError when Redis may evict keys (unless `config.allowEviction`) or is too old.
   */
  listen(): Promise<{ readonly url: string; readonly port: number }>;
  /** Stops listening and closes what it opened. */
  close(): Promise<void>;
}

/**
 * Builds the dashboard: bull-board over the extraction queue and the DLQ (read-only for viewers),
 * the triage pages and replay through the triage service, behind authentication (session cookie
 * after the login form, or HTTP Basic), same-origin checks and CSRF tokens on mutations, and
 * security headers on every response. Only `/healthz`, the stylesheet and the login page answer
 * without credentials.
 * @throws DashboardConfigError when authentication is off on a non-loopback address, or on with no users.
 */
export function createDashboard(options: CreateDashboardOptions): Dashboard {
  const { config } = options;
  assertSafeAuth(config);
  const now = options.now ?? Date.now;
  const log = options.logger ?? createDashboardLogger({ level: config.logLevel, format: config.logFormat });
  const connection =
    options.connection ??
    redisConnection(config.redisUrl, { role: 'worker', connectionName: 'quarry-dashboard' });
  const triage = createTriage({
    connection,
    registry: options.registry ?? defaultRegistry(),
    config: config.queue,
    maxRedrives: config.maxRedrives,
    replayedRetentionMs: config.replayedRetentionMs,
    now,
    onUnreadable: (error) =>
      log.warn({ dlqId: error.dlqId, problems: error.problems }, 'unreadable DLQ record skipped'),
  });
  const signer = new SessionSigner(config.sessionKey);
  const authenticator = config.authDisabled ? null : new Authenticator({ users: config.users, signer, now });
  const throttle = new LoginThrottle({ maxFailures: 10, windowMs: 5 * 60_000, now });
  let port = config.port;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders({ https: config.origin?.startsWith('https:') ?? false }));
  // Liveness for container healthchecks: answers while the process serves HTTP, without credentials.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ alive: true });
  });
  if (config.authDisabled) app.use(loopbackHostOnly(() => port));
  app.use(sameOriginMutations(config.origin));
  app.get('/assets/quarry.css', (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(QUARRY_CSS);
  });
  if (authenticator) app.use(authRoutes({ authenticator, throttle, sessionTtlMs: config.sessionTtlMs, log }));
  app.use(requireAuth({ authenticator, throttle }));

  const boards = createBullBoards(triage.queues);
  app.use(BOARD_PATH, (req, res, next) => {
    const principal = principalOf(res);
    if (principal.role !== 'admin' && isMutating(req.method)) {
      res.status(403).json({ error: 'forbidden', message: 'the viewer role is read-only' });
      return;
    }
    if (isMutating(req.method))
      log.info({ user: principal.name, method: req.method, path: req.path }, 'queue change');
    (principal.role === 'admin' ? boards.admin : boards.viewer)(req, res, next);
  });
  app.use(
    triageRoutes({
      triage,
      signer,
      log,
      now,
      replayRate: config.replayRate,
      replayConcurrency: config.replayConcurrency,
    }),
  );
  app.use((_req, res) => {
    res.status(404).json({ error: 'not_found' });
  });
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    log.error(
      { err: { name: (error as Error).name, message: (error as Error).message }, path: req.path },
      'request failed',
    );
    if (!res.headersSent)
      res.status(500).json({ error: 'internal', message: 'the request failed; see the dashboard log' });
  };
  app.use(onError);

  const pruneIntervalMs = options.pruneIntervalMs ?? 3_600_000;
  const prune = () =>
    triage.pruneReplayed().then(
      ({ removed }) =>
        removed.length > 0 && log.info({ removed: removed.length }, 'pruned replayed DLQ records'),
      (error: unknown) =>
        log.error({ err: { message: (error as Error).message } }, 'pruning replayed DLQ records failed'),
    );
  let timer: NodeJS.Timeout | null = null;

  let server: Server | null = null;
  return {
    app,
    triage,
    async listen() {
      await assertRedisSafe({
        redis: connection,
        prefix: config.queue.prefix ?? queueDefaults.prefix,
        allowEviction: config.allowEviction,
        overrideHint: 'set REDIS_ALLOW_EVICTION=true to start anyway',
        log,
      });
      if (pruneIntervalMs > 0 && !timer) {
        timer = setInterval(prune, pruneIntervalMs);
        timer.unref();
      }
      return new Promise((resolve, reject) => {
        const started = app.listen(config.port, config.host, () => {
          port = (started.address() as AddressInfo).port;
          if (config.authDisabled) {
            log.warn(
              { host: config.host, port },
              'authentication is OFF: anyone on this machine can change the queues',
            );
          }
          log.info(
            {
              host: config.host,
              port,
              users: config.users.length,
              redisUrl: redactRedisUrl(config.redisUrl),
              queue: config.queue,
            },
            'dashboard listening',
          );
          resolve({ url: `http://${config.host}:${port}`, port });
        });
        started.once('error', reject);
        server = started;
      });
    },
    async close() {
      if (timer) clearInterval(timer);
      const closing = server;
      if (closing) {
        closing.closeAllConnections();
        await new Promise<void>((resolve) => closing.close(() => resolve()));
      }
      await triage.close();
      if (!options.connection) await connection.quit().catch(() => connection.disconnect());
    },
  };
}
