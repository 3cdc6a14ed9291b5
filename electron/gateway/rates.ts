/**
 * Prices for instant exchange. A RateSource answers a USD price per unit for an asset id or a
 * fiat code. The embedded default reads the `rates` table (seeded from the bundled catalogue,
 * editable by the merchant). A price from a live source older than the staleness limit is
 * never used for a quote; bundled sandbox prices and merchant-set prices never go stale.
 * Staleness is measured on the real clock: a sandbox clock move is not the market moving.
 */
import type { Db } from '../platform/db.js';
import { GatewayError } from './errors.js';

export interface Rate {
  usdPrice: string;
  source: 'bundled' | 'merchant' | 'live';
  updatedAtMs: number;
}

export interface RateSource {
  /** The USD price of one unit, or undefined when the source has none. */
  usdPrice(key: string): Rate | undefined;
}

export class DbRates implements RateSource {
  private readonly get;
  private readonly put;

  constructor(db: Db) {
    this.get = db.prepare('SELECT usd_price, source, updated_at FROM rates WHERE rate_key = ?');
    this.put = db.prepare('INSERT INTO rates (rate_key, usd_price, source, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (rate_key) DO UPDATE SET usd_price = excluded.usd_price, source = excluded.source, updated_at = excluded.updated_at');
  }

  usdPrice(key: string): Rate | undefined {
    // No cache: a primary-key lookup costs microseconds, and edits from anywhere show at once.
    const row = this.get.get(key.toLowerCase()) as { usd_price: string; source: Rate['source']; updated_at: number } | undefined;
    return row ? { usdPrice: row.usd_price, source: row.source, updatedAtMs: row.updated_at } : undefined;
  }

  set(key: string, usdPrice: string, source: Rate['source'], realNowMs: number): void {
    this.put.run(key.toLowerCase(), usdPrice, source, realNowMs);
  }
}

export interface RatePolicy {
  /** Live prices older than this are refused (milliseconds, real time). */
  maxAgeMs: number;
  realNow: () => number;
}

/** The price to quote with, or a clear error when there is none or it is stale. */
export function quotablePrice(source: RateSource, key: string, policy: RatePolicy, param: string): string {
  const rate = source.usdPrice(key);
  if (!rate) throw GatewayError.of('assetNotFound', `${param}: no price is available for ${key}`);
  if (rate.source === 'live' && policy.realNow() - rate.updatedAtMs > policy.maxAgeMs) {
    throw GatewayError.of('assetNotFound', `${param}: the price of ${key} is stale (older than ${Math.round(policy.maxAgeMs / 1000)} s); no quote can be made until the rate source answers`);
  }
  return rate.usdPrice;
}
