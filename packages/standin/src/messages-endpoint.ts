import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildMessage } from './build-message';
import { type ReceivedRequest, withEcho } from './error-echo';
import { faultReply, isSpoilingFault, pickFault, spoilReply } from './fault';
import { readBody, sendError, sendEvents, sendJson } from './http-io';
import type { IdSource } from './id-source';
import { latencyMs } from './latency';
import { messageEvents } from './message-events';
import type { MessagesRequestBody } from './messages-wire';
import { PromptCache } from './prompt-cache';
import type { RecordedRequest } from './recorded-request';
import { requestSegments } from './request-segments';
import { type RequestStrategy, requestStrategy } from './request-strategy';
import { documentText } from './request-text';
import type { ResolvedStandinOptions } from './resolve-standin-options';
import { scriptedReply } from './scripted-reply';
import { seededUnit } from './seeded-unit';
import { sendStalled } from './send-stalled';
import { SimulatedModel } from './simulated-model';
import type { StandinReply } from './standin-reply';
import { type StandinStats, StatsRecorder } from './standin-stats';
import { validateMessagesRequest } from './validate-messages-request';

/** One request in progress: where to answer, and whether it has been answered (or abandoned). */
interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly requestId: string;
  settled: boolean;
}

/** `POST /v1/messages`: validates, records, injects faults and latency, and answers. */
export class MessagesEndpoint {
  readonly requests: RecordedRequest[] = [];
  readonly #stats = new StatsRecorder();
  readonly #cache: PromptCache;
  readonly #model: SimulatedModel | null;
  readonly #reply: (
    request: RecordedRequest,
    strategy: RequestStrategy,
  ) => Promise<StandinReply> | StandinReply;
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
    const source = this.#options.source;
    if (source.kind === 'script') {
      this.#model = null;
      this.#reply = (request) => scriptedReply(source.script, request);
    } else {
      const model = new SimulatedModel({ simulate: source.simulate, seed: this.#options.seed });
      this.#model = model;
      this.#reply = (request, strategy) =>
        model.reply({ body: request.body, strategy, documentKey: request.documentKey });
    }
  }

  get stats(): StandinStats {
    return this.#stats.snapshot({ cache: this.#cache.stats, simulation: this.#model?.counters ?? null });
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
    let parsed: unknown;
    try {
      parsed = JSON.parse(received.body);
    } catch (error) {
      return this.#error(exchange, {
        status: 400,
        message: `The request body is not valid JSON: ${(error as Error).message}`,
      });
    }
    const validation = validateMessagesRequest(parsed);
    if (!validation.ok) return this.#error(exchange, { status: 400, message: validation.message });
    const body = validation.body;
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
    let reply = (fault && faults && faultReply(fault, faults)) || (await this.#reply(recorded, strategy));
    if (isSpoilingFault(fault)) reply = spoilReply(fault, reply);
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
        const message = buildMessage({
          reply: stalled ? { kind: 'text', text: 'This answer never ends.' } : reply,
          strategy,
          model: body.model,
          maxTokens: body.max_tokens,
          inputUsage: this.#cache.usage(body.model, requestSegments(body, strategy)),
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

function apiKeyOf(request: IncomingMessage): string | undefined {
  const key = request.headers['x-api-key'];
  if (typeof key === 'string') return key;
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
}
