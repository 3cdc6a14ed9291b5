import { formatAmount } from '../../../shared/i18n/format.js';
import { languageFromLocale, type Language } from '../../../shared/i18n/languages.js';
import { paperEnglish, paperText } from '../../../shared/i18n/paper.js';

/** The English test-receipt line (paper.json `testReceipt` in the receipt's language on paper and page). */
export const TEST_RECEIPT = paperEnglish.testReceipt;

/** What a receipt says, as label/value lines in the shop's language, locale and time zone: the page and the paper alike. */
import type { OrderView } from '../../../shared/posapi.js';

export interface ReceiptFacts {
  shop: string;
  /** A sandbox receipt: says so, so nobody takes it for money received. */
  test: boolean;
  /** The shop's language: the words around the lines (README "Languages", namespace `paper`). */
  language: Language;
  lines: { label: string; value: string }[];
}

export function receiptFacts(
  order: OrderView,
  shop: string,
  locale: string,
  timeZone: string,
  test = false,
  language: Language = languageFromLocale(locale),
): ReceiptFacts {
  const when = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(order.updatedAt),
  );
  const say = (key: Parameters<typeof paperText>[1], values: Record<string, string> = {}) =>
    paperText(language, key, values);
  const i = order.instruction;
  const lines = [
    { label: say('date'), value: when },
    { label: say('order'), value: order.orderId },
    { label: say('total'), value: `${formatAmount(order.quoteAmount, locale)} ${order.quoteSymbol}` },
  ];
  if (i) {
    const paid = order.progress?.paidAmount ?? i.paymentAmount;
    lines.push({ label: say('paid'), value: `${formatAmount(paid, locale)} ${i.paymentSymbol}` });
    if (i.network)
      lines.push({
        label: say('network'),
        value: i.isChain ? i.network : say('walletTransfer', { network: i.network }),
      });
  }
  lines.push({ label: say('status'), value: say('statusPaid') });
  return { shop, test, language, lines };
}
