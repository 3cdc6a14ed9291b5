/**
 * Where callbacks may go (SSRF guard). HTTPS only, always. In live mode a host that is
 * `localhost`/`*.localhost` or an IP literal in a loopback, private, link-local or multicast
 * range is refused at create; at send time every resolved address is checked the same way.
 * Origins on the merchant's allowlist are exempt. Sandbox mode allows loopback (the till's
 * own receiver) but still requires HTTPS.
 */
import { isIP } from 'node:net';

export type UrlVerdict = { ok: true; url: URL; origin: string } | { ok: false; reason: 'not_https' | 'address_not_allowed' | 'invalid_url'; message: string };

function ipv4Blocked(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224 // multicast and reserved
  );
}

function ipv6Blocked(ip: string): boolean {
  const lower = ip.toLowerCase();
  if (lower === '::1' || lower === '::') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return ipv4Blocked(mapped[1]);
  return /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}

/** True for loopback, private, link-local, multicast (and unspecified) addresses. */
export function isBlockedAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 4) return ipv4Blocked(ip);
  if (version === 6) return ipv6Blocked(ip);
  return true;
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
  if (mode === 'live' && !allowlist.includes(origin)) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const local = host === 'localhost' || host.endsWith('.localhost');
    if (local || (isIP(host) !== 0 && isBlockedAddress(host))) {
      return { ok: false, reason: 'address_not_allowed', message: 'callbackUrl: loopback, private, link-local and multicast addresses are not allowed in live mode' };
    }
  }
  return { ok: true, url, origin };
}
