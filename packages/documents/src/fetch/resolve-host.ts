import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { raceAbort } from '../race-abort';
import type { AddressPolicy } from './address-policy';
import { shownUrl, UnsafeUrlError } from './fetch-errors';

/** One resolved address, as `dns.lookup` gives it. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has. The default is the system resolver; tests inject their own. */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemLookup: HostLookup = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * Resolves the URL's host once and checks every address against the policy: one refused address
 * refuses the host (a name that resolves to both a public and an internal address is not safe to
 * fetch). The download then connects to the address returned here, never resolving again, so a
 * second answer (DNS rebinding) cannot send it elsewhere. The lookup counts against the download's
 * deadline (`signal`).
 */
export async function resolveHost(
  url: URL,
  options: { lookup: HostLookup; policy: AddressPolicy; signal: AbortSignal },
): Promise<ResolvedAddress> {
  const { lookup, policy, signal } = options;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(hostname);
  const addresses =
    literal === 0
      ? await raceAbort(lookup(hostname), signal, () => undefined)
      : [{ address: hostname, family: literal === 6 ? 6 : 4 } as const];
  const first = addresses[0];
  if (!first) {
    throw new UnsafeUrlError({
      problem: 'no_address',
      message: `${url.host} has no address`,
      url: shownUrl(url),
    });
  }
  for (const { address } of addresses) {
    const verdict = policy(address);
    if (!verdict.allowed) {
      throw new UnsafeUrlError({
        problem: 'address',
        message: `${url.host} resolves to ${address} (${verdict.range}); only public addresses are fetched`,
        url: shownUrl(url),
        address,
        range: verdict.range,
      });
    }
  }
  return first;
}
