/**
 * The day review as the PosApi answers it (managers and the owner): totals, the day's orders,
 * a payment's detail with its transactions and deliveries, the live rails. Part of the PosApi contract
 * (posapi.ts re-exports it).
 */
import type { OrderStatus, OrderView } from './posapi.js';
import type { DayRefunds } from './posapi-refunds.js';
import type { RailHealth } from './wire.js';

export interface DayTotals {
  /** Takings (successful payments) per quote currency, decimal-exact. */
  perQuote: { quoteAssetId: string; symbol: string; total: string; count: number }[];
  /** What payers paid per payment asset (successful payments). */
  perAsset: { assetId: string; symbol: string; total: string; count: number }[];
  /** Orders per status, all of them. */
  perStatus: Record<string, number>;
  /** Takings per hour (0-23, shop time) in the shop's default quote currency. */
  hourly: { hour: number; total: string; count: number }[];
  hourlyCurrency: string;
  /** Takings (successful payments) per cashier and quote currency. */
  perCashier: {
    cashierId: string;
    cashierName: string;
    quoteAssetId: string;
    symbol: string;
    total: string;
    count: number;
  }[];
}

export interface DayOrderRow {
  orderId: string;
  traceId: string;
  createdAt: number;
  quoteAmount: string;
  quoteSymbol: string;
  paymentAssetId: string;
  paymentSymbol: string;
  paidAmount: string;
  isChain: boolean;
  status: OrderStatus;
  mismatch: string;
  note: string;
  cashierId: string;
  cashierName: string;
  /** Failed (cancelled, expired, rejected) although the gateway saw money for it: the owner must look. */
  failedWithMoney: boolean;
}

export interface DayReview {
  day: string;
  timeZone: string;
  totals: DayTotals;
  /** Every payment asset an order of the day asked for (paid or not), for the list's asset filter. */
  assets: { assetId: string; symbol: string }[];
  /** One page of the (filtered) list, newest first. */
  orders: DayOrderRow[];
  matching: number;
  page: number;
  pageSize: number;
  /** Payments waiting for the owner's review decision (any day). */
  reviewQueue: DayOrderRow[];
  /** The day's refunds and takings net of them (absent where refunds are not known). */
  refunds?: DayRefunds;
}

export interface DeliveryAttemptView {
  at: number;
  httpStatus: number;
  durationMs: number;
  error: string;
  responseExcerpt: string;
}

export interface DeliveryView {
  deliveryId: string;
  event: string;
  url: string;
  status: string;
  nextAttemptAt: number | null;
  attempts: DeliveryAttemptView[];
}

export interface TransactionDetail {
  txid: string;
  amount: string;
  symbol: string;
  confirmations: number;
  requiredConfirmations: number;
  explorerUrl: string;
  seenAt: number;
}

export interface OrderDetail {
  order: OrderView;
  settlement: { status: string; amount: string; symbol: string; assetId: string };
  transactions: TransactionDetail[];
  /** The gateway's delivery log for this payment (embedded gateway, or a hosted one that offers it). */
  deliveries: DeliveryView[];
  deliveriesError: string;
}

export type RailHealthView = RailHealth;

/** The gateway's real rails (EVM): configuration and health, as the owner sees them. */
export interface RailsView {
  /** False when the gateway is not in live mode, or a hosted gateway does not offer it. */
  available: boolean;
  reason: string;
  config: unknown;
  health: RailHealthView[];
}
