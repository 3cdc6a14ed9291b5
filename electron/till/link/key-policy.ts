/**
 * Which merchant key may go where (README, "Security"; docs/api.md, "Merchant operations"): the
 * embedded gateway's key never leaves this machine, so it goes only to the embedded gateway; a hosted
 * gateway gets only the key set for it, and only over HTTPS or plain http to this computer.
 */
import ipaddr from 'ipaddr.js';

/** The gateway setting as till.db keeps it (the hosted key is stored, never shown). */
export type GatewaySetting =
  { kind: 'embedded' } | { kind: 'hosted'; baseUrl: string; merchantKey?: string; tillKey?: string };

function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  // Only the name itself: other *.localhost names may go to DNS, which could answer anything.
  if (host === 'localhost') return true;
  if (!ipaddr.isValid(host)) return false;
  return ipaddr.process(host).range() === 'loopback';
}

/** True when a bearer key may be sent to this base URL: https anywhere, http only to loopback. */
export function mayCarryMerchantKey(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** The key to send with a merchant operation to the gateway in use, or undefined: send none. */
export function merchantKeyFor(target: GatewaySetting, embeddedKey: string): string | undefined {
  if (target.kind === 'embedded') return embeddedKey;
  if (!target.merchantKey || !mayCarryMerchantKey(target.baseUrl)) return undefined;
  return target.merchantKey;
}

/** The shop server's till key for this till (docs/api.md, "Tills"), under the same rule as a merchant key. */
export function tillKeyFor(target: GatewaySetting): string | undefined {
  if (target.kind === 'embedded' || !target.tillKey || !mayCarryMerchantKey(target.baseUrl)) return undefined;
  return target.tillKey;
}

/** Two base URLs name the same gateway (a key set for one belongs to the other). */
export function sameGateway(a: string, b: string): boolean {
  const normal = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();
  return normal(a) === normal(b);
}
