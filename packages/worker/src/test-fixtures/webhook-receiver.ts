import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The status it was answered with; null while held or never answered. */
  status: number | null;
}

/** How the receiver answers the n-th request (0-based): a status (with headers), or `hold` (never answer). */
export type ReceiverReply = { readonly status: number; readonly headers?: Record<string, string> } | 'hold';

/** A local HTTP receiver of webhooks on 127.0.0.1, answering by `reply`. */
export interface WebhookReceiver {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedWebhook[];
  /** Stops listening (held requests are cut off); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Starts a receiver; `reply` decides each answer (default 204). Close it with `stop`. */
export async function startWebhookReceiver(
  reply: (n: number, received: ReceivedWebhook) => ReceiverReply = () => ({ status: 204 }),
  port = 0,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const held = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: ReceivedWebhook = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: null,
      };
      received.push(entry);
      const answer = reply(received.length - 1, entry);
      if (answer === 'hold') {
        held.add(response);
        return;
      }
      entry.status = answer.status;
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.status >= 400 ? '<html>\u001b[31mbroken\u001b[0m</html>' : '');
    });
  });
  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const bound = await listen(port);
  return {
    url: `http://127.0.0.1:${bound}/hook`,
    port: bound,
    received,
    async stop() {
      for (const response of held) response.destroy();
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      await listen(bound);
    },
  };
}
