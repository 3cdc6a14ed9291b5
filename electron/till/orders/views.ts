/**
 * Reading an order: its stored instruction and result (validated again when read back), the status
 * the till shows for a gateway result, how a result disagrees with the order, and the views the
 * renderer gets (QR payment URIs, progress). Pure functions over order rows.
 */
import { z } from 'zod';
import { compare, isDecimalText, isZero, parseAmount, remaining } from '../../../shared/money.js';
import { chainPaymentUri, walletPaymentUri } from '../../../shared/payment-uri.js';
import type { InstructionView, OrderProgress, OrderView } from '../../../shared/posapi.js';
import { isResultStatus, type ResultStatus } from '../../../shared/status.js';
import {
  PaymentResultSchema,
  PaymentSchema,
  type Payment,
  type PaymentAssetItem,
  type PaymentResult,
} from '../../../shared/wire.js';
import type { OrderBook, OrderRow } from './book.js';

/** What the till needs to know of a network to describe an instruction (from the asset list). */
export interface AssetFacts {
  network: string;
  requiredConfirmations: number;
  /** Real EVM rails: the chain and token the payment URI names. */
  chainId?: number;
  contract?: string;
  decimals?: number;
}

/** An asset list item's facts; confirmations come from elsewhere (the sandbox's networks). */
export function factsOf(item: PaymentAssetItem, requiredConfirmations: number): AssetFacts {
  return {
    network: item.network,
    requiredConfirmations,
    chainId: item.chainId,
    contract: item.contract,
    decimals: item.decimals,
  };
}

const StoredFactsSchema = z.object({
  assetId: z.string(),
  network: z.string(),
  requiredConfirmations: z.number().int().nonnegative(),
  chainId: z.number().int().positive().optional(),
  contract: z.string().optional(),
  decimals: z.number().int().nonnegative().optional(),
});

/** The facts kept with the order's instruction (writer.ts), when they are of this payment asset. */
export function storedFacts(row: OrderRow, assetId: string): AssetFacts | undefined {
  if (!row.asset_facts) return undefined;
  const parsed = StoredFactsSchema.safeParse(JSON.parse(row.asset_facts));
  if (!parsed.success || parsed.data.assetId !== assetId) return undefined;
  const { assetId: _assetId, ...facts } = parsed.data;
  return facts;
}

export function parseInstruction(row: OrderRow): Payment | undefined {
  if (!row.instruction) return undefined;
  const parsed = PaymentSchema.safeParse(JSON.parse(row.instruction));
  return parsed.success ? parsed.data : undefined;
}

export function parseResult(row: OrderRow): PaymentResult | undefined {
  if (!row.result) return undefined;
  const parsed = PaymentResultSchema.safeParse(JSON.parse(row.result));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The status the till shows for a gateway result. Old-set results (before 2026-08-13) say
 * `pending` with `isFullyPaid` false for an underpayment; unknown statuses are read as open
 * (docs/api.md, "Compatibility with existing clients").
 */
export function statusOf(result: PaymentResult): ResultStatus {
  if (
    result.status === 'pending' &&
    result.payment &&
    !result.payment.isFullyPaid &&
    !isZero(result.paymentAmount || '0')
  )
    return 'paid_less';
  if (isResultStatus(result.status)) return result.status;
  return 'unpaid';
}

/** A status in the words of the order's history. */
export function describeStatus(status: ResultStatus, result: PaymentResult): string {
  switch (status) {
    case 'confirming':
      return `Confirming (${Math.max(result.confirmations, 0)} confirmations)`;
    case 'paid_less':
      return `Paid ${result.paymentAmount} of ${result.payableAmount} ${result.payableSymbol}`;
    case 'failed':
      return `Failed: ${result.failureReason || result.failureCode}`;
    default:
      return status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' ');
  }
}

/** How a gateway result disagrees with the order it should be for ('' when it agrees): never accepted silently. */
export function mismatchOf(row: OrderRow, result: PaymentResult): string {
  if (result.payeeId !== row.payee_id) return `The gateway's result is for another payee (${result.payeeId}).`;
  if (result.quoteAssetId.toLowerCase() !== row.quote_asset_id.toLowerCase())
    return `The gateway's result is in another currency (${result.quoteAssetId}).`;
  if (result.quoteAmount && compare(result.quoteAmount, row.quote_amount) !== 0)
    return `The gateway's result is for another amount (${result.quoteAmount}).`;
  return '';
}

/** True when a result's figures differ from the stored one's (so the order's view changes). */
export function hasNews(previous: PaymentResult | undefined, result: PaymentResult): boolean {
  return !(
    previous &&
    previous.status === result.status &&
    previous.paymentAmount === result.paymentAmount &&
    previous.confirmations === result.confirmations &&
    previous.settleStatus === result.settleStatus &&
    previous.surplusAmount === result.surplusAmount &&
    (result.transactions === undefined ||
      JSON.stringify(previous.transactions ?? []) === JSON.stringify(result.transactions))
  );
}

/** What is still due on an order (the whole payable when nothing was paid). */
export function remainingOf(result: PaymentResult): string {
  return remaining(result.payableAmount || '0', result.paymentAmount || '0');
}

export function instructionView(
  payment: Payment,
  transferTrace: string,
  facts: AssetFacts | undefined,
): InstructionView {
  const paymentUri = payment.isChain
    ? chainPaymentUri({
        network: facts?.network ?? '',
        assetId: payment.paymentAssetId,
        destination: payment.destination,
        tag: payment.tag,
        amount: payment.paymentAmount,
        chainId: facts?.chainId,
        contract: facts?.contract,
        decimals: facts?.decimals,
      })
    : walletPaymentUri({
        recipient: payment.recipient,
        assetId: payment.paymentAssetId,
        amount: payment.paymentAmount,
        trace: transferTrace,
        memo: payment.memo,
      });
  return {
    clientId: payment.clientId,
    paymentAssetId: payment.paymentAssetId,
    paymentSymbol: payment.paymentAssetSymbol,
    paymentAmount: payment.paymentAmount,
    isChain: payment.isChain,
    network: facts?.network ?? '',
    recipient: payment.recipient,
    memo: payment.memo,
    destination: payment.destination,
    tag: payment.tag,
    expire: payment.expire,
    seconds: payment.seconds,
    paymentUri,
  };
}

/**
 * What the payer sent beyond what was due (docs/api.md, "Amounts and surplus"), as a canonical decimal:
 * the cashier's screens show it. The wire only promises a string; a hosted gateway's "" or anything that
 * is not a plain decimal reads as none rather than reaching the renderer.
 */
export function surplusOf(result: Pick<PaymentResult, 'surplusAmount'>): string {
  return isDecimalText(result.surplusAmount) ? parseAmount(result.surplusAmount) : '0';
}

export function progressView(result: PaymentResult, facts: AssetFacts | undefined): OrderProgress {
  const payable = result.payableAmount || '0';
  const paid = result.paymentAmount || '0';
  const required = result.transactions?.[0]?.requiredConfirms ?? facts?.requiredConfirmations ?? 0;
  return {
    payableAmount: payable,
    paidAmount: paid,
    remainingAmount: isZero(payable) ? '0' : remaining(payable, paid),
    confirmations: result.confirmations,
    requiredConfirmations: required,
    failureCode: String(result.failureCode),
    failureReason: result.failureReason,
    expiredAt: result.expiredAt,
    surplusAmount: surplusOf(result),
    settleStatus: result.settleStatus,
    ...(result.payment?.price
      ? {
          rate: {
            price: result.payment.price,
            source: result.payment.priceSource ?? '',
            at: result.payment.priceAt ?? 0,
            receivedQuoteAmount: result.payment.receivedQuoteAmount ?? '',
          },
        }
      : {}),
  };
}

/**
 * The order as the till, the display and the payer see it; the one place an instruction is described.
 * `listed` is the asset list's facts (an in-memory cache, empty right after a start): the facts kept with
 * the instruction win, so a restart shows the same network words and QR payload as before.
 */
export function orderView(book: OrderBook, row: OrderRow, listed: AssetFacts | undefined): OrderView {
  const instruction = parseInstruction(row);
  const result = parseResult(row);
  const facts = (instruction && storedFacts(row, instruction.paymentAssetId)) || listed;
  return {
    orderId: row.order_id,
    traceId: row.trace_id,
    payeeId: row.payee_id,
    quoteAssetId: row.quote_asset_id,
    quoteSymbol: row.quote_symbol,
    quoteAmount: row.quote_amount,
    note: row.note,
    status: row.status,
    instruction: instruction ? instructionView(instruction, row.transfer_trace, facts) : null,
    progress: result ? progressView(result, facts) : null,
    mismatch: row.mismatch,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    payBy: row.pay_by,
    history: book.history(row.order_id),
    cashierName: row.cashier_name,
  };
}
