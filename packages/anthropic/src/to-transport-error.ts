import { AnthropicError, APIConnectionError, APIError } from '@anthropic-ai/sdk';
import { ModelTransportError, type TransportErrorKind } from '@quarry/core';
import { readRetryAfter } from './parse-retry-after';

/**
 * Classifies a failed Messages API call as a {@link ModelTransportError}:
 * - 429 → `rate_limited`, with `retryAfterMs` from `retry-after-ms` / `retry-after` (a negative or
 *   malformed value counts as absent and is named in `retryAfterProblem`);
 * - 408, 409, 5xx (529 overloaded included), connection failures and timeouts, a stream cut
 *   short → `transient`, with `retryAfterMs` when the response said;
 * - other 4xx (400, 401, 403, 404, 413, 422, …) → `permanent`, with the API's message;
 * - anything else (such as missing credentials) → `permanent`.
 *
 * An error event inside a stream has no HTTP status; its `error.type` decides instead.
 * Aborts are not transport errors: the caller rethrows them before calling this.
 */
export function toTransportError(options: {
  readonly error: unknown;
  /** Current time in epoch milliseconds, for `retry-after` dates. Default `Date.now()`. */
  readonly now?: number;
}): ModelTransportError {
  const { error } = options;
  if (error instanceof ModelTransportError) return error;
  if (error instanceof APIConnectionError) {
    return new ModelTransportError({
      kind: 'transient',
      message: `Could not reach the Messages API: ${error.message}`,
      cause: error,
    });
  }
  if (error instanceof APIError) {
    const kind = error.status === undefined ? kindOfErrorType(error.type) : kindOfStatus(error.status);
    const retryAfter =
      kind === 'permanent' ? null : readRetryAfter({ headers: error.headers, now: options.now });
    const what = [error.status, error.type].filter((part) => part !== undefined && part !== null).join(' ');
    return new ModelTransportError({
      kind,
      message: `Messages API error${what ? ` (${what})` : ''}: ${error.apiMessage ?? error.message}`,
      status: error.status ?? null,
      retryAfterMs: retryAfter?.ms ?? null,
      retryAfterProblem: retryAfter?.problem ?? null,
      requestId: error.requestID ?? null,
      cause: error,
    });
  }
  if (error instanceof AnthropicError || isNetworkError(error)) {
    return new ModelTransportError({
      kind: 'transient',
      message: `The Messages API reply was cut short: ${(error as Error).message}`,
      cause: error,
    });
  }
  return new ModelTransportError({
    kind: 'permanent',
    message: `The Messages API call could not be made: ${error instanceof Error ? error.message : String(error)}`,
    cause: error,
  });
}

/** How an HTTP status is treated; mirrors which statuses the SDK itself would retry. */
export function kindOfStatus(status: number): TransportErrorKind {
  if (status === 429) return 'rate_limited';
  if (status === 408 || status === 409 || status >= 500) return 'transient';
  return 'permanent';
}

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

/** fetch reports a connection lost while reading a body as a TypeError with the socket error as cause. */
const isNetworkError = (error: unknown): error is TypeError =>
  error instanceof TypeError && error.cause instanceof Error;
