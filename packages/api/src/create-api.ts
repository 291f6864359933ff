import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlobStoreError } from '@quarry/blobs';
import {
  createQuarryClient,
  DocumentRejectedError,
  EnqueueValidationError,
  type QuarryClient,
} from '@quarry/client';
import type { BlobStore, TenantSettings, WorkflowRegistry } from '@quarry/core';
import { securityHeaders } from '@quarry/dashboard';
import {
  ApiIdempotencyStore,
  ApiKeyStore,
  ApiRateLimiter,
  closeConnection,
  openQueues,
  RedisGate,
  RedisUnavailableError,
  redactRedisUrl,
  redisClient,
  TenantStore,
} from '@quarry/queue';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Logger } from 'pino';
import type { ApiConfig } from './api-config';
import { apiDefaults } from './api-defaults';
import { ApiError, sendApiError } from './api-error';
import { apiKeyAuth } from './api-key-auth';
import { openApiDocument } from './openapi-document';
import { jobRoutes } from './routes/job-routes';
import { postJobRoute } from './routes/post-job';
import { workflowsRoute } from './routes/workflows-route';

/** Options of {@link createApi}. */
export interface CreateApiOptions {
  readonly config: ApiConfig;
  readonly registry: WorkflowRegistry;
  /** Where uploaded documents are stored (the workers' blob store); the caller closes it. */
  readonly blobs: BlobStore;
  readonly logger: Logger;
  /** How often a long-poll looks at its job again. Default `apiDefaults.pollIntervalMs`. */
  readonly pollIntervalMs?: number;
  /** Tenant settings read from `QUARRY_TENANTS` files, written to Redis before the API listens. */
  readonly tenantSettings?: ReadonlyMap<string, TenantSettings>;
}

/** The HTTP API: the express app, and its server once listening. */
export interface QuarryApi {
  readonly app: Express;
  /** Listens on the configured host and port; resolves with the URL it serves. */
  listen(): Promise<string>;
  /** Stops listening (ending open long-polls) and closes the Redis connections. */
  close(): Promise<void>;
}

/**
 * Builds the HTTP API for producers: `POST /v1/jobs`, `GET /v1/jobs/{id}`, `GET /v1/jobs/{id}/result`,
 * `GET /v1/workflows` behind API keys (Bearer) with a per-key rate limit, `GET /openapi.json` and
 * `GET /healthz` without; the dashboard's security headers on every answer; every error as
 * `{ error: { code, message, details? } }`. Every Redis operation waits at most `redisTimeoutMs`.
 */
export function createApi(options: CreateApiOptions): QuarryApi {
  const { config, logger } = options;
  const connection = redisClient(config.redisUrl, {
    role: 'producer',
    connectionName: 'quarry-api',
    commandTimeoutMs: config.redisTimeoutMs,
  });
  connection.on('error', () => {});
  const gate = new RedisGate({
    connections: [connection],
    readyTimeoutMs: config.redisTimeoutMs,
    url: redactRedisUrl(config.redisUrl),
  });
  const client: QuarryClient = createQuarryClient({
    connection,
    registry: options.registry,
    config: config.queue,
    readyTimeoutMs: config.redisTimeoutMs,
    blobs: options.blobs,
  });
  const queues = openQueues({ connection, config: client.config });
  const apiKeys = new ApiKeyStore({ redis: connection, keys: queues.keys });
  const limiter = new ApiRateLimiter({
    redis: connection,
    keys: queues.keys,
    requests: config.rateLimit,
    windowMs: config.rateWindowMs,
  });
  const idempotency = new ApiIdempotencyStore({
    redis: connection,
    keys: queues.keys,
    retentionMs: client.config.idempotencyRetentionMs,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(securityHeaders({ https: false }));
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  const openApi = openApiDocument();
  app.get('/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  app.use('/v1', apiKeyAuth({ apiKeys, limiter, gate }));
  app.use(
    postJobRoute({ client, blobs: options.blobs, idempotency, gate, maxJsonBytes: config.maxJsonBytes }),
  );
  app.use(
    jobRoutes({
      client,
      queue: queues.queue,
      gate,
      maxWaitSeconds: config.maxWaitSeconds,
      pollIntervalMs: options.pollIntervalMs ?? apiDefaults.pollIntervalMs,
    }),
  );
  app.use(workflowsRoute({ registry: options.registry }));
  app.use((_req, _res, next) => {
    next(new ApiError({ code: 'not_found', message: 'no such route' }));
  });
  app.use(errorHandler(logger));

  let server: Server | null = null;
  return {
    app,
    listen: async () => {
      const tenants = new TenantStore({ redis: connection, keys: queues.keys, queue: queues.queue });
      for (const [tenant, settings] of options.tenantSettings ?? []) await tenants.set(tenant, settings);
      return new Promise((resolve, reject) => {
        const listening = app.listen(config.port, config.host, (error?: Error) => {
          if (error) return reject(error);
          server = listening;
          const { port } = listening.address() as AddressInfo;
          const host = config.host.includes(':') ? `[${config.host}]` : config.host;
          logger.info({ host: config.host, port }, 'api listening');
          resolve(`http://${host}:${port}`);
        });
      });
    },
    async close() {
      if (server) {
        const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
        server.closeAllConnections();
        await closing;
      }
      await client.close();
      await closeConnection(connection);
      await queues.close();
    },
  };
}

/** Turns any failure into `{ error: { code, message, details? } }`; logs only names, never bodies. */
function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    sendApiError(res, apiErrorOf(error, logger));
  };
}

function apiErrorOf(error: unknown, logger: Logger): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof EnqueueValidationError) {
    return new ApiError({
      code: 'invalid_job',
      message: error.message,
      details: { problems: error.problems.map(({ path, message }) => ({ path, message })) },
    });
  }
  if (error instanceof DocumentRejectedError) {
    return new ApiError({
      code: error.problem === 'too_large' ? 'payload_too_large' : 'invalid_document',
      message: `the document was refused (${error.problem}): ${error.message}`,
    });
  }
  if (error instanceof RedisUnavailableError || error instanceof BlobStoreError) {
    logger.warn({ error: { name: error.name, message: error.message } }, 'dependency unavailable');
    return new ApiError({ code: 'unavailable', message: 'the service is unavailable; try again shortly' });
  }
  const type = (error as { type?: unknown } | null)?.type;
  switch (type) {
    case 'entity.too.large':
      return new ApiError({
        code: 'payload_too_large',
        message: 'the request body is too large',
        details: { maxBytes: (error as { limit: number }).limit },
      });
    case 'entity.parse.failed':
      return new ApiError({ code: 'invalid_json', message: 'the request body is not valid JSON' });
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ApiError({
        code: 'unsupported_media_type',
        message: 'the body charset or encoding is not supported',
      });
    case 'request.aborted':
    case 'request.size.invalid':
      return new ApiError({ code: 'invalid_request', message: 'the request body ended early' });
  }
  logger.error({ error: { name: (error as Error)?.name } }, 'request failed');
  return new ApiError({ code: 'internal', message: 'the request failed' });
}
