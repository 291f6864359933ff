import Anthropic, { APIUserAbortError } from '@anthropic-ai/sdk';
import type { BetaMessage } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { type ModelClient, type ModelRequest, type ModelResponse, ModelTransportError } from '@quarry/core';
import { anthropicModelClientDefaults } from './anthropic-model-client-defaults';
import { CallDeadlineError } from './call-deadline-error';
import { filesApiBeta } from './create-files-uploader';
import { filesBetaHeaders, referencesFiles } from './files-beta-headers';
import { readRateLimitHeaders } from './read-rate-limit-headers';
import { requestTexts } from './request-texts';
import { toMessageParams } from './to-message-params';
import { toModelResponse } from './to-model-response';
import { toTransportError } from './to-transport-error';
import { withCallDeadline } from './with-call-deadline';
import { withFallbacks } from './with-fallbacks';

/** Options of {@link createAnthropicModelClient}. Defaults live in {@link anthropicModelClientDefaults}. */
export interface AnthropicModelClientOptions {
  /** API key. Default: `ANTHROPIC_API_KEY` (read by the SDK). Not allowed together with `client`. */
  readonly apiKey?: string;
  /** API base URL, e.g. a local stand-in. Default: `ANTHROPIC_BASE_URL`, else the public API. Not allowed together with `client`. */
  readonly baseURL?: string;
  /**
   * Retries the SDK makes on its own inside one call. Default 0: the queue layer owns retries
   * (backoff with jitter, a queue-wide pause on 429, attempt accounting). Retries inside the SDK
   * would hide rate limits from it and multiply the load on an API that is already refusing work.
   * Applied per request, so it also holds for a `client` passed in.
   */
  readonly maxRetries?: number;
  /**
   * Time limit of one whole call in milliseconds: the wait for the headers and the reading of the
   * body (streamed or not), SDK retries included. When it passes, the call is aborted and fails as
   * a `transient` transport error. Default 600 000 (10 minutes).
   */
  readonly timeoutMs?: number;
  /**
   * Calls whose max_tokens is above this are streamed (`messages.stream(...).finalMessage()`).
   * Left to itself, the SDK refuses non-streaming calls it expects to take over 10 minutes (above
   * about 21 333 tokens at its assumed 128 000 tokens an hour); since this adapter always sets a
   * timeout, that check is skipped and this threshold decides. The default, 16 000, stays below it.
   */
  readonly streamAboveMaxTokens?: number;
  /** A configured SDK client to use instead of building one. */
  readonly client?: Anthropic;
}

/**
 * The model port implemented with `@anthropic-ai/sdk` (Messages API; the beta Messages API with the
 * server-side fallback header when the request names fallback models).
 * Replies with content are returned whatever their stop reason; failed calls throw a
 * `ModelTransportError` (`rate_limited`, `transient` or `permanent`), a call past `timeoutMs`
 * (headers and body) a `transient` one; an abort through the signal is rethrown as the SDK raised it.
 * The rate-limit headers of every response, and of every error response, are read
 * ({@link readRateLimitHeaders}) into the response's or the error's `rateLimit`, for the pacer.
 *
 * @throws TypeError when an option is out of range, or `client` is combined with `apiKey`/`baseURL`.
 */
export function createAnthropicModelClient(options: AnthropicModelClientOptions = {}): ModelClient {
  const maxRetries = options.maxRetries ?? anthropicModelClientDefaults.maxRetries;
  const timeoutMs = options.timeoutMs ?? anthropicModelClientDefaults.timeoutMs;
  const streamAbove = options.streamAboveMaxTokens ?? anthropicModelClientDefaults.streamAboveMaxTokens;
  requireInteger('maxRetries', maxRetries, 0);
  requireInteger('timeoutMs', timeoutMs, 1);
  requireInteger('streamAboveMaxTokens', streamAbove, 1);
  if (options.client && (options.apiKey !== undefined || options.baseURL !== undefined)) {
    throw new TypeError(
      'createAnthropicModelClient: pass either `client` or `apiKey`/`baseURL`, not both (configure the client you pass instead)',
    );
  }
  const client =
    options.client ??
    new Anthropic({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries,
      timeout: timeoutMs,
      // At `ANTHROPIC_LOG=debug` the SDK prints request and error bodies to the console, past the
      // app's log redaction; the adapter reports failures itself (ModelTransportError).
      logLevel: 'off',
    });

  const send = async (request: ModelRequest, requestOptions: CallOptions): Promise<ModelResponse> => {
    const params = toMessageParams(request);
    const requestedModel = request.model;
    const stream = request.maxTokens > streamAbove;
    const fallbacks = request.fallbacks ?? [];
    const answer = (
      message: Message | BetaMessage,
      requestId: string | null | undefined,
      response: Response,
    ) => {
      const rateLimit = readRateLimitHeaders({ headers: response.headers });
      const modelResponse = toModelResponse({ message, requestId, requestedModel });
      // `rateLimit` leads: on Node 20 each key added after a leading spread costs about half a microsecond (V8 issue 11536).
      return rateLimit ? { rateLimit, ...modelResponse } : modelResponse;
    };
    if (fallbacks.length > 0) {
      const fallback = withFallbacks(params, fallbacks);
      const beta = referencesFiles(request)
        ? { ...fallback, betas: [...(fallback.betas ?? []), filesApiBeta] }
        : fallback;
      if (stream) {
        const running = client.beta.messages.stream(beta, requestOptions);
        const { response } = await running.withResponse();
        return answer(await running.finalMessage(), running.request_id, response);
      }
      const { data, request_id, response } = await client.beta.messages
        .create({ ...beta, stream: false }, requestOptions)
        .withResponse();
      return answer(data, request_id, response);
    }
    const options = { ...requestOptions, ...filesBetaHeaders([request]) };
    if (stream) {
      const running = client.messages.stream(params, options);
      const { response } = await running.withResponse();
      return answer(await running.finalMessage(), running.request_id, response);
    }
    const { data, request_id, response } = await client.messages
      .create({ ...params, stream: false }, options)
      .withResponse();
    return answer(data, request_id, response);
  };

  return {
    async generate(request, callOptions) {
      const signal = callOptions?.signal;
      try {
        return await withCallDeadline(
          { operation: 'The Messages API call', timeoutMs, signal },
          (callSignal) => send(request, { maxRetries, timeout: timeoutMs, signal: callSignal }),
        );
      } catch (error) {
        if (error instanceof CallDeadlineError) throw callTimedOut({ timeoutMs, cause: error.cause });
        if (signal?.aborted || error instanceof APIUserAbortError) throw error;
        throw toTransportError({ error, requestTexts: requestTexts(request), secrets: [client.apiKey] });
      }
    },
  };
}

/** The SDK's per-request options this adapter sets. */
interface CallOptions {
  readonly maxRetries: number;
  readonly timeout: number;
  readonly signal: AbortSignal;
}

/** A call cut off by its deadline: transient, so the job backs off and tries again later. */
const callTimedOut = (options: { readonly timeoutMs: number; readonly cause: unknown }) =>
  new ModelTransportError({
    kind: 'transient',
    message: `The Messages API call did not complete within ${options.timeoutMs} ms (headers and body); it was aborted`,
    cause: options.cause,
  });

function requireInteger(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new TypeError(`createAnthropicModelClient: ${name} must be an integer ≥ ${min} (got ${value})`);
  }
}
