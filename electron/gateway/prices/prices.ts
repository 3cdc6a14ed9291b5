/**
 * Live prices as one part of the gateway (README "Price sources"): the sources' configuration (a
 * merchant operation: GET and POST /v1/merchant/price-sources), their refresher, the rate source that
 * quotes from them, and the owner's view: each source's health (last values, age, last error, back-off)
 * and each price a quote would use now, with the reason when it cannot be used.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import type { Logger } from '../../platform/logger.js';
import type { Catalog } from '../catalog.js';
import { paramError } from '../errors.js';
import { FOLLOW_EVERY_MS, MetaFollower } from '../meta-follower.js';
import { readEvmConfig, firstIssue } from '../rails/evm/config.js';
import type { Rate, RateSource } from '../rates.js';
import type { RouteHelpers } from '../routes.js';
import {
  EMPTY_CONFIG,
  keysOf,
  PriceSourcesConfigSchema,
  readPriceSources,
  writePriceSources,
  type PriceSourcesConfig,
} from './config.js';
import { LiveRates } from './live-rates.js';
import { PriceRefresher } from './refresher.js';
import { PriceStore } from './store.js';

export interface PricesDeps {
  db: Db;
  catalog: Catalog;
  logger: Logger;
  mode: 'sandbox' | 'live';
  realNow: () => number;
  /** The `rates` table (bundled and merchant-set prices). */
  base: RateSource;
  trustedCa?: readonly string[];
}

export interface PriceView {
  key: string;
  symbol: string;
  usdPrice: string;
  source: Rate['source'] | 'none';
  sources: string;
  ageSeconds: number;
  /** Why a quote cannot use it now ("" when it can). */
  problem: string;
}

/** Seconds since `atMs` on the real clock (0 for never). */
const ageOf = (nowMs: number, atMs: number): number => (atMs > 0 ? Math.max(0, Math.round((nowMs - atMs) / 1000)) : 0);

export class Prices {
  readonly rates: LiveRates;
  readonly store: PriceStore;
  readonly refresher: PriceRefresher;
  private config: PriceSourcesConfig;
  /** Price sources saved through another server process over the same database (meta-follower.ts). */
  private readonly follower: MetaFollower;
  private following: NodeJS.Timeout | undefined;

  constructor(private readonly deps: PricesDeps) {
    this.store = new PriceStore(deps.db);
    this.follower = new MetaFollower(deps.db, 'price_sources', deps.realNow);
    this.config = deps.mode === 'live' ? readPriceSources(deps.db) : EMPTY_CONFIG;
    const log = deps.logger.child({ part: 'prices' });
    this.refresher = new PriceRefresher({
      db: deps.db,
      store: this.store,
      logger: log,
      realNow: deps.realNow,
      trustedCa: deps.trustedCa,
    });
    this.rates = new LiveRates({
      base: deps.base,
      store: this.store,
      config: () => this.config,
      realNow: deps.realNow,
      refreshSoon: this.refresher.refreshSoon,
      label: (key) => this.label(key),
    });
  }

  label(key: string): string {
    return this.deps.catalog.assets.get(key)?.symbol ?? this.deps.catalog.fiats.get(key)?.symbol ?? key.toUpperCase();
  }

  start(): void {
    this.refresher.configure(this.config, false);
    this.refresher.start();
    if (this.deps.mode !== 'live') return;
    this.following = setInterval(() => {
      if (!this.follower.changed()) return;
      this.config = readPriceSources(this.deps.db);
      this.refresher.configure(this.config, false);
    }, FOLLOW_EVERY_MS);
    this.following.unref();
  }

  close(): Promise<void> {
    if (this.following) clearInterval(this.following);
    return this.refresher.close();
  }

  /** Checks a configuration against the catalogue and the EVM rail's chains; 10011 names the field. */
  private check(body: unknown): PriceSourcesConfig {
    if (this.deps.mode !== 'live')
      throw paramError('mode', 'price sources apply in live mode; the sandbox quotes from its bundled prices');
    const parsed = PriceSourcesConfigSchema.safeParse(body);
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      throw paramError(field, message);
    }
    const { catalog } = this.deps;
    const chains = readEvmConfig(this.deps.db)?.chains ?? [];
    parsed.data.sources.forEach((source, i) => {
      const list = source.kind === 'chainlink' ? 'feeds' : source.kind === 'spot' ? 'pairs' : 'prices';
      keysOf(source).forEach((key, j) => {
        if (key === 'usd') throw paramError(`sources[${i}].${list}[${j}].key`, 'USD is the unit: its price is 1');
        if (!catalog.assets.has(key) && !catalog.fiats.has(key))
          throw paramError(`sources[${i}].${list}[${j}].key`, `${key} is neither an asset id nor a fiat code here`);
      });
      if (source.kind !== 'chainlink') return;
      const chain = chains.find((c) => c.network === source.network);
      if (!chain)
        throw paramError(
          `sources[${i}].network`,
          `configure the EVM rail for ${source.network} first: its RPC URLs are used`,
        );
      if (source.chainId !== undefined && source.chainId !== chain.chainId)
        throw paramError(
          `sources[${i}].chainId`,
          `must be the rail's chain id for ${source.network} (${chain.chainId})`,
        );
    });
    return parsed.data;
  }

  /** POST /v1/merchant/price-sources: stores and applies, then answers once every source was asked (at most 10 s). */
  async configure(body: unknown, problemOf: (key: string) => string): Promise<unknown> {
    const config = this.check(body);
    writePriceSources(this.deps.db, config);
    this.follower.wrote(JSON.stringify(config));
    this.config = config;
    this.refresher.configure(config, true);
    await Promise.race([this.refresher.settled(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    return this.view(problemOf);
  }

  /** The owner's view: configuration, each source's health, each price a quote would use now. */
  view(problemOf: (key: string) => string): unknown {
    const now = this.deps.realNow();
    const sources = this.config.sources.map((source) => {
      const health = this.store.health(source.id);
      return {
        id: source.id,
        kind: source.kind,
        lastOkAgeSeconds: ageOf(now, health.last_ok_at),
        lastOkAt: Math.floor(health.last_ok_at / 1000),
        lastError: health.last_error,
        lastErrorAt: Math.floor(health.last_error_at / 1000),
        failures: health.failures,
        nextAttemptInSeconds: Math.max(0, Math.ceil((health.next_attempt_at - now) / 1000)),
        prices: this.store.observationsBy(source.id).map((o) => ({
          key: o.rate_key,
          symbol: this.label(o.rate_key),
          usdPrice: o.usd_price,
          ageSeconds: ageOf(now, o.observed_at),
          maxAgeSeconds: Math.round(o.max_age_ms / 1000),
        })),
      };
    });
    const prices = this.priceList(problemOf);
    return {
      mode: this.deps.mode,
      config: this.config,
      sources,
      prices,
      alerts: prices.map((p) => p.problem).filter(Boolean),
    };
  }

  /** Every price the catalogue may need now, as a quote would find it. */
  priceList(problemOf: (key: string) => string): PriceView[] {
    const now = this.deps.realNow();
    const keys = [
      ...this.deps.catalog.fiats.keys(),
      ...this.deps.catalog.paymentAssets(this.deps.mode).map((a) => a.assetId),
    ];
    return [...new Set(keys)].map((key) => {
      const rate = this.rates.usdPrice(key);
      const problem = problemOf(key);
      return {
        key,
        symbol: this.label(key),
        usdPrice:
          rate && !(this.deps.mode === 'live' && rate.source === 'bundled' && key !== 'usd') ? rate.usdPrice : '',
        source: rate ? rate.source : 'none',
        sources: rate?.detail ?? '',
        ageSeconds: rate ? ageOf(now, rate.updatedAtMs) : 0,
        problem,
      };
    });
  }

  registerRoutes(app: FastifyInstance, helpers: RouteHelpers, problemOf: (key: string) => string): void {
    app.get('/v1/merchant/price-sources', async (request, reply) => {
      helpers.merchantOnly(request);
      return helpers.ok(reply, this.view(problemOf));
    });
    app.post('/v1/merchant/price-sources', async (request, reply) => {
      helpers.merchantOnly(request);
      return helpers.ok(reply, await this.configure(request.body ?? {}, problemOf));
    });
  }
}
