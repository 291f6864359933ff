import type { IncomingHttpHeaders } from 'node:http';
import type { MessagesRequestBody } from './messages-wire';

/** A valid `POST /v1/messages` request as the stand-in received it. */
export interface RecordedRequest {
  /** 0-based number of the request among valid requests. */
  readonly index: number;
  /** Epoch milliseconds when the body was read. */
  readonly at: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: MessagesRequestBody;
  /** Name of the request's document (see `StandinOptions.documentKey`). */
  readonly documentKey: string;
}
