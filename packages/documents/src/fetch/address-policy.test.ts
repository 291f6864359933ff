import { describe, expect, it } from 'vitest';
import { publicAddressPolicy } from './address-policy';

describe('publicAddressPolicy', () => {
  it.each([['8.8.8.8'], ['1.1.1.1'], ['2606:4700:4700::1111']])('allows the public address %s', (address) => {
    expect(publicAddressPolicy(address)).toEqual({ allowed: true });
  });

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
});
