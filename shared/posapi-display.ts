/**
 * The customer display's read-only channel: what the payer may see of the current sale, and nothing
 * of the cashier's (no notes, no staff names, no history, no controls). The main process builds it
 * from the till's order events; the display page (display.html) only reads it.
 */
import type { OrderStatus, OrderView } from './posapi.js';
import type { DisplayCart, DisplayTipQuestion } from './posapi-counter.js';

export interface DisplaySale {
  quoteAmount: string;
  quoteSymbol: string;
  status: OrderStatus;
  /** The instruction the payer scans; null while queued offline. */
  instruction: {
    paymentUri: string;
    amount: string;
    symbol: string;
    network: string;
    isChain: boolean;
    destination: string;
    tag: string;
  } | null;
  payableAmount: string;
  paidAmount: string;
  /** Sent beyond what was due (canonical decimal, '0' when none): "paid" alone would tell the payer less. */
  surplusAmount: string;
  remainingAmount: string;
  confirmations: number;
  requiredConfirmations: number;
  failureCode: string;
  /** The payment deadline in ms on the till's clock; 0 when none. */
  payBy: number;
  /** The receipt page of a paid sale (unguessable link on the payer listener), '' when none. */
  receiptUrl: string;
  /** Changes with every new sale, so the page knows a new one began. */
  saleKey: string;
  /** When this payment is the crypto part of a cart sale: the whole sale (lines, total, cash and card paid). */
  whole?: DisplayCart;
}

export interface DisplayView {
  shop: string;
  /** The sale the till is on, or the last one (ended) until the next begins; null before the first. */
  sale: DisplaySale | null;
  /** The till's clock (ms) when this view was made: countdowns follow it. */
  at: number;
  /** The cart being rung up, or a cash or card sale just finished (stage `paid`); null when none. */
  cart?: DisplayCart | null;
  /** The tip question the payer answers on the display; null when none is open. */
  tip?: DisplayTipQuestion | null;
}

/** The payer's view of an order: only what the payer needs to pay and to see it done. */
export function displaySale(order: OrderView, receiptUrl: string): DisplaySale {
  const i = order.instruction;
  const p = order.progress;
  return {
    quoteAmount: order.quoteAmount,
    quoteSymbol: order.quoteSymbol,
    status: order.status,
    instruction: i
      ? {
          paymentUri: i.paymentUri,
          amount: i.paymentAmount,
          symbol: i.paymentSymbol,
          network: i.network,
          isChain: i.isChain,
          destination: i.destination,
          tag: i.tag,
        }
      : null,
    payableAmount: p?.payableAmount ?? i?.paymentAmount ?? '',
    paidAmount: p?.paidAmount ?? '0',
    surplusAmount: p?.surplusAmount ?? '0',
    remainingAmount: p?.remainingAmount ?? i?.paymentAmount ?? '',
    confirmations: p?.confirmations ?? -1,
    requiredConfirmations: p?.requiredConfirmations ?? 0,
    failureCode: p?.failureCode ?? '',
    payBy: order.payBy || (p?.expiredAt ?? 0) * 1000,
    receiptUrl,
    saleKey: order.orderId,
  };
}
