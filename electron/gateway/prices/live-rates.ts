/**
 * The price a quote may use, from the live sources (README "Price sources"): a merchant-set price
 * (POST /v1/rates) as given; else, for a key the configured sources cover, the median of their fresh
 * observations, refused when none is fresh or when they disagree by more than the set percentage; else
 * the `rates` table's row (bundled sandbox prices, which live mode refuses in rates.ts). A quote that
 * finds a price past half its age asks the sources at once (the refresher keeps its back-off).
 */
import { compare, convert, isZero, multiply, subtract, add, convertDown } from '../../../shared/money.js';
import type { Rate, RateSource } from '../rates.js';
import type { PriceSourcesConfig } from './config.js';
import type { ObservationRow, PriceStore } from './store.js';

export interface LiveRatesDeps {
  base: RateSource;
  store: PriceStore;
  config: () => PriceSourcesConfig;
  realNow: () => number;
  /** Asks these sources at once (their prices are past half their age, or stale). */
  refreshSoon: (sourceIds: readonly string[]) => void;
  /** How the owner reads a key ("ETH", "EUR"). */
  label: (key: string) => string;
}

/** The median of decimal prices (the mean of the middle two for an even count). */
export function median(prices: readonly string[]): string {
  const sorted = [...prices].sort(compare);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid]!;
  return convertDown(add(sorted[mid - 1]!, sorted[mid]!), '1', '2', 18);
}

export class LiveRates implements RateSource {
  constructor(private readonly deps: LiveRatesDeps) {}

  usdPrice(key: string): Rate | undefined {
    const rateKey = key.toLowerCase();
    const base = this.deps.base.usdPrice(rateKey);
    const config = this.deps.config();
    if (base?.source === 'merchant' || config.sources.length === 0) return base;
    const observations = this.deps.store.observationsOf(rateKey);
    if (observations.length === 0) return base;
    return this.combine(rateKey, observations, config);
  }

  private combine(key: string, observations: readonly ObservationRow[], config: PriceSourcesConfig): Rate {
    const now = this.deps.realNow();
    const age = (o: ObservationRow): number => now - o.observed_at;
    const fresh = observations.filter((o) => age(o) <= o.max_age_ms);
    const aging = observations.filter((o) => age(o) > o.max_age_ms / 2).map((o) => o.source_id);
    if (aging.length > 0) this.deps.refreshSoon(aging);
    const name = this.deps.label(key);
    const fixedIds = new Set(config.sources.filter((s) => s.kind === 'fixed').map((s) => s.id));
    if (fresh.length === 0) {
      const newest = observations.reduce((a, b) => (b.observed_at > a.observed_at ? b : a));
      return {
        usdPrice: newest.usd_price,
        source: 'live',
        updatedAtMs: newest.observed_at,
        detail: observations.map((o) => o.source_id).join(','),
        problem: `the price of ${name} is stale: no source has a price within its limit (${observations
          .map((o) => `${o.source_id} ${Math.round(age(o) / 1000)} s old, limit ${Math.round(o.max_age_ms / 1000)} s`)
          .join('; ')}); no quote can be made until a source answers`,
      };
    }
    const mid = median(fresh.map((o) => o.usd_price));
    const prices = fresh.map((o) => o.usd_price).sort(compare);
    const spread = multiply(convert(subtract(prices.at(-1)!, prices[0]!), '1', mid), '100');
    const rate: Rate = {
      usdPrice: mid,
      source: fresh.every((o) => fixedIds.has(o.source_id)) ? 'merchant' : 'live',
      updatedAtMs: Math.min(...fresh.map((o) => o.observed_at)),
      detail: fresh.map((o) => o.source_id).join(','),
    };
    if (!isZero(spread) && compare(spread, config.maxDisagreementPercent) > 0) {
      rate.problem = `the price sources disagree on ${name} by more than ${config.maxDisagreementPercent} % (${fresh
        .map((o) => `${o.source_id} ${o.usd_price}`)
        .join(', ')}); no quote is made until they agree`;
    }
    return rate;
  }
}
