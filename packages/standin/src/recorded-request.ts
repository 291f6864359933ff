import type { IncomingHttpHeaders } from 'node:http';
import type { MessagesRequestBody } from './messages-wire';

/** A valid Messages request as the stand-in received it (`POST /v1/messages`, or a batch entry). */
export interface RecordedRequest {
  /** 0-based number of the request among valid requests. */
  readonly index: number;
  /** Epoch milliseconds when the body was read. */
  readonly at: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: MessagesRequestBody;
  /** Name of the request's document (see `StandinOptions.documentKey`). */
  readonly documentKey: string;
  /** Set when the request came as an entry of a Message Batch: the batch and the entry's `custom_id`. */
  readonly batch?: { readonly id: string; readonly customId: string };
}
