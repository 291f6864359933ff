import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Request body bytes that went through a {@link startByteCountingProxy}, by API. */
export interface SentBytes {
  /** `POST /v1/messages` bodies (batches excluded). */
  messages: number;
  messageRequests: number;
  /** `POST /v1/files` bodies (uploads). */
  files: number;
}

/** A proxy in front of an API server: counts the bytes of each request body on its way through. */
export interface ByteCountingProxy {
  readonly url: string;
  readonly sent: SentBytes;
  close(): Promise<void>;
}

/**
 * Forwards every request to `target` unchanged and counts what clients send: the bytes on the wire
 * that a client pointed at `url` (`ANTHROPIC_BASE_URL`) uploads, measured where the SDK cannot
 * leave any out.
 */
export async function startByteCountingProxy(target: string): Promise<ByteCountingProxy> {
  const upstream = new URL(target);
  const sent: SentBytes = { messages: 0, messageRequests: 0, files: 0 };
  const server = createServer((incoming, outgoing) => {
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const isMessages = incoming.method === 'POST' && path === '/v1/messages';
    const isUpload = incoming.method === 'POST' && path === '/v1/files';
    if (isMessages) sent.messageRequests += 1;
    const forward = httpRequest(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.on('data', (chunk: Buffer) => {
      if (isMessages) sent.messages += chunk.byteLength;
      if (isUpload) sent.files += chunk.byteLength;
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
