import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readBody, sendError, sendJson } from './http-io';
import type { StandinStats } from './standin-stats';

/** Most create responses one call may arm to drop. */
export const maxDroppedCreateResponses = 1000;

/** Body of `POST /_standin/batches/drop-create-responses`. */
export const DropCreateResponses = z.strictObject({
  count: z.number().int().min(1).max(maxDroppedCreateResponses),
});

/** Largest body the control routes read. */
const maxControlBodyBytes = 4096;

/**
 * The stand-in's own routes, for tests: `GET /_standin/stats` (the counters) and
 * `POST /_standin/batches/drop-create-responses` with `{ "count": N }` (1 to 1000): the next N
 * batch creates succeed, but their connection is reset before the response, as when a client
 * crashes or loses the network right after the API accepted the batch. Answers `{ "armed": total }`.
 */
export async function handleControl(
  request: IncomingMessage,
  response: ServerResponse,
  options: {
    readonly requestId: string;
    readonly path: string;
    readonly stats: () => StandinStats;
    readonly dropNextCreateResponses: (count: number) => number;
  },
): Promise<boolean> {
  const { requestId } = options;
  if (request.method === 'GET' && options.path === '/_standin/stats') {
    request.resume();
    sendJson(response, { status: 200, requestId, body: options.stats() });
    return true;
  }
  if (request.method !== 'POST' || options.path !== '/_standin/batches/drop-create-responses') return false;
  const raw = await readBody(request, maxControlBodyBytes);
  if (raw === null) {
    sendError(response, { status: 413, requestId, message: `Body over ${maxControlBodyBytes} bytes` });
    return true;
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    sendError(response, {
      status: 400,
      requestId,
      message: `The body is not JSON: ${(error as Error).message}`,
    });
    return true;
  }
  const parsed = DropCreateResponses.safeParse(body);
  if (!parsed.success) {
    const message = z.prettifyError(parsed.error).replaceAll('\n', ' ');
    sendError(response, { status: 400, requestId, message: `drop-create-responses: ${message}` });
    return true;
  }
  sendJson(response, {
    status: 200,
    requestId,
    body: { armed: options.dropNextCreateResponses(parsed.data.count) },
  });
  return true;
}
