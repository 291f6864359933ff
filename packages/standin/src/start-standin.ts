import { setMaxListeners } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendError, sendJson } from './http-io';
import { IdSource } from './id-source';
import { MessageResponder } from './message-responder';
import { MessagesEndpoint } from './messages-endpoint';
import type { RecordedRequest } from './recorded-request';
import { resolveStandinOptions } from './resolve-standin-options';
import type { StandinOptions } from './standin-options';
import { type StandinStats, StatsRecorder } from './standin-stats';

/** A running stand-in. */
export interface Standin {
  /** `http://HOST:PORT`, to pass as the SDK's `baseURL` (or `ANTHROPIC_BASE_URL`). */
  readonly url: string;
  readonly port: number;
  /** Valid requests received, oldest first (bounded, see `StandinOptions.record`). */
  readonly requests: readonly RecordedRequest[];
  /** A snapshot of the counters, taken when read. */
  readonly stats: StandinStats;
  /** Stops listening, drops open connections and pending answers. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts a local HTTP server speaking the Messages API (`POST /v1/messages`, JSON or streamed)
 * well enough for `@anthropic-ai/sdk`, answering from a script or a simulated model, with
 * `GET /_standin/stats` returning {@link StandinStats}. Every response carries a `request-id`.
 *
 * @throws InvalidStandinOptionsError when the options are unusable.
 */
export async function startStandin(options: StandinOptions): Promise<Standin> {
  const resolved = resolveStandinOptions(options);
  const ids = new IdSource();
  const closing = new AbortController();
  // Every pending delay listens to this signal; hundreds at once are expected.
  setMaxListeners(0, closing.signal);
  const recorder = new StatsRecorder({ models: resolved.models });
  const responder = new MessageResponder({ resolved, ids, signal: closing.signal, stats: recorder });
  const endpoint = new MessagesEndpoint({ resolved, responder, stats: recorder, signal: closing.signal });
  const stats = (): StandinStats =>
    recorder.snapshot({ cache: responder.cache.stats, simulation: responder.source.model?.counters ?? null });
  const server = createServer({ noDelay: true, keepAliveTimeout: 30_000 }, (request, response) => {
    const requestId = ids.next('req');
    const path = request.url?.split('?')[0];
    if (request.method === 'POST' && path === '/v1/messages') {
      void endpoint.handle(request, response, requestId);
      return;
    }
    request.resume();
    if (request.method === 'GET' && path === '/_standin/stats')
      sendJson(response, { status: 200, requestId, body: stats() });
    else
      sendError(response, {
        status: 404,
        requestId,
        message: `${request.method} ${path} is not served here: the stand-in serves POST /v1/messages and GET /_standin/stats`,
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: resolved.host, port: resolved.port, backlog: 2048 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    requests: responder.requests,
    get stats() {
      return stats();
    },
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
