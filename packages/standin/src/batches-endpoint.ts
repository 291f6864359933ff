import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiKeyOf } from './api-key-of';
import { handleBatchById } from './batch-by-id';
import { batchOperationOf } from './batch-operation';
import type { ResolvedBatchOptions } from './batch-options';
import type { BatchProcessor } from './batch-processor';
import type { BatchCounters, BatchStats } from './batch-stats';
import type { BatchStore } from './batch-store';
import type { MessageBatchPage } from './batch-wire';
import { readBody, sendError, sendJson } from './http-io';
import type { IdSource } from './id-source';
import { readBatchCreate } from './read-batch-create';
import { readBatchListQuery } from './read-batch-list-query';
import { seededUnit } from './seeded-unit';
import { StoredBatch } from './stored-batch';

/**
 * The Message Batches API: create, retrieve, list, cancel, delete and results (JSONL), with the
 * API's limits and error shapes, and a fault that drops a create's response after the batch exists.
 */
export class BatchesEndpoint {
  readonly #options: ResolvedBatchOptions;
  readonly #store: BatchStore;
  readonly #processor: BatchProcessor;
  readonly #counters: BatchCounters;
  readonly #ids: IdSource;
  readonly #apiKey: string | null;
  readonly #seed: number;
  readonly #baseUrl: () => string;
  #dropArmed = 0;

  constructor(options: {
    readonly options: ResolvedBatchOptions;
    readonly store: BatchStore;
    readonly processor: BatchProcessor;
    readonly counters: BatchCounters;
    readonly ids: IdSource;
    readonly apiKey: string | null;
    readonly seed: number;
    readonly baseUrl: () => string;
  }) {
    this.#options = options.options;
    this.#store = options.store;
    this.#processor = options.processor;
    this.#counters = options.counters;
    this.#ids = options.ids;
    this.#apiKey = options.apiKey;
    this.#seed = options.seed;
    this.#baseUrl = options.baseUrl;
  }

  /** Makes the next `count` creates succeed without their response reaching the client. */
  dropNextCreateResponses(count: number): number {
    this.#dropArmed += count;
    return this.#dropArmed;
  }

  get stats(): BatchStats {
    const store = this.#store;
    return {
      ...this.#counters,
      results: { ...this.#counters.results },
      evicted: store.evicted,
      stored: store.size,
      inProgress: store.inProgress,
      storedRequests: store.storedRequests,
    };
  }

  /** Answers one batch request; an unexpected failure is a 500 (or a dropped connection once answering began). */
  async handle(request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> {
    try {
      await this.#route(request, response, requestId);
    } catch (error) {
      if (response.headersSent) response.destroy();
      else
        sendError(response, {
          status: 500,
          requestId,
          message: `The stand-in failed: ${(error as Error).message}`,
        });
    }
  }

  async #route(request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://standin');
    const fail = (status: number, message: string) => sendError(response, { status, requestId, message });
    const body = await readBody(request, this.#options.maxBodyBytes);
    if (body === null) return fail(413, `Request body exceeds ${this.#options.maxBodyBytes} bytes`);
    if (this.#apiKey !== null && apiKeyOf(request) !== this.#apiKey) return fail(401, 'invalid x-api-key');
    const operation = batchOperationOf(request.method ?? 'GET', url.pathname);
    switch (operation.kind) {
      case 'create':
        return this.#create(request, response, requestId, body);
      case 'list':
        return this.#list(response, requestId, url.searchParams);
      case 'retrieve':
      case 'delete':
      case 'cancel':
      case 'results': {
        return handleBatchById(response, {
          requestId,
          operation,
          store: this.#store,
          counters: this.#counters,
          baseUrl: this.#baseUrl(),
          seed: this.#seed,
        });
      }
      case 'unknown':
        return fail(404, `${request.method} ${url.pathname} is not served here`);
    }
  }

  #create(request: IncomingMessage, response: ServerResponse, requestId: string, body: Buffer): void {
    const read = readBatchCreate(body, { maxRequests: this.#options.maxRequests });
    if (!read.ok) {
      sendError(response, { status: 400, requestId, message: read.message });
      return;
    }
    const full = this.#store.makeRoom(read.requests.length);
    if (full !== null) {
      this.#counters.refused++;
      sendError(response, { status: 429, requestId, message: full, retryAfterSeconds: 60 });
      return;
    }
    const id = this.#ids.next('msgbatch');
    const batch = new StoredBatch({
      id,
      sequence: this.#ids.sequenceOf(id, 'msgbatch') ?? 0,
      number: this.#counters.created + 1,
      createdAt: Date.now(),
      headers: request.headers,
      apiKey: apiKeyOf(request),
      requests: read.requests,
    });
    this.#store.add(batch);
    this.#counters.created++;
    const drawn =
      seededUnit(this.#seed, 'drop-create', this.#counters.created) < this.#options.dropCreateResponse;
    if (this.#dropArmed > 0 || drawn) {
      if (this.#dropArmed > 0) this.#dropArmed--;
      this.#counters.droppedCreateResponses++;
      request.socket.resetAndDestroy();
    } else sendJson(response, { status: 200, requestId, body: batch.toWire(this.#baseUrl()) });
    this.#processor.run(batch).catch((error: unknown) => {
      process.emitWarning(`The stand-in stopped processing batch ${batch.id}: ${(error as Error).message}`);
    });
  }

  #list(response: ServerResponse, requestId: string, search: URLSearchParams): void {
    const query = readBatchListQuery(search, (id) => this.#ids.sequenceOf(id, 'msgbatch'));
    if (!query.ok) {
      sendError(response, { status: 400, requestId, message: query.message });
      return;
    }
    const { data, hasMore } = this.#store.page(query.cursor, query.limit);
    const page: MessageBatchPage = {
      data: data.map((batch) => batch.toWire(this.#baseUrl())),
      has_more: hasMore,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
    };
    sendJson(response, { status: 200, requestId, body: page });
  }
}
