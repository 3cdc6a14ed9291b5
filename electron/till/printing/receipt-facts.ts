export const TEST_RECEIPT = 'TEST - no real money moved';

/** What a receipt says, as label/value lines in the shop's locale and time zone: the page and the paper alike. */
import type { OrderView } from '../../../shared/posapi.js';

export interface ReceiptFacts {
  shop: string;
  /** A sandbox receipt: says so, so nobody takes it for money received. */
  test: boolean;
  lines: { label: string; value: string }[];
}

export function receiptFacts(
  order: OrderView,
  shop: string,
  locale: string,
  timeZone: string,
  test = false,
): ReceiptFacts {
  const when = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(order.updatedAt),
  );
  const i = order.instruction;
  const lines = [
    { label: 'Date', value: when },
    { label: 'Order', value: order.orderId },
    { label: 'Total', value: `${order.quoteAmount} ${order.quoteSymbol}` },
  ];
  if (i) {
    lines.push({ label: 'Paid', value: `${order.progress?.paidAmount ?? i.paymentAmount} ${i.paymentSymbol}` });
    if (i.network) lines.push({ label: 'Network', value: i.isChain ? i.network : `${i.network} (wallet transfer)` });
  }
  lines.push({ label: 'Status', value: 'Paid' });
  return { shop, test, lines };
}
