import { apiErrorType } from './api-error-type';
import type { StandinReply } from './standin-reply';

type ErrorReply = Extract<StandinReply, { readonly kind: 'error' }>;

/** What the stand-in received with a request, for error replies that repeat it. */
export interface ReceivedRequest {
  /** The request body as sent. */
  readonly body: string;
  /** The `x-api-key` (or bearer token) sent; undefined when none. */
  readonly apiKey: string | undefined;
}

/**
 * The error reply with its message repeating what its `echo` names: the whole request body
 * (`request`) or the API key received (`apiKey`). Replies without `echo` pass unchanged.
 */
export function withEcho(reply: ErrorReply, received: ReceivedRequest): ErrorReply {
  if (reply.echo === undefined) return reply;
  const said = reply.message ?? apiErrorType(reply.status).message;
  const echoed =
    reply.echo === 'request'
      ? `the request was ${received.body}`
      : `the key received was "${received.apiKey ?? ''}"`;
  return { ...reply, message: `${said}; ${echoed}` };
}
