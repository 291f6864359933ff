import ipaddr from 'ipaddr.js';

/** Whether a download may connect to an address; a refusal names the address's range (`private`, `loopback`, …). */
export type AddressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly range: string };

/** Decides which resolved addresses a download may connect to. Tests inject their own to reach a local server. */
export type AddressPolicy = (address: string) => AddressVerdict;

/** Cloud metadata endpoints, named as such in refusals (their ranges are refused anyway). */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** `::/96`, the deprecated IPv4-compatible form (RFC 4291 §2.5.5.1): `::a.b.c.d` can reach IPv4 `a.b.c.d`. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/** `2000::/3`, the only IPv6 block IANA allocates for global unicast; `ipaddr.js` calls all the rest `unicast` too. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * The range an IPv6 address that `ipaddr.js` files as plain `unicast` really is in: the
 * IPv4-compatible block is named as such, anything outside global unicast is `notGlobalUnicast`.
 */
function ipv6UnicastRange(address: ipaddr.IPv6): string {
  if (address.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  if (!address.match(GLOBAL_UNICAST)) return 'notGlobalUnicast';
  return 'unicast';
}

/**
 * The default policy: only public unicast addresses. Everything `ipaddr.js` files under another
 * range is refused: private (RFC 1918), loopback, link-local, carrier-grade NAT, unique-local IPv6,
 * multicast, reserved and documentation ranges. Every IPv6 form that embeds or translates to an
 * IPv4 address is refused outright rather than judged by its IPv4 part (a public server has an IPv4
 * or native IPv6 address of its own): IPv4-mapped `::ffff:0:0/96`, IPv4-translated
 * `::ffff:0:0:0/96` (`rfc6145`), NAT64 `64:ff9b::/96` and `64:ff9b:1::/48` (`rfc6052`), 6to4
 * `2002::/16`, Teredo `2001::/32` and IPv4-compatible `::/96` (`ipv4Compatible`). IPv6 outside
 * `2000::/3` that no special range names is refused as `notGlobalUnicast`.
 */
export const publicAddressPolicy: AddressPolicy = (address) => {
  if (!ipaddr.isValid(address)) return { allowed: false, range: 'invalid' };
  const parsed = ipaddr.parse(address);
  const canonical = parsed.toNormalizedString();
  if (METADATA.has(address) || METADATA.has(canonical) || METADATA.has(parsed.toString())) {
    return { allowed: false, range: 'metadata' };
  }
  const named = parsed.range();
  const range = named === 'unicast' && parsed instanceof ipaddr.IPv6 ? ipv6UnicastRange(parsed) : named;
  return range === 'unicast' ? { allowed: true } : { allowed: false, range };
};
