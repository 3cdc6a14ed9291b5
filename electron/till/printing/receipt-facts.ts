import { formatAmount, formatMoney } from '../../../shared/i18n/format.js';
import { languageFromLocale, type Language } from '../../../shared/i18n/languages.js';
import { paperText, type PaperKey } from '../../../shared/i18n/paper.js';
import { receivedInAll } from '../../../shared/overpayment.js';

/** What a receipt says, as label/value lines in the shop's language, locale and time zone: the page and the paper alike. */
import type { OrderView } from '../../../shared/posapi.js';

export interface ReceiptLine {
  label: string;
  value: string;
}

export interface ReceiptFacts {
  shop: string;
  /** The shop's language: the words around the lines (README "Languages", namespace `paper`); English when absent. */
  language?: Language;
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

/**
 * What the payer paid, in which asset, on which network. Paid is capped at what was due, so an overpayment
 * adds what was received in all and how much more than due (docs/api.md, "Amounts and surplus":
 * paid + surplusAmount is what the payer sent): "Paid 7.5 USDT" alone, for 9.25 sent, is wrong for their records.
 * The language has no default: one of English let a sale receipt in another language print these lines in English.
 */
export function orderPaidLines(order: OrderView, language: Language, locale = 'en'): ReceiptLine[] {
  const i = order.instruction;
  if (!i) return [];
  const say = (key: PaperKey, values: Record<string, string> = {}) => paperText(language, key, values);
  const money = (amount: string) => `${formatAmount(amount, locale)} ${i.paymentSymbol}`;
  const paid = order.progress?.paidAmount ?? i.paymentAmount;
  const { received, more } = receivedInAll(paid, order.progress?.surplusAmount ?? '0');
  const lines = [{ label: say('paid'), value: money(paid) }];
  if (more) lines.push({ label: say('receivedMore', { more: money(more) }), value: money(received) });
  if (i.network)
    lines.push({ label: say('network'), value: i.isChain ? i.network : say('walletTransfer', { network: i.network }) });
  return lines;
}

export function receiptFacts(
  order: OrderView,
  shop: string,
  locale: string,
  timeZone: string,
  test = false,
  language: Language = languageFromLocale(locale),
): ReceiptFacts {
  const say = (key: PaperKey) => paperText(language, key);
  // Dates and numbers as the receipt's language writes them, when the till's locale is of another language.
  const shown = languageFromLocale(locale) === language ? locale : language;
  const lines = [
    { label: say('date'), value: shopDate(order.updatedAt, shown, timeZone) },
    { label: say('order'), value: order.orderId },
    { label: say('total'), value: formatMoney(order.quoteAmount, order.quoteSymbol, shown) },
  ];
  lines.push(...orderPaidLines(order, language, shown));
  lines.push({ label: say('status'), value: say('statusPaid') });
  if (order.cashierName) lines.push({ label: say('servedBy'), value: order.cashierName });
  return { shop, test, language, lines };
}
