/**
 * X-Paydesk-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256("<t>.<body>")>` keyed with the
 * merchant key's text, so receivers can check origin and refuse replays. `t` is real time,
 * even in sandbox mode, because receivers compare it with their own clocks.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-paydesk-signature';

export function signBody(body: string, merchantKey: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  const v1 = createHmac('sha256', merchantKey).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureCheck = { ok: true; t: number } | { ok: false; reason: string };

/** What a receiver does: parse, recompute, compare in constant time, and bound the age. */
export function verifySignature(
  header: string | undefined,
  body: string,
  merchantKey: string,
  nowUnixSeconds: number,
  toleranceSeconds = 300,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing signature' };
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(t) || !given || !/^[0-9a-f]{64}$/.test(given))
    return { ok: false, reason: 'malformed signature' };
  if (Math.abs(nowUnixSeconds - t) > toleranceSeconds)
    return { ok: false, reason: 'signature too old or from the future' };
  const expected = createHmac('sha256', merchantKey).update(`${t}.${body}`).digest('hex');
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex')))
    return { ok: false, reason: 'signature mismatch' };
  return { ok: true, t };
}
