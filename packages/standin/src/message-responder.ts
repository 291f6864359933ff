import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerMessage } from './answer-message';
import { DocumentReader } from './document-reader';
import { type ReceivedRequest, withEcho } from './error-echo';
import { faultReply, isSpoilingFault, pickFault, spoilReply } from './fault';
import type { FileStore } from './file-store';
import type { IdSource } from './id-source';
import { latencyMs } from './latency';
import type { MessageResponse, MessagesRequestBody } from './messages-wire';
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
import type { StandinReply } from './standin-reply';
import type { StatsRecorder } from './standin-stats';

/** A valid Messages request, counted and recorded, ready to be answered. */
export interface PreparedRequest {
  readonly body: MessagesRequestBody;
  readonly strategy: RequestStrategy;
  readonly documentKey: string;
  /** Calls the document had before this one (seeds this call's draws). */
  readonly call: number;
  readonly recorded: RecordedRequest;
  readonly received: ReceivedRequest;
}

type ErrorReply = Extract<StandinReply, { readonly kind: 'error' }>;

/**
 * What a request is answered with: a message, a message that stalls after its start, an API error
 * (echo applied), a reset connection, or nothing because the caller gave up first.
 */
export type ResponderAnswer =
  | { readonly kind: 'message'; readonly message: MessageResponse }
  | { readonly kind: 'stall'; readonly message: MessageResponse }
  | { readonly kind: 'error'; readonly error: ErrorReply }
  | { readonly kind: 'reset' }
  | { readonly kind: 'abandoned' };

/**
 * Where a request came from: `realtime` (`POST /v1/messages`: latency and every fault apply) or
 * `batch` (an entry of a Message Batch: the batch's own delay replaces latency, and only faults
 * that change the answer — truncate, refusal, toolUse — apply, as no connection is involved).
 */
export type RequestLane = 'realtime' | 'batch';

/**
 * Answers Messages requests from the script or the simulated model, with the prompt cache, cache
 * diagnostics and faults: the one code path behind `POST /v1/messages` and Message Batch entries.
 */
export class MessageResponder {
  readonly requests: RecordedRequest[] = [];
  readonly cache: PromptCache;
  readonly source: ReplySource;
  readonly #fingerprints: RequestFingerprints;
  readonly #options: ResolvedStandinOptions;
  readonly #ids: IdSource;
  readonly #signal: AbortSignal;
  readonly #stats: StatsRecorder;
  readonly #documents: DocumentReader;
  #valid = 0;

  constructor(options: {
    readonly resolved: ResolvedStandinOptions;
    readonly ids: IdSource;
    readonly signal: AbortSignal;
    readonly stats: StatsRecorder;
    /** The Files API store `file` sources are read from. */
    readonly files: FileStore;
  }) {
    this.#documents = new DocumentReader({
      files: options.files,
      signal: options.signal,
      pageImageText: options.resolved.pageImageText,
    });
    this.#options = options.resolved;
    this.#ids = options.ids;
    this.#signal = options.signal;
    this.#stats = options.stats;
    this.cache = new PromptCache({ maxEntries: this.#options.cacheEntries });
    this.#fingerprints = new RequestFingerprints({ maxEntries: this.#options.cacheEntries });
    this.source = replySourceOf(this.#options.source, this.#options.seed);
  }

  /**
   * Checks a request body (JSON, wire format, model rules, then its documents and images, read as
   * the API reads them) and, when valid, counts it for its document and records it; otherwise
   * names the first problem for a 400 `invalid_request_error` (a 404 `not_found_error` for an
   * unknown `file_id`).
   */
  async prepare(request: {
    readonly raw: Buffer;
    readonly headers: IncomingHttpHeaders;
    readonly received: ReceivedRequest;
    readonly batch?: RecordedRequest['batch'];
  }): Promise<
    | { readonly ok: true; readonly request: PreparedRequest }
    | { readonly ok: false; readonly status: 400 | 404; readonly message: string }
  > {
    const read = readMessagesRequest({
      raw: request.raw,
      headers: request.headers,
      models: this.#options.models,
    });
    if (!read.ok) return { ...read, status: 400 };
    const body = read.body;
    const documentProblem = await this.#documents.read(body);
    if (documentProblem !== null) return { ok: false, ...documentProblem };
    const documentKey = this.#options.documentKey(documentText(body));
    const call = this.#stats.call(documentKey);
    const recorded: RecordedRequest = {
      index: this.#valid++,
      at: Date.now(),
      headers: request.headers,
      body,
      documentKey,
      ...(request.batch && { batch: request.batch }),
    };
    this.#record(recorded);
    const strategy = requestStrategy(body);
    return { ok: true, request: { body, strategy, documentKey, call, recorded, received: request.received } };
  }

  /**
   * Answers a prepared request: draws its fault, waits its latency (realtime only), asks the
   * script or the simulated model, and builds the message. `abandoned` is asked before the message
   * is built, so an answer nobody waits for leaves no trace in the prompt cache.
   */
  async answer(
    request: PreparedRequest,
    options: { readonly lane: RequestLane; readonly abandoned: () => boolean },
  ): Promise<ResponderAnswer> {
    const { faults, latency, seed } = this.#options;
    const { documentKey, call, body } = request;
    const drawn = faults ? pickFault(seededUnit(seed, documentKey, call, 'fault'), faults) : null;
    const fault = options.lane === 'batch' && !isSpoilingFault(drawn) ? null : drawn;
    if (fault) this.#stats.fault(fault);
    if (latency && options.lane === 'realtime') {
      const draw = (label: string): number => seededUnit(seed, documentKey, call, label);
      await sleep(latencyMs(latency, draw('latency'), draw('latency-2')), undefined, {
        signal: this.#signal,
      });
    }
    const context = modelContextOf(body, body.model, this.#options.models);
    let reply =
      (fault && faults && faultReply(fault, faults)) ||
      (await this.source.reply(request.recorded, request.strategy, context));
    if (isSpoilingFault(fault)) reply = spoilReply(fault, reply, faults?.refusalCategory ?? null);
    return this.#settle(request, reply, options.abandoned);
  }

  async #settle(
    request: PreparedRequest,
    reply: StandinReply,
    abandoned: () => boolean,
  ): Promise<ResponderAnswer> {
    if (abandoned()) return { kind: 'abandoned' };
    switch (reply.kind) {
      case 'delay':
        await sleep(reply.ms, undefined, { signal: this.#signal });
        return this.#settle(request, reply.reply, abandoned);
      case 'error':
        return { kind: 'error', error: withEcho(reply, request.received) };
      case 'reset':
        return { kind: 'reset' };
      default: {
        const stalled = reply.kind === 'stall';
        const message = answerMessage({
          body: request.body,
          strategy: request.strategy,
          reply: stalled ? { kind: 'text', text: 'This answer never ends.' } : reply,
          cache: this.cache,
          cacheMinimum: this.#options.cacheMinimum,
          fingerprints: this.#fingerprints,
          models: this.#options.models,
          thinkingTokens: this.#options.thinkingTokens,
          nextId: (prefix) => this.#ids.next(prefix),
        });
        return stalled ? { kind: 'stall', message } : { kind: 'message', message };
      }
    }
  }

  #record(request: RecordedRequest): void {
    const max = this.#options.recordMax;
    if (max === 0) return;
    if (this.requests.length >= max) this.requests.splice(0, Math.ceil(max / 10));
    this.requests.push(request);
  }
}
