/**
 * The wire format of refunds and of money to resolve (docs/api.md, "Refunds", "Money to resolve"):
 * the gateway builds these objects and the till validates every answer with them. Amounts are
 * decimal strings; times are unix seconds.
 */
import { z } from 'zod';
import { DecimalTextSchema as decimal } from './wire.js';

export const REFUND_STATUSES = ['to_send', 'sent', 'confirmed', 'flagged', 'withdrawn'] as const;
export type RefundStatusText = (typeof REFUND_STATUSES)[number];
export const AMOUNT_IN = ['asset', 'quote_original', 'quote_today'] as const;

const assetAmount = z.object({ assetId: z.string(), symbol: z.string(), amount: decimal });
export type AssetAmount = z.infer<typeof assetAmount>;

export const RefundSchema = z.object({
  refundId: z.string(),
  traceId: z.string(),
  orderId: z.string(),
  assetId: z.string(),
  symbol: z.string(),
  amount: decimal,
  network: z.string(),
  isChain: z.boolean(),
  destination: z.string(),
  tag: z.string(),
  reason: z.string(),
  amountIn: z.enum(AMOUNT_IN),
  quoteAssetId: z.string(),
  quoteSymbol: z.string(),
  /** The quote amount asked ("" when asked in the asset). */
  quoteAsked: z.string(),
  /** What the refund is worth in the quote currency at the payment's own rate and at today's ("" unknown). */
  quoteAtOriginalRate: z.string(),
  quoteAtTodayRate: z.string(),
  originalPrice: z.string(),
  todayPrice: z.string(),
  status: z.enum(REFUND_STATUSES),
  txid: z.string(),
  flagReason: z.string(),
  /** Why the owner withdrew it ("" unless `withdrawn`); a gateway without withdrawals omits it. */
  withdrawnReason: z.string().default(''),
  confirmations: z.number(),
  requiredConfirmations: z.number(),
  /** What the owner's wallet scans (EIP-681, BIP21, mixin://pay with a memo naming the refund). */
  payoutUri: z.string(),
  memo: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const RESOLVE_REASONS = ['failed_order', 'surplus', 'late', 'wrong_asset'] as const;

export const MoneyToResolveSchema = z.object({
  traceId: z.string(),
  orderId: z.string(),
  status: z.string(),
  failureCode: z.string(),
  quoteAssetId: z.string(),
  quoteAmount: z.string(),
  paymentAssetId: z.string(),
  /** Every transaction's money the gateway saw for the payment (not gone), per asset. */
  received: z.array(assetAmount),
  /** Received but not kept as takings, with why. */
  items: z.array(assetAmount.extend({ reason: z.enum(RESOLVE_REASONS) })),
  /** Refunds that count (every one but a withdrawn one, flagged included), per asset. */
  refunded: z.array(assetAmount),
  /** Money to resolve the merchant decided to keep (POST /v1/payments/keep), per asset. */
  kept: z.array(assetAmount),
  /** Items less refunds and what was kept, per asset: what the owner still has to refund or keep. */
  toResolve: z.array(assetAmount),
  /** The most that may still be refunded per asset: received less refunds. */
  refundable: z.array(assetAmount),
  /** The original rate (quote per payment-asset unit) and today's ("" when none). */
  originalPrice: z.string(),
  todayPrice: z.string(),
});
export type MoneyToResolve = z.infer<typeof MoneyToResolveSchema>;
