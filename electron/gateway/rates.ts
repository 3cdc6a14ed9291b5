/**
 * Prices for instant exchange. A RateSource answers a USD price per unit for an asset id or a
 * fiat code. The embedded default reads the `rates` table (seeded from the bundled catalogue,
 * editable by the merchant); this module is the one that queries it. A price from a live source older than the staleness limit is
 * never used for a quote; bundled sandbox prices and merchant-set prices never go stale, and live
 * mode never quotes from the bundled ones (prices/ holds the live sources).
 * Staleness is measured on the real clock: a sandbox clock move is not the market moving.
 */
import { isSharedDatabase, type Db } from '../platform/db.js';
import { FOLLOW_EVERY_MS } from './meta-follower.js';
import { GatewayError } from './errors.js';

export interface Rate {
  usdPrice: string;
  source: 'bundled' | 'merchant' | 'live';
  updatedAtMs: number;
  /** The price sources behind a live price (ids, comma-joined). */
  detail?: string;
  /** Why this price may not be quoted now (stale sources, sources that disagree). */
  problem?: string;
}

export interface RateSource {
  /** The USD price of one unit, or undefined when the source has none. */
  usdPrice(key: string): Rate | undefined;
}

export class DbRates implements RateSource {
  private readonly get;
  private readonly put;
  private readonly dataVersion;
  /**
   * Prices memoised between changes. Writes through `set` drop the memo and pause it until the
   * current (synchronous) transaction has ended, so a rolled-back price is never kept; commits by
   * other connections (a rate feeder process) change SQLite's data_version, which drops it too.
   * On a shop server's PostgreSQL, whose other processes may change a price at any moment and have
   * no data_version to tell, the memo lives `FOLLOW_EVERY_MS` of real time, as settings do
   * (meta-follower.ts): a price set through one process is quoted by the others within half a second,
   * and a create reads no price row at all most of the time (7 of a create's 10 statements before).
   */
  private readonly memo = new Map<string, Rate | undefined>();
  private memoVersion = -1;
  private memoPaused = false;
  private runVersion: number | undefined;
  private readonly shared: boolean;

  constructor(
    db: Db,
    private readonly realNow: () => number = Date.now,
  ) {
    this.shared = isSharedDatabase(db);
    this.get = db.prepare('SELECT usd_price, source, updated_at FROM rates WHERE rate_key = ?');
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
    this.put = db.prepare(
      'INSERT INTO rates (rate_key, usd_price, source, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (rate_key) DO UPDATE SET usd_price = excluded.usd_price, source = excluded.source, updated_at = excluded.updated_at',
    );
  }

  usdPrice(key: string): Rate | undefined {
    const rateKey = key.toLowerCase();
    const version = this.version();
    if (version !== this.memoVersion) {
      this.memo.clear();
      this.memoVersion = version;
    }
    if (this.memo.has(rateKey)) return this.memo.get(rateKey);
    const row = this.get.get(rateKey) as { usd_price: string; source: Rate['source']; updated_at: number } | undefined;
    const rate = row ? { usdPrice: row.usd_price, source: row.source, updatedAtMs: row.updated_at } : undefined;
    if (!this.memoPaused) this.memo.set(rateKey, rate);
    return rate;
  }

  /**
   * What tells a changed price: SQLite's data_version, asked once per synchronous run of this thread (a
   * create prices up to five times in one run; another connection's commit during the run is seen from the
   * next, as if it had landed a moment later), or on PostgreSQL the current `FOLLOW_EVERY_MS` window.
   */
  private version(): number {
    if (this.shared) return Math.floor(this.realNow() / FOLLOW_EVERY_MS);
    if (this.runVersion === undefined) {
      this.runVersion = this.dataVersion.get() as number;
      queueMicrotask(() => (this.runVersion = undefined));
    }
    return this.runVersion;
  }

  set(key: string, usdPrice: string, source: Rate['source'], realNowMs: number): void {
    this.memo.clear();
    if (!this.memoPaused) {
      this.memoPaused = true;
      setImmediate(() => {
        this.memo.clear();
        this.memoPaused = false;
      });
    }
    this.put.run(key.toLowerCase(), usdPrice, source, realNowMs);
  }
}

/** First start: the bundled prices, which never go stale (call inside the seeding transaction). */
export function seedBundledRates(db: Db, prices: readonly { key: string; usdPrice: string }[], nowMs: number): void {
  const insert = db.prepare("INSERT INTO rates (rate_key, usd_price, source, updated_at) VALUES (?, ?, 'bundled', ?)");
  for (const price of prices) insert.run(price.key, price.usdPrice, nowMs);
}

export interface RatePolicy {
  /** Live prices older than this are refused (milliseconds, real time). */
  maxAgeMs: number;
  realNow: () => number;
  /** Live mode never quotes from the sandbox's bundled prices (USD, the unit, aside). */
  mode: 'sandbox' | 'live';
  /** How the owner reads a key ("ETH", "EUR"). */
  label: (key: string) => string;
}

/** The price to quote with, or a clear error when there is none or it is stale. */
export function quotablePrice(source: RateSource, key: string, policy: RatePolicy, param: string): string {
  const rate = source.usdPrice(key);
  if (!rate) throw GatewayError.of('assetNotFound', `${param}: no price is available for ${policy.label(key)}`);
  if (rate.problem) throw GatewayError.of('assetNotFound', `${param}: ${rate.problem}`);
  if (policy.mode === 'live' && rate.source === 'bundled' && key.toLowerCase() !== 'usd')
    throw GatewayError.of(
      'assetNotFound',
      `${param}: no live price for ${policy.label(key)}: configure a price source or a fixed price (README "Price sources"); live mode never quotes from the sandbox's bundled prices`,
    );
  if (rate.source === 'live' && policy.realNow() - rate.updatedAtMs > policy.maxAgeMs) {
    throw GatewayError.of(
      'assetNotFound',
      `${param}: the price of ${key} is stale (older than ${Math.round(policy.maxAgeMs / 1000)} s); no quote can be made until the rate source answers`,
    );
  }
  return rate.usdPrice;
}
