import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';

/** Request and response headers a forwarding hop sets itself. */
const hopHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'content-encoding']);

/**
 * An HTTP proxy in front of the stand-in (`target`) that, before forwarding a batch create for
 * which `lose(n)` is true (n: the creates seen so far, from 1), deletes every file the stand-in's
 * Files API holds: whatever file that batch's requests reference is gone when it is answered, as if
 * deleted behind Quarry's back. A request for which `stall` is true gets its headers and the start
 * of a body, then nothing more (an API that stalls mid-answer).
 */
export async function faultyApiProxy(options: {
  readonly target: string;
  readonly lose?: (create: number) => boolean;
  readonly stall?: (request: { readonly method: string; readonly path: string }) => boolean;
}): Promise<{ readonly url: string; close(): Promise<void> }> {
  const files = new Anthropic({ apiKey: 'test-key', baseURL: options.target, maxRetries: 0 });
  let creates = 0;
  let origin = '';
  const server = createServer((request, response) => {
    const forward = async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const method = request.method ?? 'GET';
      const path = request.url?.split('?')[0] ?? '/';
      if (options.stall?.({ method, path })) {
        response.writeHead(200, { 'content-type': 'application/json' }).write('{"id":');
        return;
      }
      if (method === 'POST' && path === '/v1/messages/batches') {
        creates += 1;
        if (options.lose?.(creates)) {
          for await (const file of files.beta.files.list()) await files.beta.files.delete(file.id);
        }
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && !hopHeaders.has(name)) headers.set(name, value);
      }
      const upstream = await fetch(new URL(request.url ?? '/', options.target), {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
      });
      const out: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!hopHeaders.has(name)) out[name] = value;
      });
      // Links the stand-in answers with (a batch's results_url) lead back through the proxy.
      const body = Buffer.from(
        Buffer.from(await upstream.arrayBuffer())
          .toString('latin1')
          .replaceAll(new URL(options.target).origin, origin),
        'latin1',
      );
      response.writeHead(upstream.status, out).end(body);
    };
    forward().catch((error: unknown) => {
      response.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
