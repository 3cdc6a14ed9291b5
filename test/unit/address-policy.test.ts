/**
 * The SSRF guard's address table (docs/api.md, "Callbacks"; live mode): IPv6 forms that embed an IPv4 address
 * (mapped, compatible, NAT64, 6to4, Teredo) are judged by that address, and every range that is not
 * plain public unicast is refused; `localhost.` and `*.localhost.` are loopback names.
 */
import { describe, expect, it } from 'vitest';
import { checkCallbackUrl, hostNotAllowed, isBlockedAddress } from '../../electron/gateway/callbacks/address-policy.js';

/** [address, blocked?, why] */
const ADDRESSES: [string, boolean, string][] = [
  ['8.8.8.8', false, 'public v4'],
  ['1.1.1.1', false, 'public v4'],
  ['127.0.0.1', true, 'loopback'],
  ['127.255.255.254', true, 'loopback /8'],
  ['0.0.0.0', true, 'unspecified'],
  ['0.1.2.3', true, '"this" network'],
  ['10.0.0.1', true, 'private'],
  ['172.16.0.1', true, 'private'],
  ['172.31.255.255', true, 'private'],
  ['172.32.0.1', false, 'just outside 172.16/12'],
  ['192.168.1.1', true, 'private'],
  ['100.64.0.1', true, 'carrier-grade NAT'],
  ['169.254.169.254', true, 'link-local (cloud metadata)'],
  ['224.0.0.1', true, 'multicast'],
  ['239.255.255.250', true, 'multicast'],
  ['255.255.255.255', true, 'broadcast'],
  ['240.0.0.1', true, 'reserved'],
  ['192.0.2.1', true, 'documentation (reserved)'],
  ['198.18.0.1', true, 'benchmarking (reserved)'],
  ['::1', true, 'v6 loopback'],
  ['::', true, 'v6 unspecified'],
  ['fe80::1', true, 'v6 link-local'],
  ['fd00::1', true, 'unique local'],
  ['fc00::1', true, 'unique local'],
  ['fd00:ec2::254', true, 'unique local (cloud metadata)'],
  ['ff02::1', true, 'v6 multicast'],
  ['fec0::1', true, 'deprecated site-local'],
  ['2001:db8::1', true, 'documentation'],
  ['2606:4700:4700::1111', false, 'public v6'],
  ['2a00:1450:4001:80b::200e', false, 'public v6'],
  // IPv4-mapped, in both spellings (URL parsing gives the hex one)
  ['::ffff:127.0.0.1', true, 'mapped loopback, dotted'],
  ['::ffff:7f00:1', true, 'mapped loopback, hex (what URL parsing gives)'],
  ['::ffff:a9fe:a9fe', true, 'mapped link-local'],
  ['::ffff:c0a8:101', true, 'mapped private'],
  ['::ffff:8.8.8.8', false, 'mapped public'],
  ['::ffff:808:808', false, 'mapped public, hex'],
  // IPv4-compatible (deprecated, still parsed)
  ['::7f00:1', true, 'compatible loopback'],
  ['::127.0.0.1', true, 'compatible loopback, dotted'],
  ['::a00:1', true, 'compatible private'],
  ['::808:808', false, 'compatible public'],
  // IPv4-translated (RFC 6145)
  ['::ffff:0:7f00:1', true, 'translated loopback'],
  // NAT64
  ['64:ff9b::7f00:1', true, 'NAT64 loopback'],
  ['64:ff9b::127.0.0.1', true, 'NAT64 loopback, dotted'],
  ['64:ff9b::a9fe:a9fe', true, 'NAT64 link-local'],
  ['64:ff9b::808:808', false, 'NAT64 public'],
  ['64:ff9b:1::a00:1', true, 'local-use NAT64 prefix'],
  // 6to4 and Teredo embed an IPv4 address too
  ['2002:7f00:1::1', true, '6to4 of loopback'],
  ['2002:c0a8:101::1', true, '6to4 of private'],
  ['2002:808:808::1', false, '6to4 of public'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', true, 'Teredo whose client is 127.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', false, 'Teredo of public server and client'],
  // not an address at all
  ['localhost', true, 'a name is not an address'],
  ['', true, 'empty'],
];

describe('address policy', () => {
  it.each(ADDRESSES)('%s blocked=%s (%s)', (address, blocked) => {
    expect(isBlockedAddress(address)).toBe(blocked);
  });

  const REFUSED_URLS = [
    'https://[::ffff:127.0.0.1]/cb',
    'https://[::ffff:7f00:1]:8443/cb',
    'https://[::127.0.0.1]/cb',
    'https://[64:ff9b::127.0.0.1]/cb',
    'https://[64:ff9b::a9fe:a9fe]/cb',
    'https://[2002:7f00:1::1]/cb',
    'https://[::ffff:169.254.169.254]/latest/meta-data',
    'https://[fd00:ec2::254]/cb',
    'https://localhost./cb',
    'https://LOCALHOST./cb',
    'https://foo.localhost./cb',
    'https://foo.localhost/cb',
    'https://127.0.0.1./cb',
    'https://0x7f.1/cb',
    'https://2130706433/cb',
    'https://0177.0.0.1/cb',
    'https://100.64.1.1/cb',
    'https://255.255.255.255/cb',
  ];
  it.each(REFUSED_URLS)('refuses %s at create in live mode (allowed in sandbox)', (url) => {
    expect(checkCallbackUrl(url, 'live', [])).toMatchObject({ ok: false, reason: 'address_not_allowed' });
    expect(checkCallbackUrl(url, 'sandbox', [])).toMatchObject({ ok: true });
  });

  it('accepts public names and addresses, and allow-listed origins', () => {
    for (const url of [
      'https://shop.example/cb',
      'https://8.8.8.8/cb',
      'https://[2606:4700:4700::1111]/cb',
      'https://[::ffff:8.8.8.8]/cb',
      'https://[64:ff9b::8.8.8.8]/cb',
      'https://localhost.shop.example/cb',
    ]) {
      expect(checkCallbackUrl(url, 'live', []), url).toMatchObject({ ok: true });
    }
    expect(
      checkCallbackUrl('https://[::ffff:127.0.0.1]:8443/cb', 'live', ['https://[::ffff:7f00:1]:8443']),
    ).toMatchObject({ ok: true });
  });

  it('judges a URL host (brackets and trailing dot included) the same way at send time', () => {
    for (const host of [
      'localhost',
      'localhost.',
      'a.b.localhost.',
      '[::ffff:7f00:1]',
      '[::1]',
      '127.0.0.1',
      '[64:ff9b::7f00:1]',
    ])
      expect(hostNotAllowed(host), host).toBe(true);
    for (const host of ['shop.example', 'shop.example.', '8.8.8.8', '[2606:4700:4700::1111]', 'localhostx.example'])
      expect(hostNotAllowed(host), host).toBe(false);
  });
});
