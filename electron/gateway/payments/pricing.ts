/**
 * Pricing: the one path from a quote to what the payer pays and what the payee can expect
 * (docs/api.md, "Asset lists" and "Creating a payment"). The asset lists, the estimate, the create
 * and a refresh all price here, with the same prices (`usd`: a live price older than
 * `rateMaxAgeSeconds` is never used), the same spread and the same limits, so they always agree about
 * which assets can pay a quote. It also resolves the assets a request names.
 */
import { compare, convertDown, convertUp, isZero, lt, max, min, multiply, parseAmount } from '../../../shared/money.js';
import { API_ERRORS } from '../../../shared/error-codes.js';
import type { Asset, Catalog, QuoteAsset } from '../catalog.js';
import { GatewayError, paramError } from '../errors.js';
import { quotablePrice, type Rate, type RateSource } from '../rates.js';
import type { SettingsStore } from '../settings.js';
import { priceQuote, quoteInAsset, type Quote } from './quote.js';

export interface PricingDeps {
  catalog: Catalog;
  rates: RateSource;
  settings: SettingsStore;
  mode: 'sandbox' | 'live';
  /** Real wall-clock time: a live price's age is measured on it, never on the sandbox clock. */
  realNow: () => number;
}

/** Live money never goes to a sandbox address: nobody holds its key. */
export const noLiveRail = (asset: Asset): GatewayError =>
  GatewayError.of(
    'assetNotFound',
    `paymentAssetId: ${asset.symbol} (${asset.network}) has no live rail on this gateway; it cannot be paid until its chain is configured`,
  );

/** Whether `error` says a price is missing or stale (the asset cannot be priced now). */
function isUnusablePrice(error: unknown): boolean {
  return error instanceof GatewayError && error.code === API_ERRORS.assetNotFound.code;
}

/** Whether `amount` of `asset` is within the asset's payment limits. */
function withinLimits(asset: Asset, amount: string): boolean {
  return !lt(amount, asset.minPaymentAmount) && compare(amount, asset.maxPaymentAmount) <= 0;
}

export class Pricing {
  constructor(private readonly deps: PricingDeps) {}

  /** The USD price to quote with: 10002 naming `param` when there is none or a live one is stale. */
  readonly usd = (key: string, param: string): string => {
    const s = this.deps.settings.get();
    return quotablePrice(
      this.deps.rates,
      key,
      { maxAgeMs: s.rateMaxAgeSeconds * 1000, realNow: this.deps.realNow, mode: this.deps.mode, label: this.label },
      param,
    );
  };

  /** How the owner reads a price key: an asset's symbol, a currency's code. */
  readonly label = (key: string): string =>
    this.deps.catalog.assets.get(key.toLowerCase())?.symbol ??
    this.deps.catalog.fiats.get(key.toLowerCase())?.symbol ??
    key.toUpperCase();

  /**
   * Where the prices of a payment asset and its quote currency came from, and when the older of the
   * two was true (real ms): kept with every instruction (the rate used).
   */
  rateUsed(payment: Asset, quote: QuoteAsset): { source: string; atMs: number } {
    // Rates are memoised objects until a price changes, so the same pair of objects names the same rates.
    const paymentRate = this.deps.rates.usdPrice(payment.assetId);
    const quoteRate = this.deps.rates.usdPrice(quote.id);
    const key = `${payment.assetId}|${quote.id}`;
    const known = this.ratesUsed.get(key);
    if (known && known.paymentRate === paymentRate && known.quoteRate === quoteRate) return known.used;
    const used = this.describeRates(payment, quote);
    if (this.ratesUsed.size >= 256) this.ratesUsed.clear();
    this.ratesUsed.set(key, { paymentRate, quoteRate, used });
    return used;
  }

  private readonly ratesUsed = new Map<
    string,
    { paymentRate: Rate | undefined; quoteRate: Rate | undefined; used: { source: string; atMs: number } }
  >();

  private describeRates(payment: Asset, quote: QuoteAsset): { source: string; atMs: number } {
    const parts: string[] = [];
    let atMs = Number.MAX_SAFE_INTEGER;
    for (const key of [payment.assetId, quote.id]) {
      const rate = this.deps.rates.usdPrice(key);
      if (!rate || key === 'usd') continue;
      parts.push(`${this.label(key)} ${rate.source}${rate.detail ? ` (${rate.detail})` : ''}`);
      // Bundled and merchant-set prices never age: their time is when they were set.
      atMs = Math.min(atMs, rate.updatedAtMs);
    }
    return { source: parts.join('; '), atMs: atMs === Number.MAX_SAFE_INTEGER ? 0 : atMs };
  }

  quoteAsset(id: string): QuoteAsset {
    const quote = this.deps.catalog.quoteAsset(id, this.deps.mode);
    if (!quote) throw GatewayError.of('quoteAssetNotSupported', `quoteAssetId: ${id} is not a supported quote asset`);
    return quote;
  }

  paymentAsset(id: string): Asset {
    const asset = this.deps.catalog.asset(id, this.deps.mode);
    if (asset) return asset;
    const known = this.deps.catalog.assets.get(id.toLowerCase());
    if (this.deps.mode === 'live' && known) throw noLiveRail(known);
    throw GatewayError.of('assetNotFound', `paymentAssetId: ${id} is not an asset this gateway accepts`);
  }

  /** Settlement assets the gateway can deliver (all payment assets but proxy methods). */
  settlementAssets(): Asset[] {
    return this.deps.catalog.paymentAssets(this.deps.mode).filter((a) => !this.deps.catalog.network(a.network)?.proxy);
  }

  /** Whether `key` has a price a quote may use now (not missing, not stale, not refused by the live sources). */
  hasPrice(key: string): boolean {
    try {
      this.usd(key, 'key');
      return true;
    } catch (error) {
      if (isUnusablePrice(error)) return false;
      throw error;
    }
  }

  /**
   * Whether `asset` can be delivered: without a quote, whether it can be priced at all; with a quote
   * currency, whether both can be priced; with an amount too, whether its limits cover the quote's value.
   */
  settlementAvailable(asset: Asset, quote: QuoteAsset | undefined, quoteAmount: string | undefined): boolean {
    if (!quote) return this.hasPrice(asset.assetId);
    if (!quoteAmount) return this.hasPrice(asset.assetId) && this.hasPrice(quote.id);
    try {
      return withinLimits(asset, quoteInAsset(quote, quoteAmount, asset, this.usd));
    } catch (error) {
      if (isUnusablePrice(error)) return false;
      throw error;
    }
  }

  /**
   * The quote amounts `asset` can settle, in the quote currency: its payment limits at the current
   * price, within the quote currency's own limits; the quote currency's limits when it has no price.
   */
  quoteLimitsFor(asset: Asset, quote: QuoteAsset): { minQuoteAmount: string; maxQuoteAmount: string } {
    const own = { minQuoteAmount: quote.minQuoteAmount, maxQuoteAmount: quote.maxQuoteAmount };
    if (!this.hasPrice(asset.assetId) || !this.hasPrice(quote.id)) return own;
    const assetUsd = this.usd(asset.assetId, 'settlementAssetId');
    const quoteUsd = this.usd(quote.id, 'quoteAssetId');
    const low = convertUp(asset.minPaymentAmount, assetUsd, quoteUsd, quote.decimalDigit);
    const high = convertDown(asset.maxPaymentAmount, assetUsd, quoteUsd, quote.decimalDigit);
    return { minQuoteAmount: max(low, own.minQuoteAmount), maxQuoteAmount: min(high, own.maxQuoteAmount) };
  }

  /** Resolves the settlement asset per strictMode (docs/api.md, "Creating a payment"); '' asks for the payment asset. */
  settlement(asked: string, strict: boolean, payment: Asset, quote: QuoteAsset, quoteAmount: string): Asset {
    // Asking for what the payer pays settles in it whether or not it could be delivered otherwise;
    // only strictMode has to know (the create's hot path: a till names its payment asset here).
    if (asked === '' || (asked === payment.assetId && !strict)) return payment;
    // On a real chain the funds settle at the merchant's own addresses: in what the payer pays.
    if (this.deps.mode === 'live' && asked !== payment.assetId) {
      if (strict)
        throw GatewayError.of(
          'assetNotFound',
          `settlementAssetId: on this rail payments settle in the payment asset (${payment.symbol}); strictMode refuses ${asked}`,
        );
      return payment;
    }
    const known = this.deps.catalog.asset(asked, this.deps.mode);
    if (!known)
      throw GatewayError.of('assetNotFound', `settlementAssetId: ${asked} is not an asset this gateway knows`);
    const deliverable =
      this.settlementAssets().some((a) => a.assetId === known.assetId) &&
      this.settlementAvailable(known, quote, quoteAmount || undefined);
    if (deliverable) return known;
    if (strict)
      throw GatewayError.of(
        'assetNotFound',
        `settlementAssetId: the gateway cannot settle in ${known.symbol} (${known.network}) for this payment and strictMode is on`,
      );
    return payment;
  }

  checkPaymentLimits(asset: Asset, amount: string, param: string): void {
    if (amount === '') return;
    if (lt(amount, asset.minPaymentAmount))
      throw GatewayError.of(
        'amountTooLow',
        `${param}: ${amount} ${asset.symbol} is below the minimum of ${asset.minPaymentAmount}`,
      );
    if (compare(amount, asset.maxPaymentAmount) > 0)
      throw GatewayError.of(
        'amountTooHigh',
        `${param}: ${amount} ${asset.symbol} is above the maximum of ${asset.maxPaymentAmount}`,
      );
  }

  checkQuoteLimits(quote: QuoteAsset, amount: string | undefined): void {
    if (amount === undefined || amount === '') return;
    const [, frac = ''] = amount.split('.');
    if (frac.length > quote.decimalDigit)
      throw paramError('quoteAmount', `must have at most ${quote.decimalDigit} decimal places for ${quote.symbol}`);
    if (lt(amount, quote.minQuoteAmount))
      throw GatewayError.of(
        'amountTooLow',
        `quoteAmount: ${amount} ${quote.symbol} is below the minimum of ${quote.minQuoteAmount}`,
      );
    if (compare(amount, quote.maxQuoteAmount) > 0)
      throw GatewayError.of(
        'amountTooHigh',
        `quoteAmount: ${amount} ${quote.symbol} is above the maximum of ${quote.maxQuoteAmount}`,
      );
  }

  /** The quote of a create, an estimate or a refresh, with every amount rule checked. */
  quoteFor(quote: QuoteAsset, quoteAmount: string, fixed: string, payment: Asset, settlement: Asset): Quote {
    if (fixed !== '') {
      const [, frac = ''] = fixed.split('.');
      if (frac.length > payment.precision)
        throw paramError(
          'paymentAmount',
          `must have at most ${payment.precision} decimal places for ${payment.symbol}`,
        );
      this.checkPaymentLimits(payment, fixed, 'paymentAmount');
    } else this.checkQuoteLimits(quote, quoteAmount);
    const priced = priceQuote({
      quote,
      quoteAmount,
      fixedPaymentAmount: fixed,
      payment,
      settlement,
      usd: this.usd,
      spreadPercent: this.deps.settings.get().spreadPercent,
    });
    if (fixed === '') this.checkPaymentLimits(payment, priced.paymentAmount, 'quoteAmount');
    const used = this.rateUsed(payment, quote);
    return { ...priced, priceSource: used.source, priceAtMs: used.atMs };
  }

  /**
   * For an asset-list item: what `asset` would pay for the quote (settled in itself, as a create
   * without a settlement asset), or undefined when it cannot (no usable price, or outside its limits).
   */
  payableAmount(quote: QuoteAsset, quoteAmount: string, asset: Asset): string | undefined {
    let amount: string;
    try {
      amount = priceQuote({
        quote,
        quoteAmount,
        fixedPaymentAmount: '',
        payment: asset,
        settlement: asset,
        usd: this.usd,
        spreadPercent: this.deps.settings.get().spreadPercent,
      }).paymentAmount;
    } catch (error) {
      if (isUnusablePrice(error)) return undefined;
      throw error;
    }
    return withinLimits(asset, amount) ? amount : undefined;
  }

  /** Whether a payment worth `usdValue` goes to review once fully paid (docs/api.md, "Results and statuses"). */
  needsReview(usdValue: string): boolean {
    return !isZero(usdValue) && compare(usdValue, this.deps.settings.get().reviewThresholdUsd) >= 0;
  }

  /** The USD value of a quote (for the review threshold), at the quote currency's usable price. */
  quoteUsdValue(quote: QuoteAsset, quoteAmount: string): string {
    return parseAmount(multiply(quoteAmount, this.usd(quote.id, 'quoteAssetId')));
  }
}
