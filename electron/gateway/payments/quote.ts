/**
 * Instant exchange: how much the payer pays for a quote, and what the payee can expect.
 * Payer amounts round UP to the payment asset's precision (the payee is never short);
 * estimated settlement rounds DOWN (never promise more than exists).
 */
import { add, convert, convertDown, convertScaledUp, convertUp, multiply } from '../../../shared/money.js';
import type { Asset, QuoteAsset } from '../catalog.js';

export interface QuoteInput {
  quote: QuoteAsset;
  /** '' for an open amount. */
  quoteAmount: string;
  /** '' unless the payer's amount was fixed by the request. */
  fixedPaymentAmount: string;
  payment: Asset;
  settlement: Asset;
  usd: (key: string, param: string) => string;
  spreadPercent: string;
}

export interface Quote {
  /** Payment asset priced in the quote asset (quote units per payment unit). */
  price: string;
  quoteAmount: string;
  paymentAmount: string;
  estimatedSettlementAmount: string;
  /** USD value of the quote (for the review threshold). */
  usdValue: string;
  /** Where the prices came from ("ETH live (feeds)"), kept with the instruction; set by Pricing.quoteFor. */
  priceSource?: string;
  /** When the older of the two prices was true (real ms). */
  priceAtMs?: number;
}

/**
 * The parts of a quote that depend on the rates and the spread alone, kept per value: a shop's creates
 * ask the same few pairs at the same prices until a price moves, and each is two decimal divisions
 * (docs/performance.md, "The created step is read, not written"). Keyed by the texts themselves, so a
 * new price is a new key; bounded, as rates change all day.
 */
const unitPrices = new Map<string, string>();
const spreadFactors = new Map<string, string>();

function kept(memo: Map<string, string>, key: string, make: () => string): string {
  const known = memo.get(key);
  if (known !== undefined) return known;
  if (memo.size >= 256) memo.clear();
  const value = make();
  memo.set(key, value);
  return value;
}

/** One payment unit in quote units, 8 decimal places, rounded down. */
function unitPrice(paymentUsd: string, quoteUsd: string): string {
  return kept(unitPrices, `${paymentUsd}|${quoteUsd}`, () => convertDown('1', paymentUsd, quoteUsd, 8));
}

/** 1 + spread / 100: what the payer pays per unit of value. */
function spreadFactor(spreadPercent: string): string {
  return kept(spreadFactors, spreadPercent, () => add('1', multiply(spreadPercent, '0.01')));
}

export function priceQuote(input: QuoteInput): Quote {
  const { quote, payment, settlement, usd } = input;
  const quoteUsd = usd(quote.id, 'quoteAssetId');
  const paymentUsd = usd(payment.assetId, 'paymentAssetId');
  const settlementUsd = usd(settlement.assetId, 'settlementAssetId');
  const price = unitPrice(paymentUsd, quoteUsd);
  const factor = spreadFactor(input.spreadPercent);
  if (input.fixedPaymentAmount !== '') {
    const paymentAmount = input.fixedPaymentAmount;
    const net = convert(paymentAmount, '1', factor);
    return {
      price,
      paymentAmount,
      quoteAmount: convertDown(net, paymentUsd, quoteUsd, quote.decimalDigit),
      estimatedSettlementAmount: convertDown(net, paymentUsd, settlementUsd, settlement.precision),
      usdValue: multiply(paymentAmount, paymentUsd),
    };
  }
  if (input.quoteAmount === '')
    return { price, paymentAmount: '', quoteAmount: '', estimatedSettlementAmount: '', usdValue: '0' };
  return {
    price,
    quoteAmount: input.quoteAmount,
    paymentAmount: convertScaledUp(input.quoteAmount, quoteUsd, paymentUsd, factor, payment.precision),
    estimatedSettlementAmount: convertDown(input.quoteAmount, quoteUsd, settlementUsd, settlement.precision),
    usdValue: multiply(input.quoteAmount, quoteUsd),
  };
}

/** What `quoteAmount` is worth in `asset` at the current rate, without spread, rounded up to its precision. */
export function quoteInAsset(quote: QuoteAsset, quoteAmount: string, asset: Asset, usd: QuoteInput['usd']): string {
  return convertUp(
    quoteAmount,
    usd(quote.id, 'quoteAssetId'),
    usd(asset.assetId, 'settlementAssetId'),
    asset.precision,
  );
}
