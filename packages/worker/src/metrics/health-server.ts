import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/** Why the worker is not ready, one short phrase each; empty when it is. */
export type ReadinessCheck = () => Promise<readonly string[]>;

/** Options of {@link startHealthServer}. */
export interface HealthServerOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly registry: Registry;
  /** Refreshes gauges read at scrape time before `/metrics` is rendered. */
  readonly beforeScrape?: () => Promise<void>;
  readonly readiness: ReadinessCheck;
  /** Warnings `/readyz` lists (`warnings`) without turning unready, e.g. a model retiring soon. */
  readonly warnings?: () => readonly string[];
}

/** A listening health and metrics server. */
export interface HealthServer {
  readonly url: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * Serves `GET /metrics` (Prometheus text format), `GET /healthz` (200 while the process answers)
 * and `GET /readyz` (200 when ready, 503 with the reasons otherwise; `warnings` either way).
 */
export function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'application/json', '{"error":"method_not_allowed"}');
      return;
    }
    switch (path) {
      case '/metrics':
        await options.beforeScrape?.();
        send(res, 200, options.registry.contentType, await options.registry.metrics());
        return;
      case '/healthz':
        send(res, 200, 'application/json', '{"alive":true}');
        return;
      case '/readyz': {
        const reasons = await options.readiness();
        send(
          res,
          reasons.length === 0 ? 200 : 503,
          'application/json',
          JSON.stringify({ ready: reasons.length === 0, reasons, warnings: options.warnings?.() ?? [] }),
        );
        return;
      }
      default:
        send(res, 404, 'application/json', '{"error":"not_found"}');
    }
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'application/json', '{"error":"internal"}');
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
