/**
 * The PosApi contract of refunds (issue 18; README, "Refunds"): money to resolve and refunds of an
 * order, started by a manager or the owner with a reason, paid by the owner's own wallet (payout QR
 * and text), the txid entered, or the sandbox's simulated wallet; the day's refunds for the day
 * review. posapi.ts spreads these schemas into its own and extends its results with these.
 */
import { z } from 'zod';
import type { MoneyToResolve, Refund } from './wire-refunds.js';

const orderId = z.string().trim().min(6).max(36);
const refundId = z.string().uuid();
const decimalArg = z
  .string()
  .trim()
  .regex(/^\d{1,18}(\.\d{1,18})?$/, 'must be a positive decimal amount');

export const refundArgSchemas = {
  /** What the order's payment received and has not kept, and its refunds (asks the gateway). */
  'refund.detail': z.object({ orderId }).strict(),
  /** Asks for a refund; the amount is in the asset, or in the quote currency at the original or today's rate. */
  'refund.create': z
    .object({
      orderId,
      amount: decimalArg,
      amountIn: z.enum(['asset', 'quote_original', 'quote_today']).default('asset'),
      assetId: z.string().uuid().optional(),
      destination: z.string().trim().min(1, 'type or paste where the money goes back').max(200),
      tag: z.string().trim().max(100).optional(),
      reason: z
        .string()
        .trim()
        .min(1, 'say why the money goes back')
        .max(200)
        .regex(/^[^\p{Cc}\p{Cf}]+$/u, 'must be plain text'),
    })
    .strict(),
  /** The owner's wallet sent it: the transaction id to check on chain. */
  'refund.sent': z
    .object({
      orderId,
      refundId,
      txid: z
        .string()
        .trim()
        .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a transaction id (64 hexadecimal digits)'),
    })
    .strict(),
  /** The owner takes back a refund to send or a flagged one (it stops counting against what is left). */
  'refund.withdraw': z
    .object({
      orderId,
      refundId,
      reason: z
        .string()
        .trim()
        .min(1, 'say why the refund is withdrawn')
        .max(200)
        .regex(/^[^\p{Cc}\p{Cf}]+$/u, 'must be plain text'),
    })
    .strict(),
  /** TEST MODE: the merchant's simulated wallet pays the refund. */
  'refund.sandboxSend': z.object({ orderId, refundId }).strict(),
  /** The shop keeps (part of) the money to resolve: nothing is paid out; needs a reason. */
  'refund.keep': z
    .object({
      orderId,
      amount: decimalArg,
      assetId: z.string().uuid().optional(),
      reason: z
        .string()
        .trim()
        .min(1, 'say why the shop keeps it')
        .max(200)
        .regex(/^[^\p{Cc}\p{Cf}]+$/u, 'must be plain text'),
    })
    .strict(),
  /** Every payment with money still to refund or keep. */
  'owner.toResolve': z.object({}).strict(),
} as const;

export interface RefundDetail {
  orderId: string;
  traceId: string;
  resolve: MoneyToResolve | null;
  refunds: Refund[];
  /** Why the gateway could not be asked ('' when it answered): the till's own record is shown instead. */
  error: string;
}

export interface ToResolveItem extends MoneyToResolve {
  /** The till's order of that payment ('' when the payment was not made at this till). */
  tillOrderId: string;
}

/** The day's refunds (day review): per quote currency, what takings they reduce, net of them. */
export interface DayRefunds {
  perQuote: {
    quoteAssetId: string;
    symbol: string;
    /** Takings (successful orders) of the day. */
    takings: string;
    /** Refunds of successful orders (valued at the payment's own rate). */
    refundedFromTakings: string;
    net: string;
    /** Money returned from orders that never became takings (failed, cancelled). */
    returnedNotTakings: string;
  }[];
  items: DayRefundRow[];
}

export interface DayRefundRow {
  refundId: string;
  orderId: string;
  createdAt: number;
  amount: string;
  symbol: string;
  quoteValue: string;
  quoteSymbol: string;
  status: string;
  reason: string;
  staffName: string;
}

export interface RefundResults {
  'refund.detail': RefundDetail;
  'refund.create': RefundDetail;
  'refund.sent': RefundDetail;
  'refund.sandboxSend': RefundDetail;
  'refund.withdraw': RefundDetail;
  'refund.keep': RefundDetail;
  'owner.toResolve': ToResolveItem[];
}
