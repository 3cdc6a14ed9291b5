export const TEST_RECEIPT = 'TEST - no real money moved';

/** What a receipt says, as label/value lines in the shop's locale and time zone: the page and the paper alike. */
import type { OrderView } from '../../../shared/posapi.js';
import { paper } from './paper-text.js';

export interface ReceiptLine {
  label: string;
  value: string;
}

export interface ReceiptFacts {
  shop: string;
  /** A sandbox receipt: says so, so nobody takes it for money received. */
  test: boolean;
  lines: ReceiptLine[];
  /** Under the shop's name: its address and tax id (a cart sale's receipt; sale-facts.ts). */
  head?: string[];
  /** A cart sale's lines, totals and tenders: groups printed after the lines, a rule before each. */
  groups?: ReceiptLine[][];
}

export function shopDate(ms: number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** What the payer paid, in which asset, on which network. */
export function orderPaidLines(order: OrderView): ReceiptLine[] {
  const i = order.instruction;
  if (!i) return [];
  const lines = [{ label: 'Paid', value: `${order.progress?.paidAmount ?? i.paymentAmount} ${i.paymentSymbol}` }];
  if (i.network) lines.push({ label: 'Network', value: i.isChain ? i.network : `${i.network} (wallet transfer)` });
  return lines;
}

export function receiptFacts(
  order: OrderView,
  shop: string,
  locale: string,
  timeZone: string,
  test = false,
): ReceiptFacts {
  const lines = [
    { label: 'Date', value: shopDate(order.updatedAt, locale, timeZone) },
    { label: 'Order', value: order.orderId },
    { label: 'Total', value: `${order.quoteAmount} ${order.quoteSymbol}` },
  ];
  lines.push(...orderPaidLines(order));
  lines.push({ label: 'Status', value: 'Paid' });
  if (order.cashierName) lines.push({ label: paper('servedBy'), value: order.cashierName });
  return { shop, test, lines };
}
