import type { BlobStore, WorkflowRegistry } from '@quarry/core';
import type {
  BatchesView,
  BatchRecords,
  EvalRunStore,
  LabelledSetStore,
  OverviewCounts,
  ReviewCorrections,
  ReviewIndex,
  TenantStore,
  TenantUsageStore,
  WebhookSubscriptionStore,
  WorkflowStatsStore,
} from '@quarry/queue';
import type { Triage } from '@quarry/triage';
import express, { type Express } from 'express';
import type { Store } from 'express-session';
import type { Logger } from 'pino';
import { QUARRY_CSS } from './assets';
import type { Authenticator } from './auth/authenticator';
import type { CsrfSigner } from './auth/csrf-signer';
import type { LoginThrottle } from './auth/login-throttle';
import { sessionCookie } from './auth/session-cookie';
import { BOARD_PATH, boardsByRole, createBullBoards } from './bull-boards';
import type { DashboardConfig } from './dashboard-config';
import { dashboardDefaults } from './dashboard-defaults';
import { DOCUMENT_VIEW_JS } from './document-view-script';
import type { DashboardDocuments } from './documents/dashboard-documents';
import { pageTextCache } from './documents/page-text-cache';
import { errorHandler } from './error-handler';
import { redisGate } from './redis-gate';
import type { RedisReadiness } from './redis-readiness';
import { loopbackHostOnly, sameOriginMutations } from './request-guards';
import { authRoutes, requireAuth } from './routes/auth-routes';
import { batchesRoutes } from './routes/batches-routes';
import { documentRoutes } from './routes/document-routes';
import { evalsRoutes } from './routes/evals-routes';
import { healthRoutes } from './routes/health-routes';
import { jobRoutes } from './routes/job-routes';
import { overviewRoutes } from './routes/overview-routes';
import { reviewCorrectRoutes } from './routes/review-correct-routes';
import { reviewRoutes } from './routes/review-routes';
import { tenantsRoutes } from './routes/tenants-routes';
import { triageRoutes } from './routes/triage-routes';
import { webhooksRoutes } from './routes/webhooks-routes';
import { securityHeaders } from './security-headers';

/** What {@link dashboardApp} wires together. */
export interface DashboardAppOptions {
  readonly config: DashboardConfig;
  readonly readiness: RedisReadiness;
  /** Null when authentication is off. */
  readonly authenticator: Authenticator | null;
  /** Where sessions live (with authentication on). */
  readonly sessionStore: Store;
  readonly throttle: LoginThrottle;
  readonly triage: Triage;
  /** The batch lane's read model and records (the Batches pages). */
  readonly batches: { readonly view: BatchesView; readonly records: BatchRecords };
  /** Webhook subscriptions and their delivery history (the Webhooks page). */
  readonly webhooks: WebhookSubscriptionStore;
  /** Tenants' settings, gates and usage figures (the Tenants page). */
  readonly tenants: { readonly store: TenantStore; readonly usage: TenantUsageStore };
  /** What the overview's charts are drawn from. */
  readonly overview: { readonly counts: OverviewCounts; readonly stats: WorkflowStatsStore };
  /** Jobs flagged for review (the Review page). */
  readonly review: ReviewIndex;
  /** Corrections from review (the Review page's Correct). */
  readonly corrections: ReviewCorrections;
  /** Stored evaluation runs and the labelled sets they ran (the Evals pages). */
  readonly evals: { readonly runs: EvalRunStore; readonly sets: LabelledSetStore };
  /** The workflows whose documents and grounding settings the job, review and DLQ pages read. */
  readonly registry: WorkflowRegistry;
  /** Where document jobs' originals are read from (page text, downloads); null when none is configured. */
  readonly blobs: BlobStore | null;
  readonly signer: CsrfSigner;
  readonly log: Logger;
  readonly now: () => number;
  /** The port listened on (for the loopback-host check with authentication off). */
  readonly port: () => number;
}

/**
 * The dashboard's express app, in order: security headers; `/healthz` and `/readyz`; the loopback-host
 * and same-origin guards; the stylesheet and script; 503 while Redis is unavailable; the session cookie, login
 * and logout; authentication; no caching of anything it shows; bull-board by role; the overview; the triage pages;
 * the Batches pages; the Tenants and Webhooks pages; the job page; the review page, Accept and Correct; the Evals pages; document downloads; 404; errors. Documents (and
 * their extracted page text, kept in memory) are shown to whom `config.documents` allows.
 */
export function dashboardApp(options: DashboardAppOptions): Express {
  const { config, readiness, authenticator, throttle, log } = options;
  const documents: DashboardDocuments = {
    blobs: options.blobs,
    cache: pageTextCache({
      maxChars: dashboardDefaults.pageTextCacheChars,
      maxEntries: dashboardDefaults.pageTextCacheEntries,
    }),
    access: config.documents,
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders({ https: config.origin?.startsWith('https:') ?? false }));
  app.use(healthRoutes(readiness));
  if (config.authDisabled) app.use(loopbackHostOnly(options.port));
  app.use(sameOriginMutations(config.origin));
  app.get('/assets/quarry.css', (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(QUARRY_CSS);
  });
  app.get('/assets/document-view.js', (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'public, max-age=3600').send(DOCUMENT_VIEW_JS);
  });
  app.use(redisGate(readiness));
  if (authenticator) {
    app.use(
      sessionCookie({ store: options.sessionStore, key: config.sessionKey, ttlMs: config.sessionTtlMs }),
    );
    app.use(authRoutes({ authenticator, throttle, sessionTtlMs: config.sessionTtlMs, log }));
  }
  app.use(requireAuth({ authenticator, throttle }));
  // Pages and the queue API show document text and model output: never kept by a browser or a proxy.
  app.use((req, res, next) => {
    if (!req.path.startsWith(`${BOARD_PATH}/static/`)) res.set('Cache-Control', 'no-store');
    next();
  });
  const boards = createBullBoards({
    queues: options.triage.queues,
    viewersSeeDocuments: config.documents === 'all',
  });
  app.use(BOARD_PATH, boardsByRole({ boards, log }));
  app.use(
    overviewRoutes({
      ...options.overview,
      triage: options.triage,
      batches: options.batches.view,
      signer: options.signer,
      now: options.now,
    }),
  );
  app.use(
    triageRoutes({
      triage: options.triage,
      registry: options.registry,
      signer: options.signer,
      documents,
      log,
      now: options.now,
      replayRate: config.replayRate,
      replayConcurrency: config.replayConcurrency,
    }),
  );
  app.use(
    batchesRoutes({
      view: options.batches.view,
      records: options.batches.records,
      signer: options.signer,
      anthropic: config.anthropic,
      log,
      now: options.now,
    }),
  );
  app.use(
    tenantsRoutes({
      ...options.tenants,
      queue: options.triage.queues.queue,
      signer: options.signer,
      now: options.now,
    }),
  );
  app.use(webhooksRoutes({ store: options.webhooks, signer: options.signer, now: options.now }));
  app.use(
    jobRoutes({
      queues: options.triage.queues,
      registry: options.registry,
      signer: options.signer,
      documents,
    }),
  );
  app.use(
    reviewRoutes({
      queues: options.triage.queues,
      review: options.review,
      registry: options.registry,
      signer: options.signer,
      documents,
      log,
      now: options.now,
    }),
  );
  app.use(
    reviewCorrectRoutes({
      review: options.review,
      corrections: options.corrections,
      signer: options.signer,
      log,
    }),
  );
  app.use(evalsRoutes({ ...options.evals, signer: options.signer, documents, now: options.now }));
  app.use(documentRoutes({ queues: options.triage.queues, triage: options.triage, documents }));
  app.use((_req, res) => {
    res.status(404).json({ error: 'not_found' });
  });
  app.use(errorHandler({ readiness, log }));
  return app;
}
