/**
 * A refund as the API shows it (docs/api.md, "Refunds"): its amount in the asset, what that is
 * worth in the quote currency at the payment's own rate and at today's (both shown, whichever the
 * owner chose), and the payout QR text for the owner's wallet: EIP-681 / BIP21 on chain, and the
 * wallet network's `mixin://pay` with a memo naming the refund for wallet payments.
 */
import { chainPaymentUri, walletPaymentUri } from '../../../shared/payment-uri.js';
import { multiply, roundDown } from '../../../shared/money.js';
import type { Refund } from '../../../shared/wire-refunds.js';
import type { Catalog } from '../catalog.js';
import type { RefundRow } from './store.js';

export interface RefundViewContext {
  catalog: Catalog;
  orderId: string;
  /** EIP-681 extras of a real rail's asset (chain id, contract, decimals). */
  assetExtras: (assetId: string) => Record<string, unknown> | undefined;
}

/** The memo a wallet payout carries: names the refund and its order. */
export function refundMemo(row: Pick<RefundRow, 'refund_id'>, orderId: string): string {
  return `Refund ${row.refund_id}${orderId ? ` of order ${orderId}` : ''}`;
}

/** A payment's quote currency as refunds show it: its symbol and its decimal places (a fiat's, or a crypto asset's). */
export function quoteCurrency(catalog: Catalog, quoteAssetId: string): { symbol: string; digits: number } {
  const fiat = catalog.fiats.get(quoteAssetId);
  const asset = catalog.assets.get(quoteAssetId);
  return {
    symbol: fiat?.symbol ?? asset?.symbol ?? quoteAssetId.toUpperCase(),
    digits: fiat?.decimalDigit ?? asset?.precision ?? 2,
  };
}

function payoutUri(row: RefundRow, ctx: RefundViewContext, memo: string): string {
  if (row.is_chain === 0)
    return walletPaymentUri({
      recipient: row.destination,
      assetId: row.asset_id,
      amount: row.amount,
      trace: row.refund_id,
      memo,
    });
  const extras = ctx.assetExtras(row.asset_id) as
    { chainId?: number; contract?: string; decimals?: number } | undefined;
  return chainPaymentUri({
    network: row.network,
    assetId: row.asset_id,
    destination: row.destination,
    tag: row.tag,
    amount: row.amount,
    message: memo,
    ...extras,
  });
}

export function refundView(row: RefundRow, ctx: RefundViewContext): Refund {
  const { catalog } = ctx;
  const quote = quoteCurrency(catalog, row.quote_asset_id);
  const worth = (price: string): string => (price === '' ? '' : roundDown(multiply(row.amount, price), quote.digits));
  const memo = refundMemo(row, ctx.orderId);
  return {
    refundId: row.refund_id,
    traceId: row.trace_id,
    orderId: ctx.orderId,
    assetId: row.asset_id,
    symbol: catalog.assets.get(row.asset_id)?.symbol ?? '',
    amount: row.amount,
    network: row.network,
    isChain: row.is_chain === 1,
    destination: row.destination,
    tag: row.tag,
    reason: row.reason,
    amountIn: row.amount_in,
    quoteAssetId: row.quote_asset_id,
    quoteSymbol: quote.symbol,
    quoteAsked: row.quote_asked,
    quoteAtOriginalRate: worth(row.original_price),
    quoteAtTodayRate: worth(row.today_price),
    originalPrice: row.original_price,
    todayPrice: row.today_price,
    // Only refund rows are shown as refunds (keep rows are read through money to resolve).
    status: row.status === 'kept' ? 'confirmed' : row.status,
    txid: row.txid,
    flagReason: row.flag_reason,
    withdrawnReason: row.withdrawn_reason,
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    payoutUri: payoutUri(row, ctx, memo),
    memo,
    createdAt: Math.floor(row.created_at / 1000),
    updatedAt: Math.floor(row.updated_at / 1000),
  };
}
