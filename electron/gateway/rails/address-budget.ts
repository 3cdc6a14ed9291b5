/**
 * How fast one client may take NEW deposit addresses in live mode. Each one advances the HD index
 * for good, and a page in the merchant's own browser could burn hundreds a second, so loopback
 * clients count too (unlike the general rate limit). Refreshes that reuse a payment's address cost
 * nothing. The client is the request's address, handed with the write to the group commit (writes
 * run later, batched), which answers who asked while the write runs.
 */
import ipaddr from 'ipaddr.js';
import { GatewayError } from '../errors.js';
import { RateLimiter } from '../rate-limit.js';

export const NEW_ADDRESSES_PER_MINUTE = 30;

/** Normalised keys of recent addresses (parsing one on every create showed in profiles); bounded. */
const keys = new Map<string, string>();

/** One key per machine: `::ffff:127.0.0.1` and `127.0.0.1` are the same client. */
export function clientKey(ip: string): string {
  let key = keys.get(ip);
  if (key === undefined) {
    key = ipaddr.isValid(ip) ? ipaddr.process(ip).toString() : ip;
    if (keys.size >= 10_000) keys.clear();
    keys.set(ip, key);
  }
  return key;
}

export class DepositAddressBudget {
  private readonly limiter: RateLimiter;

  constructor(
    /** The client (a `clientKey`) of the write running now; undefined outside a request's write. */
    private readonly currentClient: () => string | undefined,
    private readonly perMinute = NEW_ADDRESSES_PER_MINUTE,
    now?: () => number,
  ) {
    this.limiter = new RateLimiter(perMinute, now);
  }

  /** Counts one new address against the current client (calls outside a request share one budget); 1429 when spent. */
  spend(): void {
    if (this.limiter.take(this.currentClient() ?? 'internal')) return;
    throw GatewayError.of(
      'rateLimited',
      `Too many new deposit addresses from this client (at most ${this.perMinute} a minute); retry later, or refresh an existing payment (it keeps its address)`,
    );
  }
}
