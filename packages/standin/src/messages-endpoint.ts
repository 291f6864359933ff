import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerMessage } from './answer-message';
import { apiKeyOf } from './api-key-of';
import { type ReceivedRequest, withEcho } from './error-echo';
import { faultReply, isSpoilingFault, pickFault, spoilReply } from './fault';
import { readBody, sendError, sendEvents, sendJson } from './http-io';
import type { IdSource } from './id-source';
import { latencyMs } from './latency';
import { messageEvents } from './message-events';
import type { MessagesRequestBody } from './messages-wire';
import { modelContextOf } from './model-context';
import { PromptCache } from './prompt-cache';
import { readMessagesRequest } from './read-messages-request';
import type { RecordedRequest } from './recorded-request';
import { type ReplySource, replySourceOf } from './reply-source';
import { RequestFingerprints } from './request-fingerprints';
import { type RequestStrategy, requestStrategy } from './request-strategy';
import { documentText } from './request-text';
import type { ResolvedStandinOptions } from './resolve-standin-options';
import { seededUnit } from './seeded-unit';
import { sendStalled } from './send-stalled';
import type { StandinReply } from './standin-reply';
import { type StandinStats, StatsRecorder } from './standin-stats';

/** One request in progress: where to answer, and whether it has been answered (or abandoned). */
interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly requestId: string;
  settled: boolean;
}

/**
 * `POST /v1/messages`: validates (the wire format, then the rules of the models the request names),
 * records, injects faults and latency, and answers.
 */
export class MessagesEndpoint {
  readonly requests: RecordedRequest[] = [];
  readonly #stats = new StatsRecorder();
  readonly #cache: PromptCache;
  readonly #fingerprints: RequestFingerprints;
  readonly #source: ReplySource;
  readonly #options: ResolvedStandinOptions;
  readonly #ids: IdSource;
  readonly #signal: AbortSignal;
  #valid = 0;

  constructor(options: {
    readonly resolved: ResolvedStandinOptions;
    readonly ids: IdSource;
    readonly signal: AbortSignal;
  }) {
    this.#options = options.resolved;
    this.#ids = options.ids;
    this.#signal = options.signal;
    this.#cache = new PromptCache({ maxEntries: this.#options.cacheEntries });
    this.#fingerprints = new RequestFingerprints({ maxEntries: this.#options.cacheEntries });
    this.#source = replySourceOf(this.#options.source, this.#options.seed);
  }

  get stats(): StandinStats {
    return this.#stats.snapshot({
      cache: this.#cache.stats,
      simulation: this.#source.model?.counters ?? null,
    });
  }

  async handle(request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> {
    const exchange: Exchange = { request, response, requestId, settled: false };
    this.#stats.requests++;
    this.#stats.inFlight++;
    response.on('close', () => {
      if (exchange.settled) return;
      exchange.settled = true;
      this.#stats.inFlight--;
      this.#stats.aborted++;
    });
    try {
      await this.#answer(exchange);
    } catch (error) {
      if (exchange.settled) return;
      if (this.#signal.aborted) return void this.#settle(exchange, 'reset', () => response.destroy());
      this.#error(exchange, { status: 500, message: `The stand-in failed: ${(error as Error).message}` });
    }
  }

  async #answer(exchange: Exchange): Promise<void> {
    const raw = await readBody(exchange.request, this.#options.maxBodyBytes);
    if (raw === null)
      return this.#error(exchange, {
        status: 413,
        message: `Request body exceeds ${this.#options.maxBodyBytes} bytes`,
      });
    const received: ReceivedRequest = { body: raw.toString('utf8'), apiKey: apiKeyOf(exchange.request) };
    if (this.#options.apiKey !== null && received.apiKey !== this.#options.apiKey)
      return this.#error(exchange, { status: 401, message: 'invalid x-api-key' });
    const models = this.#options.models;
    const read = readMessagesRequest({ raw, headers: exchange.request.headers, models });
    if (!read.ok) return this.#error(exchange, { status: 400, message: read.message });
    const body = read.body;
    const strategy = requestStrategy(body);
    const documentKey = this.#options.documentKey(documentText(body));
    const call = this.#stats.call(documentKey);
    const recorded: RecordedRequest = {
      index: this.#valid++,
      at: Date.now(),
      headers: exchange.request.headers,
      body,
      documentKey,
    };
    this.#record(recorded);
    const { faults, latency, seed } = this.#options;
    const fault = faults ? pickFault(seededUnit(seed, documentKey, call, 'fault'), faults) : null;
    if (fault) this.#stats.fault(fault);
    if (latency) {
      const draw = (label: string): number => seededUnit(seed, documentKey, call, label);
      await sleep(latencyMs(latency, draw('latency'), draw('latency-2')), undefined, {
        signal: this.#signal,
      });
    }
    const context = modelContextOf(body, body.model, models);
    let reply =
      (fault && faults && faultReply(fault, faults)) ||
      (await this.#source.reply(recorded, strategy, context));
    if (isSpoilingFault(fault)) reply = spoilReply(fault, reply, faults?.refusalCategory ?? null);
    await this.#deliver(exchange, reply, { body, strategy, documentKey, received });
  }

  async #deliver(
    exchange: Exchange,
    reply: StandinReply,
    context: {
      readonly body: MessagesRequestBody;
      readonly strategy: RequestStrategy;
      readonly documentKey: string;
      readonly received: ReceivedRequest;
    },
  ): Promise<void> {
    if (exchange.settled) return;
    switch (reply.kind) {
      case 'delay':
        await sleep(reply.ms, undefined, { signal: this.#signal });
        return this.#deliver(exchange, reply.reply, context);
      case 'error':
        return this.#error(exchange, withEcho(reply, context.received));
      case 'reset':
        return this.#settle(exchange, 'reset', () => exchange.request.socket.resetAndDestroy());
      default: {
        const { body, strategy, documentKey } = context;
        const stalled = reply.kind === 'stall';
        const message = answerMessage({
          body,
          strategy,
          reply: stalled ? { kind: 'text', text: 'This answer never ends.' } : reply,
          cache: this.#cache,
          fingerprints: this.#fingerprints,
          models: this.#options.models,
          thinkingTokens: this.#options.thinkingTokens,
          nextId: (prefix) => this.#ids.next(prefix),
        });
        const { requestId, response } = exchange;
        const stream = body.stream === true;
        if (stalled)
          return this.#settle(exchange, 'stall', () => sendStalled(response, { requestId, stream, message }));
        this.#stats.answered(documentKey);
        return this.#settle(exchange, 200, () =>
          stream
            ? sendEvents(response, { requestId, events: messageEvents(message) })
            : sendJson(response, { status: 200, requestId, body: message }),
        );
      }
    }
  }

  #error(
    exchange: Exchange,
    error: {
      readonly status: number;
      readonly errorType?: string;
      readonly message?: string;
      readonly retryAfterSeconds?: number;
      readonly format?: 'json' | 'text';
      readonly retryAfter?: string;
    },
  ): void {
    const { response, requestId } = exchange;
    this.#settle(exchange, error.status, () => sendError(response, { ...error, requestId }));
  }

  #settle(exchange: Exchange, status: number | 'reset' | 'stall', write: () => void): void {
    if (exchange.settled) return;
    exchange.settled = true;
    this.#stats.inFlight--;
    this.#stats.status(status);
    write();
  }

  #record(request: RecordedRequest): void {
    const max = this.#options.recordMax;
    if (max === 0) return;
    if (this.requests.length >= max) this.requests.splice(0, Math.ceil(max / 10));
    this.requests.push(request);
  }
}
