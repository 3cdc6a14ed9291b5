/**
 * The /v1 wire format (docs/api.md, "Creating a payment", "Results and statuses", "Asset lists"), as zod schemas: the
 * gateway builds these objects, and the till validates every gateway answer with them.
 * Amounts are decimal strings; counters and flags are numbers and booleans.
 */
import { z } from 'zod';
import { RESULT_STATUSES } from './status.js';

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal string');
/** Results of a hosted gateway may include statuses of the old set or unknown ones: keep the text. */
const statusText = z.string();

export const EnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), success: z.boolean(), message: z.string(), data, timestampMs: z.number() });

export const ErrorEnvelopeSchema = z.object({
  code: z.number(),
  success: z.literal(false),
  message: z.string(),
  data: z.unknown(),
  timestampMs: z.number().optional(),
});

export const ChainAssetSchema = z.object({ id: z.string(), name: z.string(), symbol: z.string(), iconUrl: z.string() });

export const PaymentAssetItemSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  assetId: z.string(),
  network: z.string(),
  onChainSupported: z.boolean(),
  minPaymentAmount: z.string(),
  maxPaymentAmount: z.string(),
  chainAsset: ChainAssetSchema,
  /** Paydesk's real rails add these (not in the hosted service's answers). */
  chainId: z.number().int().optional(),
  contract: z.string().optional(),
  decimals: z.number().int().optional(),
});
export type PaymentAssetItem = z.infer<typeof PaymentAssetItemSchema>;

export const QuoteAssetItemSchema = z.object({
  symbol: z.string(),
  iconUrl: z.string(),
  minQuoteAmount: z.string(),
  maxQuoteAmount: z.string(),
  decimalDigit: z.number().int(),
  isAsset: z.union([z.literal(0), z.literal(1)]),
  assetId: z.string(),
  chainAsset: ChainAssetSchema.optional(),
});
export type QuoteAssetItem = z.infer<typeof QuoteAssetItemSchema>;

export const SettlementAssetItemSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  assetId: z.string(),
  network: z.string(),
  isAsset: z.literal(true),
  chainAsset: ChainAssetSchema,
  isAvailable: z.boolean().optional(),
  quoteSymbol: z.string().optional(),
  minQuoteAmount: z.string().optional(),
  maxQuoteAmount: z.string().optional(),
});
export type SettlementAssetItem = z.infer<typeof SettlementAssetItemSchema>;

export const PayeeLookupSchema = z.object({ payeeId: z.string() });

/** Spec 2.2: the create-payment answer (also payments_info and payments/refresh). Every key present. */
export const PaymentSchema = z.object({
  isChain: z.boolean(),
  expire: z.number().int(),
  seconds: z.number().int(),
  payeeId: z.string(),
  traceId: z.string(),
  clientId: z.string(),
  orderId: z.string().optional(),
  paymentAssetId: z.string(),
  paymentAssetSymbol: z.string(),
  paymentAmount: z.string(),
  settlementAssetId: z.string(),
  settlementAssetSymbol: z.string(),
  estimatedSettlementAmount: z.string(),
  quoteAssetId: z.string(),
  quoteAssetSymbol: z.string(),
  quoteAmount: z.string(),
  memo: z.string(),
  recipient: z.string(),
  destination: z.string(),
  tag: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const EstimateSchema = z.object({
  price: z.string(),
  estimatedSettlementAmount: z.string(),
  settlementAssetId: z.string(),
  settlementAssetSymbol: z.string(),
  paymentAssetId: z.string(),
  paymentAssetSymbol: z.string(),
  paymentAmount: z.string(),
  quoteAssetSymbol: z.string(),
  quoteAssetId: z.string(),
  quoteAmount: z.string(),
});
export type Estimate = z.infer<typeof EstimateSchema>;

export const ResultTransactionSchema = z.object({
  paymentAmount: z.string(),
  paymentAssetId: z.string(),
  paymentAssetSymbol: z.string(),
  requiredConfirms: z.number().int(),
  confirmations: z.number().int(),
  txid: z.string(),
  blockExplorerUrl: z.string(),
  broadcastAt: z.number().int(),
});
export type ResultTransaction = z.infer<typeof ResultTransactionSchema>;

/** The result's fields (docs/api.md, "Results and statuses"). `failureCode` is a string of digits ("0" when none). */
export const PaymentResultSchema = z.object({
  status: statusText,
  traceId: z.string(),
  payeeId: z.string(),
  quoteAmount: z.string(),
  quoteSymbol: z.string(),
  quoteAssetId: z.string(),
  paymentAmount: z.string(),
  paymentSymbol: z.string(),
  paymentAssetId: z.string(),
  payableAmount: z.string(),
  payableSymbol: z.string(),
  payableAssetId: z.string(),
  txid: z.string(),
  blockExplorerUrl: z.string(),
  date: z.number().int(),
  confirmations: z.number().int(),
  surplusAmount: z.string(),
  surplusStatus: z.string(),
  failureCode: z.union([z.string(), z.number().transform(String)]),
  failureReason: z.string(),
  returnTo: z.string(),
  expiredAt: z.number().int(),
  settleStatus: z.string(),
  settleAmount: z.string(),
  settleSymbol: z.string(),
  settleAsset: z.string(),
  /** The payee's name, its network id (a string) and avatar URL ("" when none); older gateways omit them. */
  payee: z.string().optional(),
  payeeMixinNumber: z.string().optional(),
  payeeAvatarUrl: z.string().optional(),
  transactions: z.array(ResultTransactionSchema).optional(),
  payment: z
    .object({
      isMultiPay: z.boolean(),
      isFullyPaid: z.boolean(),
      totalTransactionsAmount: z.string(),
      /** Paydesk: the rate that priced the payment (quote units per payment unit), its source and time (unix s). */
      price: z.string().optional(),
      priceSource: z.string().optional(),
      priceAt: z.number().int().optional(),
      /** Paydesk: what was received (totalTransactionsAmount) at that price, in the quote currency. */
      receivedQuoteAmount: z.string().optional(),
    })
    .optional(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const OneTimePaymentSchema = z.object({
  code: z.string(),
  info: z.object({
    orderId: z.string(),
    traceId: z.string(),
    payeeId: z.string(),
    quoteAmount: z.string(),
    quoteAssetId: z.string(),
    settlementAssetId: z.string(),
    expiredAt: z.number().int(),
    checkoutUrl: z.string(),
  }),
});
export type OneTimePayment = z.infer<typeof OneTimePaymentSchema>;

/** Callback body (docs/api.md, "Callbacks"): identifiers only; non-production adds callbackEvent. */
export const CallbackBodySchema = z.object({
  orderId: z.string(),
  traceId: z.string(),
  payeeId: z.string(),
  callbackEvent: z.string().optional(),
});
export type CallbackBody = z.infer<typeof CallbackBodySchema>;

export const CALLBACK_EVENTS = ['success', 'fail', 'settle', 'pending', 'paid_less', 'refund'] as const;
export type CallbackEvent = (typeof CALLBACK_EVENTS)[number];

export { decimal as DecimalTextSchema, RESULT_STATUSES };

/** A real rail's health (GET /v1/merchant/rails/evm, a Paydesk merchant operation). */
export const RailHealthSchema = z.object({
  network: z.string(),
  chainId: z.number(),
  lastBlock: z.number(),
  head: z.number(),
  lag: z.number(),
  lastError: z.string(),
  lastOkAt: z.number(),
});
export type RailHealth = z.infer<typeof RailHealthSchema>;
