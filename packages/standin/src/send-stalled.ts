import type { ServerResponse } from 'node:http';
import { messageEvents } from './message-events';
import type { MessageResponse } from './messages-wire';

/**
 * Starts answering `message` and never finishes: status 200 and the headers, then the start of the
 * body (the first half of the JSON, or the events before the first content block when streaming),
 * then nothing. The response stays open until the client goes away or the server closes its
 * connections.
 */
export function sendStalled(
  response: ServerResponse,
  options: { readonly requestId: string; readonly stream: boolean; readonly message: MessageResponse },
): void {
  const { stream, message } = options;
  const whole = stream ? messageEvents(message) : JSON.stringify(message);
  const start = stream
    ? whole.slice(0, whole.indexOf('event: content_block_start'))
    : whole.slice(0, Math.floor(whole.length / 2));
  response.writeHead(200, {
    'content-type': stream ? 'text/event-stream; charset=utf-8' : 'application/json',
    'cache-control': 'no-cache',
    'request-id': options.requestId,
  });
  response.write(start);
}
