/**
 * The payment result as clients read it (docs/api.md, "Results and statuses"; exact JSON types):
 * `failureCode` a string ("0" when none), `confirmations` -1 unless confirming or pending on
 * chain, settle fields "" until settled, `returnTo` by outcome. Payments created before
 * 2026-08-13 are shown in the old status set. Amounts come from the transactions (the ledger),
 * by the machine's own rules: paymentAmount never above payableAmount, surplusAmount the rest, so
 * the two add up to what the payer sent in the payment asset (totalTransactionsAmount).
 */
import { add, compare, isZero, multiply, roundDown } from '../../../shared/money.js';
import type { PaymentResult, ResultTransaction } from '../../../shared/wire.js';
import type { Catalog, Network } from '../catalog.js';
import type { Payee } from '../payees.js';
import type { InstructionRow, PaymentRow } from '../payments/store.js';
import { recognisedOf, surplusOf } from './machine.js';

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
  /** Received while the order was open and not gone: toward the order, up to what is due. */
  counted: boolean;
  /** Received after full payment, the end or the deadline, and not gone: all surplus. */
  late: boolean;
  confirmed: boolean;
}

const sum = (transactions: readonly TransactionView[]): string =>
  transactions.length > 0 ? add(...transactions.map((t) => t.amount)) : '0';

/** Surplus status as stored, but never "recorded" without a surplus nor "no" with one. */
function surplusStatus(surplus: string, stored: string): string {
  if (isZero(surplus)) return 'no';
  return stored === 'no' || stored === '' ? 'recorded' : stored;
}

/** The quote currency's decimal places (2 when unknown). */
function quoteDigits(catalog: Catalog, quoteAssetId: string): number {
  return catalog.fiats.get(quoteAssetId)?.decimalDigit ?? catalog.assets.get(quoteAssetId)?.precision ?? 2;
}

/** The rate that priced the payment and the accountant's figure: what was received, at that rate, in the quote currency. */
function rateUsed(
  rate: Pick<InstructionRow, 'price' | 'price_source' | 'price_at'> | undefined,
  total: string,
  digits: number,
) {
  if (!rate || rate.price === '') return {};
  return {
    price: rate.price,
    priceSource: rate.price_source,
    priceAt: Math.floor(rate.price_at / 1000),
    receivedQuoteAmount: roundDown(multiply(total, rate.price), digits),
  };
}

function transactionsView(
  transactions: readonly TransactionView[],
  catalog: Catalog,
  network: Network | undefined,
): ResultTransaction[] {
  return transactions.map((t) => ({
    paymentAmount: t.amount,
    paymentAssetId: t.assetId,
    paymentAssetSymbol: catalog.assets.get(t.assetId)?.symbol ?? '',
    requiredConfirms: t.requiredConfirmations,
    confirmations: t.confirmations,
    txid: t.txid,
    blockExplorerUrl: network?.explorerTxUrl && t.confirmations >= 0 ? `${network.explorerTxUrl}${t.txid}` : '',
    broadcastAt: t.seenAt,
  }));
}

export function buildResult(
  payment: PaymentRow,
  catalog: Catalog,
  transactions: readonly TransactionView[],
  withParts: ReadonlySet<string>,
  payee: Payee | undefined,
  rate?: Pick<InstructionRow, 'price' | 'price_source' | 'price_at'>,
): PaymentResult {
  const asset = catalog.assets.get(payment.payment_asset_id);
  const quote = catalog.fiats.get(payment.quote_asset_id) ?? catalog.assets.get(payment.quote_asset_id);
  const network = asset ? catalog.network(asset.network) : undefined;
  const counted = transactions.filter((t) => t.counted);
  const amounts = {
    payable: payment.payable_amount || '0',
    received: sum(counted),
    late: sum(transactions.filter((t) => t.late)),
  };
  // Nothing received (most polls of an open payment): both are "0" without decimal arithmetic.
  const [recognised, surplus] = transactions.length === 0 ? ['0', '0'] : [recognisedOf(amounts), surplusOf(amounts)];
  const confirmedTotal = sum(counted.filter((t) => t.confirmed));
  const showsConfirmations =
    payment.is_chain === 1 && (payment.status === 'confirming' || payment.status === 'pending');
  const minConfirmations = counted.length > 0 ? Math.min(...counted.map((t) => Math.max(t.confirmations, 0))) : 0;
  const last = counted.at(-1);
  const legacy = payment.created_at < NEW_STATUS_SET_FROM_MS;
  const status =
    legacy && (payment.status === 'confirming' || payment.status === 'paid_less') ? 'pending' : payment.status;
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
    blockExplorerUrl:
      last && network?.explorerTxUrl && last.confirmations >= 0 ? `${network.explorerTxUrl}${last.txid}` : '',
    date: counted[0]?.seenAt ?? 0,
    confirmations: showsConfirmations ? minConfirmations : -1,
    surplusAmount: surplus,
    surplusStatus: surplusStatus(surplus, payment.surplus_status),
    failureCode: payment.failure_code,
    failureReason: payment.failure_reason,
    returnTo:
      payment.status === 'success' ? payment.return_to : payment.status === 'failed' ? payment.failed_return_to : '',
    expiredAt: noInstruction && payment.is_one_time === 1 ? payment.code_expires_at : payment.expired_at,
    settleStatus: payment.settle_status,
    settleAmount: payment.settle_amount,
    settleSymbol: payment.settle_symbol,
    settleAsset: payment.settle_asset,
    payee: payee?.fullName ?? '',
    payeeMixinNumber: payee?.networkId ?? '',
    // Payees of this gateway have no avatar; existing clients read "" as none.
    payeeAvatarUrl: '',
  };
  if (withParts.has('transactions')) result.transactions = transactionsView(transactions, catalog, network);
  if (withParts.has('payment')) {
    const payable = payment.payable_amount || '0';
    // Everything the payer sent in the payment asset: paid toward the order plus surplus.
    const total = add(recognised, surplus);
    result.payment = {
      isMultiPay: counted.length > 1,
      isFullyPaid: !isZero(confirmedTotal) && (isZero(payable) || compare(confirmedTotal, payable) >= 0),
      totalTransactionsAmount: total,
      ...rateUsed(rate, total, quoteDigits(catalog, payment.quote_asset_id)),
    };
  }
  return result;
}
