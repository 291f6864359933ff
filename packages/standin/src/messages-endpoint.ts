import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiKeyOf } from './api-key-of';
import type { ReceivedRequest } from './error-echo';
import { readBody, sendError, sendEvents, sendJson } from './http-io';
import { messageEvents } from './message-events';
import type { MessageResponder } from './message-responder';
import { admitRequest, settleRequest } from './rate-limited-request';
import { RateLimiter } from './rate-limiter';
import type { ResolvedStandinOptions } from './resolve-standin-options';
import { sendStalled } from './send-stalled';
import type { StatsRecorder } from './standin-stats';

/** One request in progress: where to answer, and whether it has been answered (or abandoned). */
interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly requestId: string;
  settled: boolean;
}

/**
 * `POST /v1/messages`: reads the body (413 over `maxBodyBytes`), checks the key, lets the
 * {@link MessageResponder} validate and answer, and sends the answer as JSON or server-sent events.
 */
export class MessagesEndpoint {
  readonly #stats: StatsRecorder;
  readonly #responder: MessageResponder;
  readonly #options: ResolvedStandinOptions;
  readonly #signal: AbortSignal;
  readonly #limiter: RateLimiter | null;

  constructor(options: {
    readonly resolved: ResolvedStandinOptions;
    readonly responder: MessageResponder;
    readonly stats: StatsRecorder;
    readonly signal: AbortSignal;
  }) {
    this.#options = options.resolved;
    this.#responder = options.responder;
    this.#stats = options.stats;
    this.#signal = options.signal;
    this.#limiter = options.resolved.rateLimits
      ? new RateLimiter({ limits: options.resolved.rateLimits })
      : null;
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
    const prepared = await this.#responder.prepare({ raw, headers: exchange.request.headers, received });
    if (!prepared.ok) return this.#error(exchange, { status: prepared.status, message: prepared.message });
    const admitted = this.#limiter
      ? admitRequest(this.#limiter, prepared.request, this.#options.models)
      : null;
    if (admitted && !admitted.ok)
      return this.#error(exchange, {
        status: 429,
        message: 'This request would exceed the rate limit for your organization',
        retryAfterSeconds: admitted.retryAfterSeconds,
        headers: admitted.headers,
      });
    const answer = await this.#responder.answer(prepared.request, {
      lane: 'realtime',
      abandoned: () => exchange.settled,
    });
    const { requestId, response } = exchange;
    const stream = prepared.request.body.stream === true;
    switch (answer.kind) {
      case 'abandoned':
        return;
      case 'error':
        return this.#error(exchange, answer.error);
      case 'reset':
        return this.#settle(exchange, 'reset', () => exchange.request.socket.resetAndDestroy());
      case 'stall':
        return this.#settle(exchange, 'stall', () =>
          sendStalled(response, { requestId, stream, message: answer.message }),
        );
      case 'message': {
        this.#stats.answered(prepared.request.documentKey, answer.message);
        this.#stats.billed('realtime', answer.message);
        const headers = admitted?.ok ? settleRequest(this.#limiter, admitted.ticket, answer.message) : {};
        return this.#settle(exchange, 200, () =>
          stream
            ? sendEvents(response, { requestId, events: messageEvents(answer.message), headers })
            : sendJson(response, { status: 200, requestId, body: answer.message, headers }),
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
      readonly headers?: Readonly<Record<string, string>>;
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
}
