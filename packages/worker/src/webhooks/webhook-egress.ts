import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  type AddressPolicy,
  type HostLookup,
  publicAddressPolicy,
  type ResolvedAddress,
  resolveHost,
  systemLookup,
  UnsafeUrlError,
} from '@quarry/documents';
import { allowedNetworks } from '@quarry/queue';

/** Where webhooks may go: the URL-document policy (https, public addresses), widened only by settings. */
export interface WebhookEgress {
  /** Allow `http:` URLs (`WEBHOOK_ALLOW_HTTP`). */
  readonly allowHttp: boolean;
  /** Addresses or CIDR ranges allowed although not public (`WEBHOOK_ALLOW_PRIVATE_NETWORKS`). */
  readonly allowPrivateNetworks: readonly string[];
  /** Default the system resolver; tests inject their own. */
  readonly lookup?: HostLookup;
}

/** How one delivery try ended. `excerpt` is at most 200 neutralised characters of the answer, never stored verbatim. */
export type WebhookPostOutcome =
  | { readonly kind: 'delivered'; readonly status: number }
  | {
      readonly kind: 'failed';
      readonly problem: 'refused' | 'redirect' | 'http_status' | 'timeout' | 'network';
      readonly status: number | null;
      readonly detail: string;
    };

/** Characters of an answer's body kept in an outcome's detail. */
const EXCERPT_CHARS = 200;
/** Bytes of an answer read at most (the rest is dropped with the connection). */
const READ_BYTES = 1024;

/** Cloud metadata endpoints: refused even inside an allowed private network. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** The address policy of webhook egress: public addresses, or an allowed private network; metadata never. */
export function webhookAddressPolicy(egress: Pick<WebhookEgress, 'allowPrivateNetworks'>): AddressPolicy {
  const allowed = allowedNetworks(egress.allowPrivateNetworks);
  return (address) => {
    if (METADATA.has(address)) return { allowed: false, range: 'metadata' };
    const verdict = publicAddressPolicy(address);
    if (verdict.allowed) return verdict;
    const family = address.includes(':') ? 'ipv6' : 'ipv4';
    return allowed.check(address, family) ? { allowed: true } : verdict;
  };
}

/** Text from a receiver as it may be shown: control and format characters as spaces, capped. */
export function neutralisedExcerpt(text: string, max = EXCERPT_CHARS): string {
  const clean = text.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, ' ').trim();
  const characters = Array.from(clean);
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : clean;
}

function schemeProblem(url: URL, allowHttp: boolean): string | null {
  if (url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')) return null;
  return url.protocol === 'http:'
    ? 'only https URLs are delivered to (set WEBHOOK_ALLOW_HTTP=true to allow http)'
    : `only https URLs are delivered to, not ${url.protocol}`;
}

/**
 * Checks where a webhook URL goes, as a delivery would: the scheme, then every address its host
 * resolves to against {@link webhookAddressPolicy}.
 * @returns null when it may be delivered to, else why not (naming the address and its range).
 */
export async function checkWebhookTarget(options: {
  readonly url: string;
  readonly egress: WebhookEgress;
  readonly timeoutMs: number;
}): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return 'the URL cannot be parsed';
  }
  const scheme = schemeProblem(url, options.egress.allowHttp);
  if (scheme) return scheme;
  try {
    await resolveHost(url, {
      lookup: options.egress.lookup ?? systemLookup,
      policy: webhookAddressPolicy(options.egress),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    return null;
  } catch (error) {
    if (error instanceof UnsafeUrlError)
      return `${error.message} (WEBHOOK_ALLOW_PRIVATE_NETWORKS allows a private network)`;
    return `${url.host} cannot be resolved (${(error as NodeJS.ErrnoException).code ?? 'no answer'})`;
  }
}

/** A lookup that answers every query with the address already resolved and checked. */
function pinned({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all)
      (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * POSTs one signed webhook: the URL checked and its host resolved once by the egress policy, the
 * connection made to that address (no second resolution), redirects never followed (a 3xx is a
 * failed try), one deadline over it all, at most 1 KiB of the answer read and only a neutralised
 * excerpt kept. Never throws: every end is a {@link WebhookPostOutcome}.
 */
export async function postWebhook(options: {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly egress: WebhookEgress;
}): Promise<WebhookPostOutcome> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return { kind: 'failed', problem: 'refused', status: null, detail: 'the URL cannot be parsed' };
  }
  const scheme = schemeProblem(url, options.egress.allowHttp);
  if (scheme) return { kind: 'failed', problem: 'refused', status: null, detail: scheme };
  let address: ResolvedAddress;
  try {
    address = await resolveHost(url, {
      lookup: options.egress.lookup ?? systemLookup,
      policy: webhookAddressPolicy(options.egress),
      signal,
    });
  } catch (error) {
    if (error instanceof UnsafeUrlError)
      return { kind: 'failed', problem: 'refused', status: null, detail: error.message };
    if (signal.aborted) return timedOut(options.timeoutMs);
    return { kind: 'failed', problem: 'network', status: null, detail: `${url.host} cannot be resolved` };
  }
  try {
    return await send({ url, address, signal, body: options.body, headers: options.headers });
  } catch (error) {
    if (signal.aborted) return timedOut(options.timeoutMs);
    const code = (error as NodeJS.ErrnoException).code ?? 'no code';
    return { kind: 'failed', problem: 'network', status: null, detail: `the request failed (${code})` };
  }
}

const timedOut = (timeoutMs: number): WebhookPostOutcome => ({
  kind: 'failed',
  problem: 'timeout',
  status: null,
  detail: `no answer within ${timeoutMs} ms`,
});

function send(options: {
  readonly url: URL;
  readonly address: ResolvedAddress;
  readonly signal: AbortSignal;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}): Promise<WebhookPostOutcome> {
  const { url, signal } = options;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = Buffer.from(options.body, 'utf8');
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: pinned(options.address),
        signal,
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'Quarry-Webhooks/1',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let read = 0;
        const finish = () => {
          response.destroy();
          const text = Buffer.concat(chunks).toString('utf8');
          if (status >= 200 && status <= 299) {
            resolve({ kind: 'delivered', status });
            return;
          }
          const excerpt = neutralisedExcerpt(text);
          const redirect = status >= 300 && status <= 399;
          resolve({
            kind: 'failed',
            problem: redirect ? 'redirect' : 'http_status',
            status,
            detail: redirect
              ? `the receiver answered ${status} (redirects are not followed)`
              : `the receiver answered ${status}${excerpt === '' ? '' : `: ${excerpt}`}`,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (read >= READ_BYTES) return;
          chunks.push(chunk.subarray(0, READ_BYTES - read));
          read += chunk.length;
          if (read >= READ_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
