import { setMaxListeners } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isBatchPath } from './batch-operation';
import { BatchProcessor } from './batch-processor';
import { BatchStore } from './batch-store';
import { BatchesEndpoint } from './batches-endpoint';
import { DropCreateResponses, handleControl } from './control-endpoint';
import { resolveFileOptions } from './file-options';
import { FileStore } from './file-store';
import { handleFiles, isFilesPath } from './files-endpoint';
import { sendError } from './http-io';
import { IdSource } from './id-source';
import { InvalidStandinOptionsError } from './invalid-standin-options-error';
import { MessageResponder } from './message-responder';
import { MessagesEndpoint } from './messages-endpoint';
import type { PlantedReport } from './planted-report';
import type { RecordedRequest } from './recorded-request';
import { resolveStandinOptions } from './resolve-standin-options';
import type { StandinOptions } from './standin-options';
import { type StandinStats, StatsRecorder } from './standin-stats';

/** A running stand-in. */
export interface Standin {
  /** `http://HOST:PORT`, to pass as the SDK's `baseURL` (or `ANTHROPIC_BASE_URL`). */
  readonly url: string;
  readonly port: number;
  /** Valid requests received (batch entries included), oldest first (bounded, see `StandinOptions.record`). */
  readonly requests: readonly RecordedRequest[];
  /** A snapshot of the counters, taken when read. */
  readonly stats: StandinStats;
  /**
   * What `simulate.plant` planted so far, by document name and in total (the same as
   * `stats.planted`); null without `plant`.
   */
  readonly planted: PlantedReport | null;
  /**
   * Makes the next `count` (1 to 1000) batch creates succeed without their response reaching the
   * client: the batch exists and is listed, the connection is reset. Returns how many are armed.
   */
  dropNextBatchCreateResponses(count: number): number;
  /** Stops listening, drops open connections and pending answers and batches. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts a local HTTP server speaking the Messages API (`POST /v1/messages`, JSON or streamed) and
 * the Message Batches API (`/v1/messages/batches…`) well enough for `@anthropic-ai/sdk`, answering
 * from a script or a simulated model, with `GET /_standin/stats` returning {@link StandinStats}.
 * Every response carries a `request-id`.
 *
 * @throws InvalidStandinOptionsError when the options are unusable.
 */
export async function startStandin(options: StandinOptions): Promise<Standin> {
  const resolved = resolveStandinOptions(options);
  const fileOptions = resolveFileOptions(options.files);
  const ids = new IdSource();
  const files = new FileStore({ files: fileOptions, ids });
  const closing = new AbortController();
  // Every pending delay listens to this signal; hundreds at once are expected.
  setMaxListeners(0, closing.signal);
  const signal = closing.signal;
  const recorder = new StatsRecorder({ models: resolved.models });
  const responder = new MessageResponder({ resolved, ids, signal, stats: recorder, files });
  const messages = new MessagesEndpoint({ resolved, responder, stats: recorder, signal });
  const { batches: batchOptions, seed } = resolved;
  const processor = new BatchProcessor({
    context: { responder, stats: recorder, ids, shares: batchOptions.shares, seed },
    counters: recorder.batches,
    delayMs: batchOptions.delayMs,
    cancelDelayMs: batchOptions.cancelDelayMs,
    signal,
  });
  let url = '';
  const batches = new BatchesEndpoint({
    options: batchOptions,
    store: new BatchStore(batchOptions),
    processor,
    counters: recorder.batches,
    ids,
    apiKey: resolved.apiKey,
    seed,
    baseUrl: () => url,
  });
  const stats = (): StandinStats =>
    recorder.snapshot({
      cache: responder.cache.stats,
      simulation: responder.source.model?.counters ?? null,
      planted: responder.source.model?.planted?.snapshot() ?? null,
      batches: batches.stats,
      files: files.stats,
    });
  const dropNextCreateResponses = (count: number): number => batches.dropNextCreateResponses(count);
  const server = createServer({ noDelay: true, keepAliveTimeout: 30_000 }, async (request, response) => {
    const requestId = ids.next('req');
    const path = request.url?.split('?')[0] ?? '/';
    if (request.method === 'POST' && path === '/v1/messages')
      return void messages.handle(request, response, requestId);
    if (isBatchPath(path)) return void batches.handle(request, response, requestId);
    if (isFilesPath(path))
      return void handleFiles(request, response, {
        requestId,
        path,
        store: files,
        maxFileBytes: fileOptions.maxFileBytes,
        apiKey: resolved.apiKey,
      }).catch(() => void response.destroy());
    const control = await handleControl(request, response, {
      requestId,
      path,
      stats,
      dropNextCreateResponses,
    }).catch(() => void response.destroy());
    if (control !== false) return;
    request.resume();
    sendError(response, {
      status: 404,
      requestId,
      message: `${request.method} ${path} is not served here: the stand-in serves /v1/messages, /v1/messages/batches, /v1/files and /_standin/`,
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
  url = `http://${host}:${port}`;
  let closed: Promise<void> | undefined;
  return {
    url,
    port,
    requests: responder.requests,
    get stats() {
      return stats();
    },
    get planted() {
      return responder.source.model?.planted?.snapshot() ?? null;
    },
    dropNextBatchCreateResponses(count) {
      const checked = DropCreateResponses.shape.count.safeParse(count);
      if (!checked.success)
        throw new InvalidStandinOptionsError({
          problems: [`dropNextBatchCreateResponses: ${checked.error.issues[0]?.message ?? 'invalid count'}`],
        });
      return dropNextCreateResponses(checked.data);
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
