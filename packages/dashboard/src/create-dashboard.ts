import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BlobStore, WorkflowRegistry } from '@quarry/core';
import {
  assertRedisSafe,
  BatchesView,
  BatchRecords,
  DashboardSessionStore,
  EvalRunStore,
  LabelledSetStore,
  OverviewCounts,
  queueDefaults,
  type RedisClient,
  ReviewCorrections,
  ReviewIndex,
  redactRedisUrl,
  redisClient,
  TenantStore,
  TenantUsageStore,
  WebhookSubscriptionStore,
  WorkflowStatsStore,
} from '@quarry/queue';
import { createTriage, type Triage } from '@quarry/triage';
import { defaultRegistry } from '@quarry/workflows';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { Authenticator } from './auth/authenticator';
import { CsrfSigner } from './auth/csrf-signer';
import { LoginThrottle } from './auth/login-throttle';
import { RedisSessionStore } from './auth/redis-session-store';
import { dashboardApp } from './dashboard-app';
import { assertSafeAuth, type DashboardConfig } from './dashboard-config';
import { dashboardDefaults } from './dashboard-defaults';
import { createDashboardLogger } from './dashboard-logger';
import { pruneReplayedEvery } from './prune-replayed';
import { logRedisConnection } from './redis-connection-log';
import { RedisReadiness } from './redis-readiness';
import { startWithRedis } from './redis-startup';

/** Options of {@link createDashboard}. */
export interface CreateDashboardOptions {
  /** Usually `loadDashboardConfig()`. */
  readonly config: DashboardConfig;
  /** A connection the caller owns (kept open on close). Default: one opened from `config.redisUrl`. */
  readonly connection?: RedisClient;
  /**
   * Workflows replays and review corrections are validated against, and whose documents the pages
   * show. Default: the shipped workflows.
   */
  readonly registry?: WorkflowRegistry;
  /**
   * Where document jobs' originals are read from, for their page text and downloads (the caller
   * closes it). Default: none; the pages then say downloads are not configured.
   */
  readonly blobs?: BlobStore | null;
  /** Default: {@link createDashboardLogger} at `config.logLevel` and `config.logFormat` on standard output. */
  readonly logger?: Logger;
  readonly now?: () => number;
  /** How often replayed DLQ records past their retention are pruned. Default hourly; 0 switches it off. */
  readonly pruneIntervalMs?: number;
  /** How long `listen()` waits for an unreachable Redis before starting without it. Default 2 s. */
  readonly redisStartupWaitMs?: number;
}

/** A dashboard ready to listen. */
export interface Dashboard {
  readonly app: Express;
  readonly triage: Triage;
  /**
   * Runs the Redis self-check, then starts listening on `config.host`/`config.port`; resolves with the
   * URL (port 0 picks a free one). When Redis is unreachable it logs so and listens anyway, answering
   * 503 (and `/readyz` not ready) until Redis is back and has passed the check.
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
 * security headers on every response. Only `/healthz`, the stylesheet, the document view's script and the login page answer
 * without credentials.
 * @throws ConfigError when authentication is off on a non-loopback address, or on with no users.
 */
export function createDashboard(options: CreateDashboardOptions): Dashboard {
  const { config } = options;
  assertSafeAuth(config);
  const now = options.now ?? Date.now;
  const log = options.logger ?? createDashboardLogger({ level: config.logLevel, format: config.logFormat });
  // Fail fast: no command waits for a Redis that is down (no offline queue) or silent (command timeout).
  const connection =
    options.connection ??
    redisClient(config.redisUrl, {
      role: 'producer',
      connectionName: 'quarry-dashboard',
      commandTimeoutMs: dashboardDefaults.redisCommandTimeoutMs,
    });
  const stopConnectionLog = logRedisConnection({ connection, redisUrl: config.redisUrl, log });
  const readiness = new RedisReadiness({ connection, pingTimeoutMs: dashboardDefaults.redisPingTimeoutMs });
  const registry = options.registry ?? defaultRegistry();
  const triage = createTriage({
    connection,
    registry,
    config: config.queue,
    maxRedrives: config.maxRedrives,
    replayedRetentionMs: config.replayedRetentionMs,
    now,
    onUnreadable: (error) =>
      log.warn({ dlqId: error.dlqId, problems: error.problems }, 'unreadable DLQ record skipped'),
  });
  const { keys } = triage.queues;
  const signer = new CsrfSigner(config.sessionKey);
  const authenticator = config.authDisabled ? null : new Authenticator({ users: config.users, now });
  const sessionStore = new RedisSessionStore({
    sessions: new DashboardSessionStore({ redis: connection, keys }),
    now,
  });
  const throttle = new LoginThrottle({ redis: connection, keys });
  let port = config.port;

  const app = dashboardApp({
    config,
    readiness,
    authenticator,
    sessionStore,
    throttle,
    triage,
    batches: {
      view: new BatchesView({ redis: connection, keys }),
      records: new BatchRecords({ redis: connection, keys }),
    },
    webhooks: new WebhookSubscriptionStore({ redis: connection, keys }),
    tenants: {
      store: new TenantStore({ redis: connection, keys, queue: triage.queues.queue }),
      usage: new TenantUsageStore({ redis: connection, keys }),
    },
    review: new ReviewIndex({ redis: connection, keys }),
    corrections: new ReviewCorrections({
      redis: connection,
      keys,
      queue: triage.queues.queue,
      registry,
      now,
    }),
    evals: {
      runs: new EvalRunStore({ redis: connection, keys }),
      sets: new LabelledSetStore({ redis: connection, keys, now }),
    },
    overview: {
      counts: new OverviewCounts({ redis: connection, keys, queue: triage.queues.queue }),
      stats: new WorkflowStatsStore({ redis: connection, keys, now }),
    },
    registry,
    blobs: options.blobs ?? null,
    signer,
    log,
    now,
    port: () => port,
  });

  const pruneIntervalMs = options.pruneIntervalMs ?? dashboardDefaults.pruneIntervalMs;
  let stopPruning: (() => void) | null = null;

  let server: Server | null = null;
  return {
    app,
    triage,
    async listen() {
      await startWithRedis({
        connection,
        readiness,
        redisUrl: config.redisUrl,
        log,
        waitMs: options.redisStartupWaitMs ?? dashboardDefaults.redisStartupWaitMs,
        selfCheck: () =>
          assertRedisSafe({
            redis: connection,
            prefix: config.queue.prefix ?? queueDefaults.prefix,
            allowEviction: config.allowEviction,
            overrideHint: 'set REDIS_ALLOW_EVICTION=true to start anyway',
            log,
          }),
      });
      if (pruneIntervalMs > 0 && !stopPruning)
        stopPruning = pruneReplayedEvery({ triage, log, intervalMs: pruneIntervalMs });
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
      stopPruning?.();
      const closing = server;
      if (closing) {
        closing.closeAllConnections();
        await new Promise<void>((resolve) => closing.close(() => resolve()));
      }
      await triage.close();
      stopConnectionLog();
      if (!options.connection) await connection.quit().catch(() => connection.disconnect());
    },
  };
}
