import { z } from 'zod';
import { type DocumentMediaType, normalizeMediaType } from '../document-media-type';
import { sniffMediaType } from '../sniff-media-type';
import { type AddressPolicy, publicAddressPolicy } from './address-policy';
import { DocumentFetchError, shownUrl, UnsafeUrlError } from './fetch-errors';
import { requestHop } from './request-hop';
import { type HostLookup, resolveHost, systemLookup } from './resolve-host';

/** The numbers of a download, checked: a bad value is a `ZodError` naming the field. */
const FetchLimits = z.object({
  maxBytes: z.number().int().positive(),
  timeoutMs: z.number().int().positive().max(600_000),
  maxRedirects: z.number().int().min(0).max(20).default(5),
});

/** A downloaded document: its bytes, its type as the bytes show it, and the URL it finally came from. */
export interface FetchedDocument {
  readonly bytes: Uint8Array;
  readonly mediaType: DocumentMediaType;
  /** The last hop's URL without query, credentials or fragment. */
  readonly url: string;
  readonly redirects: number;
}

export interface FetchDocumentOptions {
  url: string;
  /** Allow `http:` (default: `https:` only). */
  allowHttp?: boolean | undefined;
  maxBytes: number;
  /** One deadline for the whole download, redirects included. */
  timeoutMs: number;
  /** Redirects followed at most (default 5). */
  maxRedirects?: number | undefined;
  lookup?: HostLookup | undefined;
  addressPolicy?: AddressPolicy | undefined;
  /** Certificate authorities (PEM) trusted for `https:` instead of Node's defaults, for an internal CA. */
  ca?: string | undefined;
  signal?: AbortSignal | undefined;
}

function parseUrl(raw: string, base?: URL): URL {
  try {
    return new URL(raw, base);
  } catch (cause) {
    throw new UnsafeUrlError({
      problem: 'invalid_url',
      message: 'the URL cannot be parsed',
      url: base ? shownUrl(base) : '',
      cause,
    });
  }
}

function checkScheme(url: URL, allowHttp: boolean): void {
  if (url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')) return;
  const allowed = allowHttp ? 'https or http' : 'https';
  throw new UnsafeUrlError({
    problem: 'scheme',
    message: `only ${allowed} URLs are fetched, not ${url.protocol}`,
    url: shownUrl(url),
  });
}

function checkType(url: URL, declared: string | null, bytes: Buffer): DocumentMediaType {
  const detected = sniffMediaType(bytes);
  const shown = shownUrl(url);
  if (detected === null || detected === 'other') {
    const message = 'the download is not a PDF, PNG, JPEG, WebP or GIF';
    throw new DocumentFetchError({
      problem: 'unsupported_type',
      message,
      url: shown,
      declaredType: declared,
      detectedType: null,
    });
  }
  const claim = declared === null ? null : normalizeMediaType(declared);
  const generic = declared === null || /^(application\/octet-stream|binary\/octet-stream)\b/i.test(declared);
  if (!generic && claim !== detected) {
    const message = `the server says ${declared} but the bytes are ${detected}`;
    throw new DocumentFetchError({
      problem: 'content_type_mismatch',
      message,
      url: shown,
      declaredType: declared,
      detectedType: detected,
    });
  }
  return detected;
}

/**
 * Downloads a document without letting the URL reach inside the network (SSRF): only `https:`
 * (and `http:` when allowed); the host is resolved once and every address checked against the
 * policy (public addresses only by default), then the connection goes to that address; redirects
 * are followed by hand, at most `maxRedirects`, each checked the same way; the body is capped at
 * `maxBytes` while it streams; one deadline covers it all; and the bytes must be the type the
 * server declared (a generic or missing type is taken from the bytes). Throws `UnsafeUrlError`,
 * `DocumentFetchError`, or the reason of an aborted `signal`.
 */
export async function fetchDocument(options: FetchDocumentOptions): Promise<FetchedDocument> {
  const limits = FetchLimits.parse(options);
  const allowHttp = options.allowHttp ?? false;
  const lookup = options.lookup ?? systemLookup;
  const policy = options.addressPolicy ?? publicAddressPolicy;
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let url = parseUrl(options.url);
  try {
    for (let redirects = 0; ; redirects += 1) {
      checkScheme(url, allowHttp);
      signal.throwIfAborted();
      const address = await resolveHost(url, { lookup, policy, signal });
      const hop = await requestHop({ url, address, maxBytes: limits.maxBytes, signal, ca: options.ca });
      if (hop.type === 'body') {
        const mediaType = checkType(url, hop.contentType, hop.bytes);
        return { bytes: hop.bytes, mediaType, url: shownUrl(url), redirects };
      }
      if (redirects >= limits.maxRedirects) {
        const message = `more than ${limits.maxRedirects} redirects`;
        throw new DocumentFetchError({ problem: 'too_many_redirects', message, url: shownUrl(url) });
      }
      url = parseUrl(hop.location, url);
    }
  } catch (error) {
    if (error instanceof UnsafeUrlError || error instanceof DocumentFetchError) throw error;
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted) {
      const message = `the download took longer than ${limits.timeoutMs} ms`;
      throw new DocumentFetchError({ problem: 'timeout', message, url: shownUrl(url), cause: error });
    }
    const code = (error as NodeJS.ErrnoException).code ?? 'no code';
    throw new DocumentFetchError({
      problem: 'network',
      message: `the download failed (${code})`,
      url: shownUrl(url),
      cause: error,
    });
  }
}
