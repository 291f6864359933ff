import { AnthropicError, APIConnectionError, APIError } from '@anthropic-ai/sdk';
import { ModelTransportError, type TransportErrorKind } from '@quarry/core';
import { readRetryAfter } from './parse-retry-after';
import { readRateLimitHeaders } from './read-rate-limit-headers';
import { safeUpstreamText } from './safe-upstream-text';

/** Options of {@link toTransportError}. */
export interface ToTransportErrorOptions {
  readonly error: unknown;
  /** Current time in epoch milliseconds, for `retry-after` dates. Default `Date.now()`. */
  readonly now?: number;
  /** The texts of the request that failed (document, feedback, replayed output): never repeated. */
  readonly requestTexts?: readonly string[];
  /** Secret values never repeated, such as the API key the call was made with. */
  readonly secrets?: readonly (string | null | undefined)[];
}

/**
 * Classifies a failed Messages API call as a {@link ModelTransportError}:
 * - 429 → `rate_limited`, with `retryAfterMs` from `retry-after-ms` / `retry-after` (a negative or
 *   malformed value counts as absent and is named in `retryAfterProblem`);
 * - 408, 409, 5xx (529 overloaded included), connection failures and timeouts, a stream cut
 *   short or unreadable → `transient`, with `retryAfterMs` when the response said;
 * - other 4xx (400, 401, 403, 404, 413, 422, …) → `permanent`;
 * - anything else (such as missing credentials) → `permanent`.
 *
 * An error event inside a stream has no HTTP status; its `error.type` decides instead.
 * Aborts are not transport errors: the caller rethrows them before calling this.
 *
 * The message keeps the status, the error type, the request id and the API's `error.message` made
 * safe ({@link safeUpstreamText}: at most 200 characters, no quote of the request, no secret, no
 * control character); never the body. The SDK error is not kept as `cause`, since it holds the body.
 */
export function toTransportError(options: ToTransportErrorOptions): ModelTransportError {
  const { error } = options;
  if (error instanceof ModelTransportError) return error;
  const safe = (text: string): string =>
    safeUpstreamText({
      text,
      ...(options.requestTexts ? { requestTexts: options.requestTexts } : {}),
      ...(options.secrets ? { secrets: options.secrets } : {}),
    });
  if (error instanceof APIConnectionError) {
    const code = causeCode(error);
    return new ModelTransportError({
      kind: 'transient',
      message: `Could not reach the Messages API: ${safe(error.message)}${code ? ` (${code})` : ''}`,
    });
  }
  if (error instanceof APIError) {
    const kind = error.status === undefined ? kindOfErrorType(error.type) : kindOfStatus(error.status);
    const retryAfter =
      kind === 'permanent' ? null : readRetryAfter({ headers: error.headers, now: options.now });
    const type = typeof error.type === 'string' && ERROR_TYPE.test(error.type) ? error.type : null;
    const requestId =
      typeof error.requestID === 'string' && REQUEST_ID.test(error.requestID) ? error.requestID : null;
    const what = [error.status, type].filter((part) => part !== undefined && part !== null).join(' ');
    const where = [what, requestId === null ? '' : `request ${requestId}`].filter(Boolean).join(', ');
    const said = typeof error.apiMessage === 'string' ? safe(error.apiMessage) : '';
    return new ModelTransportError({
      kind,
      message: `Messages API error${where ? ` (${where})` : ''}: ${said || 'the reply held no error message'}`,
      status: error.status ?? null,
      retryAfterMs: retryAfter?.ms ?? null,
      retryAfterProblem: retryAfter?.problem ?? null,
      requestId,
      rateLimit: readRateLimitHeaders({ headers: error.headers, now: options.now }),
    });
  }
  if (error instanceof AnthropicError || isNetworkError(error)) {
    return new ModelTransportError({
      kind: 'transient',
      message: `The Messages API reply was cut short: ${safe((error as Error).message)}`,
    });
  }
  if (error instanceof SyntaxError) {
    // A streamed event that is not JSON; its message quotes the event (model output).
    return new ModelTransportError({
      kind: 'transient',
      message: 'The Messages API reply could not be read: an event was not valid JSON',
    });
  }
  return new ModelTransportError({
    kind: 'permanent',
    message: `The Messages API call could not be made: ${safe(error instanceof Error ? error.message : String(error))}`,
  });
}

/** How an HTTP status is treated; mirrors which statuses the SDK itself would retry. */
export function kindOfStatus(status: number): TransportErrorKind {
  if (status === 429) return 'rate_limited';
  if (status === 408 || status === 409 || status >= 500) return 'transient';
  return 'permanent';
}

/** An error type as the API writes them (`invalid_request_error`); anything else is left out. */
const ERROR_TYPE = /^[a-z][a-z0-9_]{0,63}$/i;
/** A request id as the API writes them (`req_…`); anything else is left out. */
const REQUEST_ID = /^[A-Za-z0-9_-]{1,128}$/;

const permanentErrorTypes: ReadonlySet<string> = new Set([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
]);

function kindOfErrorType(type: string | null): TransportErrorKind {
  if (type === 'rate_limit_error') return 'rate_limited';
  return type !== null && permanentErrorTypes.has(type) ? 'permanent' : 'transient';
}

/** The first system error code (`ECONNREFUSED`, `UND_ERR_SOCKET`) along the cause chain. */
function causeCode(error: Error): string | null {
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 5 && cause instanceof Error; depth++) {
    const code = (cause as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
    cause = cause.cause;
  }
  return null;
}

/** fetch reports a connection lost while reading a body as a TypeError with the socket error as cause. */
const isNetworkError = (error: unknown): error is TypeError =>
  error instanceof TypeError && error.cause instanceof Error;
