import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { DocumentFetchError, shownUrl } from './fetch-errors';
import type { ResolvedAddress } from './resolve-host';

/** What one request gave: a redirect to follow (after checking it) or a body within the size cap. */
export type HopResult =
  | { readonly type: 'redirect'; readonly location: string }
  | { readonly type: 'body'; readonly contentType: string | null; readonly bytes: Buffer };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A lookup that answers every query with the address already resolved and checked. */
function pinned({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all)
      (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function readCapped(response: IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  const tooLarge = (): DocumentFetchError =>
    new DocumentFetchError({
      problem: 'too_large',
      message: `the document is over ${maxBytes} bytes`,
      url: shownUrl(url),
    });
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    response.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        reject(tooLarge());
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.on('close', () => {
      if (!response.complete) reject(new Error('the response was cut off'));
    });
  });
}

/**
 * One GET to `url`, connected to `address` (the host name still goes in the Host header and TLS
 * server name, so certificates are checked as usual). Asks for the bytes unencoded, so the size cap
 * counts what is stored and nothing is decompressed. `signal` ends it at any point.
 */
export function requestHop(options: {
  url: URL;
  address: ResolvedAddress;
  maxBytes: number;
  signal: AbortSignal;
  ca: string | undefined;
}): Promise<HopResult> {
  const { url, maxBytes, signal } = options;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'GET',
        // A fresh connection for every hop: a pooled one was made for an earlier answer and options.
        agent: false,
        lookup: pinned(options.address),
        signal,
        headers: { 'accept-encoding': 'identity' },
        ...(options.ca === undefined ? {} : { ca: options.ca }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        // A redirect's or an error's body is never read: the connection is closed at once.
        if (REDIRECTS.has(status) && location) {
          response.destroy();
          resolve({ type: 'redirect', location });
          return;
        }
        if (status < 200 || status > 299) {
          response.destroy();
          reject(
            new DocumentFetchError({
              problem: 'http_status',
              message: `the server answered ${status}`,
              url: shownUrl(url),
              status,
            }),
          );
          return;
        }
        const contentType = response.headers['content-type'] ?? null;
        readCapped(response, url, maxBytes).then(
          (bytes) => resolve({ type: 'body', contentType, bytes }),
          reject,
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
