/**
 * The one interface every price source answers through (README "Price sources"): asked for its
 * prices, a source gives one observation per asset or currency it covers (a USD price, when it was
 * true, how long it may be used) or throws with a message safe to show the owner.
 */
import { isDecimalText, parseAmount, compare, convertDown } from '../../../shared/money.js';
import type { FixedSourceConfig } from './config.js';

export interface PriceObservation {
  key: string;
  usdPrice: string;
  /** Real ms: when the price was true. */
  observedAtMs: number;
  /** How long after `observedAtMs` it may price a quote (ms). */
  maxAgeMs: number;
}

export interface PriceSource {
  readonly id: string;
  readonly kind: 'chainlink' | 'spot' | 'fixed';
  /** The asset ids and fiat codes it prices. */
  readonly keys: readonly string[];
  fetch(): Promise<PriceObservation[]>;
  close?(): void;
}

const MIN_PRICE = '0.000000000001';
const MAX_PRICE = '1000000000000';

/** A price read from outside as a canonical decimal string, or a message saying why it cannot be one. */
export function checkedPrice(text: string, what: string): string {
  if (!isDecimalText(text)) throw new Error(`${what}: ${JSON.stringify(text.slice(0, 40))} is not a decimal price`);
  const price = parseAmount(text);
  if (compare(price, MIN_PRICE) < 0 || compare(price, MAX_PRICE) > 0)
    throw new Error(`${what}: ${price} is outside ${MIN_PRICE} to ${MAX_PRICE} USD`);
  return price;
}

/** 1 / price, kept to 18 places (a currency quoted per USD). */
export function inverse(price: string): string {
  return convertDown('1', '1', price, 18);
}

/** Merchant-set prices, on purpose (a stablecoin pegged at 1 USD): always fresh, never fetched. */
export class FixedSource implements PriceSource {
  readonly kind = 'fixed' as const;
  readonly id: string;
  readonly keys: readonly string[];

  constructor(
    private readonly config: FixedSourceConfig,
    private readonly realNow: () => number,
  ) {
    this.id = config.id;
    this.keys = config.prices.map((p) => p.key);
  }

  async fetch(): Promise<PriceObservation[]> {
    const now = this.realNow();
    return this.config.prices.map((p) => ({
      key: p.key,
      usdPrice: checkedPrice(p.usdPrice, p.key),
      observedAtMs: now,
      maxAgeMs: Number.MAX_SAFE_INTEGER,
    }));
  }
}
