import { describe, expect, it } from 'vitest';
import { publicAddressPolicy } from './address-policy';

describe('publicAddressPolicy', () => {
  it.each([['8.8.8.8'], ['1.1.1.1'], ['2606:4700:4700::1111'], ['2a00:1450:4001:80b::200e']])(
    'allows the public address %s',
    (address) => {
      expect(publicAddressPolicy(address)).toEqual({ allowed: true });
    },
  );

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.10.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::', '6to4'],
    ['2001::1', 'teredo'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fd00:ec2:0:0:0:0:0:254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['not-an-address', 'invalid'],
  ])('refuses %s (%s)', (address, range) => {
    expect(publicAddressPolicy(address)).toEqual({ allowed: false, range });
  });

  it.each([
    // IPv4-compatible ::/96 (deprecated, RFC 4291): loopback, metadata, private and even public IPv4 inside.
    ['::7f00:1', 'ipv4Compatible'],
    ['::a9fe:a9fe', 'ipv4Compatible'],
    ['::a00:1', 'ipv4Compatible'],
    ['::808:808', 'ipv4Compatible'],
    ['0:0:0:0:0:0:a00:1', 'ipv4Compatible'],
    // The dotted spelling, which `ipaddr.js` reads as IPv4-mapped: refused either way.
    ['::127.0.0.1', 'ipv4Mapped'],
    // IPv4-mapped in hex, IPv4-translated (RFC 6145), NAT64 well-known and local-use prefixes (RFC 6052, 8215).
    ['::ffff:7f00:1', 'ipv4Mapped'],
    ['::ffff:0:a9fe:a9fe', 'rfc6145'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['64:ff9b::808:808', 'rfc6052'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    // 6to4 and Teredo embed an IPv4 address (the relay's or the client's) and are tunnelled over IPv4.
    ['2002:7f00:1::1', '6to4'],
    ['2002:808:808::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo'],
    // Outside 2000::/3 and in no named range: nothing public lives there.
    ['1::1', 'notGlobalUnicast'],
    ['4000::1', 'notGlobalUnicast'],
    ['e000::1', 'notGlobalUnicast'],
  ])(
    'row 148: refuses %s, an IPv6 form that embeds or reaches IPv4 or is not global unicast (%s)',
    (address, range) => {
      expect(publicAddressPolicy(address)).toEqual({ allowed: false, range });
    },
  );
});
