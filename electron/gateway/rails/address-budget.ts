/**
 * How fast one client may take NEW deposit addresses in live mode. Each one advances the HD index
 * for good, and a page in the merchant's own browser could burn hundreds a second, so loopback
 * clients count too (unlike the general rate limit). Refreshes that reuse a payment's address cost
 * nothing. The client is the request's address, carried from the HTTP hook to the write that takes
 * the address (writes run later, batched by the group commit) in an AsyncLocalStorage.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import ipaddr from 'ipaddr.js';
import { GatewayError } from '../errors.js';
import { RateLimiter } from '../rate-limit.js';

export const NEW_ADDRESSES_PER_MINUTE = 30;

/** Normalised keys of recent addresses (parsing one on every create showed in profiles); bounded. */
const keys = new Map<string, string>();

/** One key per machine: `::ffff:127.0.0.1` and `127.0.0.1` are the same client. */
function clientKey(ip: string): string {
  let key = keys.get(ip);
  if (key === undefined) {
    key = ipaddr.isValid(ip) ? ipaddr.process(ip).toString() : ip;
    if (keys.size >= 10_000) keys.clear();
    keys.set(ip, key);
  }
  return key;
}

export class DepositAddressBudget {
  private readonly scope = new AsyncLocalStorage<string>();
  private readonly limiter: RateLimiter;

  constructor(
    private readonly perMinute = NEW_ADDRESSES_PER_MINUTE,
    now?: () => number,
  ) {
    this.limiter = new RateLimiter(perMinute, now);
  }

  /** Runs the rest of a request's handling as `ip`'s (an HTTP hook calls this with its `done`). */
  enter(ip: string, next: () => void): void {
    this.scope.run(clientKey(ip), next);
  }

  /** Work that will run later (in a group commit) keeps the client of the request that asked for it. */
  bind<T>(work: () => T): () => T {
    const client = this.scope.getStore();
    return client === undefined ? work : () => this.scope.run(client, work);
  }

  /** Counts one new address against the current client (calls outside a request share one budget); 1429 when spent. */
  spend(): void {
    if (this.limiter.take(this.scope.getStore() ?? 'internal')) return;
    throw GatewayError.of(
      'rateLimited',
      `Too many new deposit addresses from this client (at most ${this.perMinute} a minute); retry later, or refresh an existing payment (it keeps its address)`,
    );
  }
}
