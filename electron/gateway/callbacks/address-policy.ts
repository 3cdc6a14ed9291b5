/**
 * Where callbacks may go (SSRF guard). HTTPS only, always. In live mode a host that is
 * `localhost`/`*.localhost` (with or without the trailing root dot) or an IP literal outside plain
 * public unicast is refused at create; at send time the URL's host and every resolved address are
 * judged the same way. IPv6 forms that carry an IPv4 address (mapped, compatible, translated, NAT64,
 * 6to4, Teredo) are judged by that IPv4 address, so `[::ffff:7f00:1]` is loopback like 127.0.0.1.
 * Origins on the merchant's allowlist are exempt. Sandbox mode allows loopback (the till's own
 * receiver) but still requires HTTPS.
 */
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

export type UrlVerdict =
  | { ok: true; url: URL; origin: string }
  | { ok: false; reason: 'not_https' | 'address_not_allowed' | 'invalid_url'; message: string };

/** An address after unwrapping: its range as ipaddr.js names it ("unicast" = public). */
export interface AddressClass {
  range: string;
  /** The IPv4 address it was judged by, when an IPv6 form carried one. */
  embedded?: string;
}

const v4FromParts = (high: number, low: number): ipaddr.IPv4 =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 address an IPv6 address stands for, if it is one of the forms that carry one. */
function embeddedV4(v6: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = v6.parts;
  const last = v4FromParts(p[6]!, p[7]!);
  switch (v6.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d (IPv4-translated)
      return [last];
    case 'rfc6052': // 64:ff9b::/96 well-known NAT64; the local-use 64:ff9b:1::/48 stays non-public
      return p[1] === 0xff9b && p[2] === 0 ? [last] : [];
    case '6to4': // 2002:aabb:ccdd::/48
      return [v4FromParts(p[1]!, p[2]!)];
    case 'teredo': // 2001:0:server:flags:port:~client
      return [v4FromParts(p[2]!, p[3]!), v4FromParts(~p[6]! & 0xffff, ~p[7]! & 0xffff)];
    case 'unicast':
      // ::a.b.c.d, IPv4-compatible (deprecated, still accepted by URL parsers and some stacks).
      return p.slice(0, 6).every((part) => part === 0) ? [last] : [];
    default:
      return [];
  }
}

/** Classifies an IP literal (v4, v6, dotted or hex); undefined when it is not one. */
export function classifyAddress(ip: string): AddressClass | undefined {
  if (isIP(ip) === 0) return undefined; // strict forms only: names and odd spellings are not addresses here
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return { range: parsed.range() };
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'loopback' || range === 'unspecified') return { range };
  const inner = embeddedV4(v6);
  if (inner.length === 0) return { range };
  // The worst of the embedded addresses decides (Teredo carries two).
  const judged = inner.find((v4) => v4.range() !== 'unicast') ?? inner[0]!;
  return { range: judged.range(), embedded: judged.toString() };
}

/** True for every address that is not plain public unicast (loopback, private, link-local, multicast, reserved, ...), and for non-addresses. */
export function isBlockedAddress(ip: string): boolean {
  return classifyAddress(ip)?.range !== 'unicast';
}

/** `localhost` and any name under it, with or without the root's trailing dot. */
export function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** A URL's host (`URL.hostname`: IPv6 in brackets) that live mode never calls back. */
export function hostNotAllowed(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isLoopbackName(host)) return true;
  return isIP(host) !== 0 && isBlockedAddress(host);
}

export function originOf(url: URL): string {
  return url.origin;
}

/** Checks a callbackUrl at create time (no DNS: names are checked at each send). */
export function checkCallbackUrl(raw: string, mode: 'sandbox' | 'live', allowlist: readonly string[]): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid_url', message: 'callbackUrl: not a valid URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not_https', message: 'callbackUrl: must use HTTPS' };
  const origin = originOf(url);
  if (mode === 'live' && !allowlist.includes(origin) && hostNotAllowed(url.hostname)) {
    return {
      ok: false,
      reason: 'address_not_allowed',
      message:
        'callbackUrl: loopback, private, link-local, multicast and reserved addresses are not allowed in live mode',
    };
  }
  return { ok: true, url, origin };
}
