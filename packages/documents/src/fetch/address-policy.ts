import ipaddr from 'ipaddr.js';

/** Whether a download may connect to an address; a refusal names the address's range (`private`, `loopback`, …). */
export type AddressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly range: string };

/** Decides which resolved addresses a download may connect to. Tests inject their own to reach a local server. */
export type AddressPolicy = (address: string) => AddressVerdict;

/** Cloud metadata endpoints, named as such in refusals (their ranges are refused anyway). */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/**
 * The default policy: only public unicast addresses. Everything `ipaddr.js` files under another
 * range is refused: private (RFC 1918), loopback, link-local, carrier-grade NAT, unique-local IPv6,
 * multicast, reserved and documentation ranges, and IPv6 forms that embed an IPv4 address
 * (IPv4-mapped, NAT64, 6to4, Teredo), so that no spelling of an internal address gets through.
 */
export const publicAddressPolicy: AddressPolicy = (address) => {
  if (!ipaddr.isValid(address)) return { allowed: false, range: 'invalid' };
  const parsed = ipaddr.parse(address);
  const canonical = parsed.toNormalizedString();
  if (METADATA.has(address) || METADATA.has(canonical) || METADATA.has(parsed.toString())) {
    return { allowed: false, range: 'metadata' };
  }
  const range = parsed.range();
  return range === 'unicast' ? { allowed: true } : { allowed: false, range };
};
