/**
 * The payment result as clients read it (compat-notes' field list, exact JSON types):
 * `failureCode` a string ("0" when none), `confirmations` -1 unless confirming or pending on
 * chain, settle fields "" until settled, `returnTo` by outcome. Payments created before
 * 2026-08-13 are shown in the old status set.
 */
import { add, compare, isZero } from '../../shared/money.js';
import type { PaymentResult, ResultTransaction } from '../../shared/wire.js';
import type { Catalog } from './catalog.js';
import type { PaymentRow } from './payments-store.js';

/** Payments created before this (UTC) are shown in the pre-2026-08-13 status set. */
export const NEW_STATUS_SET_FROM_MS = Date.UTC(2026, 7, 13);

export interface TransactionView {
  txid: string;
  assetId: string;
  amount: string;
  /** -1 for wallet transfers (final at once). */
  confirmations: number;
  requiredConfirmations: number;
  /** Unix seconds when first seen. */
  seenAt: number;
  /** Counted toward the order (false: wrong asset, gone, or surplus after terminal). */
  counted: boolean;
  confirmed: boolean;
}

export function buildResult(payment: PaymentRow, catalog: Catalog, transactions: readonly TransactionView[], withParts: ReadonlySet<string>): PaymentResult {
  const asset = catalog.assets.get(payment.payment_asset_id);
  const quote = catalog.fiats.get(payment.quote_asset_id) ?? catalog.assets.get(payment.quote_asset_id);
  const network = asset ? catalog.network(asset.network) : undefined;
  const counted = transactions.filter((t) => t.counted);
  const recognised = counted.length > 0 ? add(...counted.map((t) => t.amount)) : '0';
  const confirmedTotal = counted.filter((t) => t.confirmed).length > 0 ? add(...counted.filter((t) => t.confirmed).map((t) => t.amount)) : '0';
  const onChain = payment.is_chain === 1;
  const showsConfirmations = onChain && (payment.status === 'confirming' || payment.status === 'pending');
  const minConfirmations = counted.length > 0 ? Math.min(...counted.map((t) => Math.max(t.confirmations, 0))) : 0;
  const last = counted.at(-1);
  const legacy = payment.created_at < NEW_STATUS_SET_FROM_MS;
  const status = legacy && (payment.status === 'confirming' || payment.status === 'paid_less') ? 'pending' : payment.status;
  const noInstruction = payment.payment_asset_id === '';
  const result: PaymentResult = {
    status,
    traceId: payment.trace_id,
    payeeId: payment.payee_id,
    quoteAmount: payment.quote_amount,
    quoteSymbol: quote?.symbol ?? payment.quote_asset_id.toUpperCase(),
    quoteAssetId: payment.quote_asset_id,
    paymentAmount: noInstruction ? '' : recognised,
    paymentSymbol: asset?.symbol ?? '',
    paymentAssetId: payment.payment_asset_id,
    payableAmount: noInstruction ? '' : payment.payable_amount,
    payableSymbol: asset?.symbol ?? '',
    payableAssetId: payment.payment_asset_id,
    txid: last?.txid ?? '',
    blockExplorerUrl: last && network?.explorerTxUrl && last.confirmations >= 0 ? `${network.explorerTxUrl}${last.txid}` : '',
    date: counted[0]?.seenAt ?? 0,
    confirmations: showsConfirmations ? minConfirmations : -1,
    surplusAmount: payment.surplus_amount,
    surplusStatus: payment.surplus_status,
    failureCode: payment.failure_code,
    failureReason: payment.failure_reason,
    returnTo: payment.status === 'success' ? payment.return_to : payment.status === 'failed' ? payment.failed_return_to : '',
    expiredAt: noInstruction && payment.is_one_time === 1 ? payment.code_expires_at : payment.expired_at,
    settleStatus: payment.settle_status,
    settleAmount: payment.settle_amount,
    settleSymbol: payment.settle_symbol,
    settleAsset: payment.settle_asset,
  };
  if (withParts.has('transactions')) {
    result.transactions = transactions.map(
      (t): ResultTransaction => ({
        paymentAmount: t.amount,
        paymentAssetId: t.assetId,
        paymentAssetSymbol: catalog.assets.get(t.assetId)?.symbol ?? '',
        requiredConfirms: t.requiredConfirmations,
        confirmations: t.confirmations,
        txid: t.txid,
        blockExplorerUrl: network?.explorerTxUrl && t.confirmations >= 0 ? `${network.explorerTxUrl}${t.txid}` : '',
        broadcastAt: t.seenAt,
      }),
    );
  }
  if (withParts.has('payment')) {
    const payable = payment.payable_amount || '0';
    result.payment = {
      isMultiPay: counted.length > 1,
      isFullyPaid: !isZero(confirmedTotal) && (isZero(payable) || compare(confirmedTotal, payable) >= 0),
      totalTransactionsAmount: recognised,
    };
  }
  return result;
}
