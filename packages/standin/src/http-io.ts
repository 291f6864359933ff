import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiErrorType } from './api-error-type';
import type { ErrorResponse } from './messages-wire';

/** The whole request body, or null when it is larger than `maxBytes`. */
export async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) tooLarge = true;
    if (!tooLarge) chunks.push(chunk);
  }
  return tooLarge ? null : chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
}

export function sendJson(
  response: ServerResponse,
  options: {
    readonly status: number;
    readonly requestId: string;
    readonly body: unknown;
    readonly headers?: Readonly<Record<string, string>>;
  },
): void {
  const payload = JSON.stringify(options.body);
  response.writeHead(options.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    'request-id': options.requestId,
    ...options.headers,
  });
  response.end(payload);
}

/**
 * An API error: `{ type: 'error', error: { type, message }, request_id }`, with `retry-after` when
 * given: `retryAfter` as it is, else `retryAfterSeconds`. `format: 'text'` sends `type: message` as a
 * plain text body instead, as a gateway might.
 */
export function sendError(
  response: ServerResponse,
  options: {
    readonly status: number;
    readonly requestId: string;
    readonly errorType?: string | undefined;
    readonly message?: string | undefined;
    readonly retryAfterSeconds?: number | undefined;
    readonly retryAfter?: string | undefined;
    readonly format?: 'json' | 'text' | undefined;
    /** `error.details` (`{ error_code }`), which the SDK maps to its specific error classes. */
    readonly details?: Readonly<Record<string, unknown>> | undefined;
    /** More headers to send (the rate-limit headers). */
    readonly headers?: Readonly<Record<string, string>> | undefined;
  },
): void {
  const defaults = apiErrorType(options.status);
  const error = {
    type: options.errorType ?? defaults.type,
    message: options.message ?? defaults.message,
    ...(options.details && { details: options.details }),
  };
  const retryAfter = options.retryAfter ?? options.retryAfterSeconds;
  const headers: Record<string, string> = {
    ...options.headers,
    ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }),
  };
  if (options.format === 'text') {
    const payload = `${error.type}: ${error.message}`;
    response.writeHead(options.status, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(payload),
      'request-id': options.requestId,
      ...headers,
    });
    response.end(payload);
    return;
  }
  const body: ErrorResponse = { type: 'error', error, request_id: options.requestId };
  sendJson(response, { status: options.status, requestId: options.requestId, body, headers });
}

export function sendEvents(
  response: ServerResponse,
  options: {
    readonly requestId: string;
    readonly events: string;
    readonly headers?: Readonly<Record<string, string>> | undefined;
  },
): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': options.requestId,
    ...options.headers,
  });
  response.end(options.events);
}
