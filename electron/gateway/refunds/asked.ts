/**
 * Reading a refund request (docs/api.md, "Refunds"): which asset (the payment asset by default, or
 * a wrong asset that was received), how much (in the asset, or in the quote currency at the
 * payment's original rate or at today's: converted to the asset, rounded down to its precision),
 * where to (valid for its network, never one of this gateway's deposit addresses) and why. Its
 * refusals name the amount with its unit, and for a quote amount what it came to in the asset.
 */
import {
  compare,
  convertDown,
  decimalPlaces,
  fromBaseUnits,
  isPositive,
  multiply,
  roundDown,
} from '../../../shared/money.js';
import { AMOUNT_IN } from '../../../shared/wire-refunds.js';
import type { Asset, Catalog } from '../catalog.js';
import { GatewayError, paramError } from '../errors.js';
import type { Params } from '../http.js';
import { ParamReader } from '../params.js';
import type { PaymentRow } from '../payments/store.js';
import { validDestination } from './destination.js';
import type { MoneyToResolveReader } from './resolve.js';
import type { AmountIn, RefundRow } from './store.js';
import { quoteCurrency } from './view.js';

export interface AskedContext {
  catalog: Catalog;
  reader: MoneyToResolveReader;
  sandbox: boolean;
  isOwnDeposit: (destination: string, tag: string) => boolean;
}

export type AskedRefund = Pick<
  RefundRow,
  | 'asset_id'
  | 'amount'
  | 'is_chain'
  | 'network'
  | 'destination'
  | 'tag'
  | 'reason'
  | 'amount_in'
  | 'quote_asset_id'
  | 'quote_asked'
  | 'original_price'
  | 'today_price'
>;

function amountIn(p: ParamReader): AmountIn {
  const text = p.raw('amountIn') ?? 'asset';
  if (!(AMOUNT_IN as readonly string[]).includes(text))
    throw paramError('amountIn', `must be ${AMOUNT_IN.join(', ')} (the asset, or the quote currency at either rate)`);
  return text as AmountIn;
}

/** The words of a rate in refusals. */
function rateWords(how: AmountIn): string {
  return how === 'quote_today' ? "today's rate" : "the payment's rate";
}

interface Units {
  asset: Asset;
  quote: { symbol: string; digits: number };
}

/**
 * The asset amount refunded: as given, or the quote amount converted at the chosen rate. A quote amount
 * has at most the quote currency's decimal places (as a payment's `quoteAmount`): 1.555 USD is no amount.
 */
function assetAmount(given: string, how: AmountIn, prices: { original: string; today: string }, units: Units) {
  if (how === 'asset') return given;
  const { asset, quote } = units;
  const price = how === 'quote_original' ? prices.original : prices.today;
  if (price === '' || !isPositive(price))
    throw paramError(
      'amountIn',
      `there is no ${how === 'quote_original' ? 'original' : "today's"} rate for this payment`,
    );
  if (decimalPlaces(given) > quote.digits)
    throw paramError(
      'amount',
      `must have at most ${quote.digits} decimal places for ${quote.symbol}, the payment's quote currency (${given} was asked)`,
    );
  const amount = convertDown(given, '1', price, asset.precision);
  if (!isPositive(amount))
    throw paramError(
      'amount',
      `${given} ${quote.symbol} is less than the smallest unit of ${asset.symbol} ` +
        `(${fromBaseUnits('1', asset.precision)} ${asset.symbol}) at ${rateWords(how)}`,
    );
  return amount;
}

/**
 * The refusal of a refund beyond what is left (10210): both figures with their units, and where the amount
 * was asked in the quote currency, what it came to in the asset and what is left in that currency too.
 */
export function tooLargeRefusal(asked: AskedRefund, left: string, catalog: Catalog): GatewayError {
  const symbol = catalog.assets.get(asked.asset_id)?.symbol ?? '';
  let amount = `${asked.amount} ${symbol}`;
  let rest = `${left} ${symbol}`;
  if (asked.amount_in !== 'asset') {
    const quote = quoteCurrency(catalog, asked.quote_asset_id);
    const price = asked.amount_in === 'quote_original' ? asked.original_price : asked.today_price;
    amount = `${asked.quote_asked} ${quote.symbol} (${amount} at ${rateWords(asked.amount_in)})`;
    rest = `${rest} (${roundDown(multiply(left, price), quote.digits)} ${quote.symbol})`;
  }
  return GatewayError.of(
    'refundTooLarge',
    `amount: ${amount} is more than what is left to refund of this payment: ${rest}; ` +
      'the total refunded never exceeds what was received',
  );
}

export function askedRefund(params: Params, payment: PaymentRow, ctx: AskedContext): AskedRefund {
  const p = new ParamReader(params);
  const assetId = (p.uuid('assetId') ?? payment.payment_asset_id).toLowerCase();
  const asset = ctx.catalog.assets.get(assetId);
  if (!asset || ctx.reader.received(payment.trace_id).get(assetId) === undefined)
    throw paramError('assetId', 'nothing of this asset was received for this payment');
  const how = amountIn(p);
  if (how !== 'asset' && assetId !== payment.payment_asset_id)
    throw paramError('amountIn', 'a wrong-asset deposit is refunded in its own asset');
  const given = p.amount('amount');
  if (!given) throw paramError('amount', 'is required');
  const view = ctx.reader.of(payment);
  const prices = { original: view.originalPrice, today: view.todayPrice };
  const quote = quoteCurrency(ctx.catalog, payment.quote_asset_id);
  const amount = assetAmount(given, how, prices, { asset, quote });
  if (compare(roundDown(amount, asset.precision), amount) !== 0)
    throw paramError('amount', `has more than ${asset.precision} decimal places for ${asset.symbol}`);
  const network = ctx.catalog.network(asset.network);
  if (!network) throw paramError('assetId', `the network ${asset.network} is unknown`);
  const isChain = payment.is_chain === 1 || assetId !== payment.payment_asset_id;
  const tag = p.text('tag', 100) ?? '';
  const destination = validDestination(network, isChain, p.raw('destination') ?? '', ctx.sandbox);
  if (ctx.isOwnDeposit(destination, tag))
    throw paramError(
      'destination',
      "is one of this gateway's deposit addresses: the money would come back to the shop",
    );
  const reason = p.text('reason', 200);
  if (!reason) throw paramError('reason', 'is required (why the money goes back)');
  return {
    asset_id: assetId,
    amount,
    is_chain: isChain ? 1 : 0,
    network: asset.network,
    destination,
    tag,
    reason,
    amount_in: how,
    quote_asset_id: payment.quote_asset_id,
    quote_asked: how === 'asset' ? '' : given,
    original_price: prices.original,
    today_price: prices.today,
  };
}
