/**
 * The payer's side of one core, wired in one place: the checkout page (or the plain page without a
 * build), receipts, and the customer display with its read-only feed (README "Customer display").
 */
import type { FastifyInstance } from 'fastify';
import { languageFromLocale, localeOf, type Language } from '../../shared/i18n/languages.js';
import type { OrderView } from '../../shared/posapi.js';
import { registerCheckoutPage } from '../gateway/checkout-page.js';
import type { PosEventHub } from '../bridge/events.js';
import { randomIds } from '../platform/ids.js';
import { DisplayFeed, registerCustomerDisplay, type CounterSide } from './customer-display.js';
import type { DisplayCart } from '../../shared/posapi-counter.js';
import { registerCheckoutApp } from './payer-pages.js';
import { ReceiptLinks, receiptFacts, registerReceiptPage, type ReceiptFacts } from './receipts.js';

export interface PayerSideDeps {
  /** The built renderer folder; absent: only the plain checkout page and receipts. */
  dir: string | undefined;
  events: PosEventHub;
  merchantKey: string;
  shop: () => string;
  locale: () => string;
  /** The shop's language (receipts, and the payer's default language). */
  language?: () => Language;
  timeZone: () => string;
  /** True while receipts are of the sandbox (no real money). */
  test: () => boolean;
  /** An order of the till by id, undefined when there is none. */
  order: (orderId: string) => OrderView | undefined;
  /** Where payers reach receipts: the payer listener, else the public origin, else this machine. */
  receiptOrigin: () => string;
  now: () => number;
  /** What an order's receipt says (a cart sale's full receipt), in the payer's pick when given; absent: the order's own lines. */
  receiptFacts?: (order: OrderView, payerLanguage?: Language) => ReceiptFacts;
  /** The cart and tip question on the customer display, and the whole sale of a crypto part. */
  counter?: CounterSide;
  saleOf?: (orderId: string) => DisplayCart | undefined;
  /** The sale still open in till.db when the till starts: the display shows it again after a restart. */
  openSale?: () => OrderView | undefined;
}

export interface PayerSide {
  display: DisplayFeed;
  links: ReceiptLinks;
  receiptUrl: (order: OrderView) => string;
  facts: (order: OrderView) => ReceiptFacts;
}

export function registerPayerSide(app: FastifyInstance, deps: PayerSideDeps): PayerSide {
  const links = new ReceiptLinks(deps.merchantKey);
  const receiptUrl = (order: OrderView) => `${deps.receiptOrigin()}/receipt/${links.idFor(order.orderId)}`;
  const language = () => deps.language?.() ?? languageFromLocale(deps.locale());
  const facts =
    deps.receiptFacts ??
    ((order: OrderView, picked?: Language) =>
      receiptFacts(
        order,
        deps.shop(),
        picked ? localeOf(picked) : deps.locale(),
        deps.timeZone(),
        deps.test(),
        picked ?? language(),
      ));
  const display = new DisplayFeed({
    events: deps.events,
    shop: deps.shop,
    now: deps.now,
    receiptUrl,
    ...(deps.counter ? { counter: deps.counter } : {}),
    ...(deps.saleOf ? { saleOf: deps.saleOf } : {}),
    ...(deps.openSale ? { openSale: deps.openSale } : {}),
  });
  if (!deps.dir || !registerCheckoutApp(app, deps.dir, language)) registerCheckoutPage(app);
  registerReceiptPage(app, {
    links,
    paidOrder: (orderId) => {
      const order = deps.order(orderId);
      return order?.status === 'success' ? order : undefined;
    },
    facts,
  });
  // The display's own token per start, read-only: never the PosApi's.
  if (deps.dir) registerCustomerDisplay(app, deps.dir, display, randomIds.token(32), language);
  return { display, links, receiptUrl, facts };
}
