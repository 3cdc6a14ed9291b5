/**
 * Which facts a receipt shows, for the paper and the receipt page alike: a cart sale's full receipt when
 * the order is the crypto part of one (or the sale is asked for by id), else the order's own receipt.
 */
import type { OrderView } from '../../../shared/posapi.js';
import type { SaleView } from '../../../shared/posapi-sales.js';
import type { TillParts } from '../parts.js';
import { saleView } from '../sales/book.js';
import { inPaperLanguage } from './paper-text.js';
import { localeOf, type Language } from '../../../shared/i18n/languages.js';
import { shopLanguage, shopLocale } from '../settings/store.js';
import { paperLanguage } from '../../../shared/i18n/paper.js';
import { receiptFacts, type ReceiptFacts } from './receipt-facts.js';
import { saleReceiptFacts, type ShopOnPaper } from './sale-facts.js';

/** Minor units of the quote currencies, learnt from the gateway's list (2 until known). */
const placesOf = new Map<string, number>();

/** Learns the shop currencies' minor units before printing; offline, the ones known stay. */
export async function learnPlaces(till: TillParts): Promise<void> {
  try {
    for (const quote of await till.catalog.quotes()) placesOf.set(quote.assetId, quote.decimalDigit);
  } catch {
    // unreachable gateway: 2 places until it answers
  }
}

export function shopOnPaper(till: TillParts): ShopOnPaper {
  const stored = till.settings.stored();
  const sales = till.sales.get();
  return {
    shop: stored.shopName || stored.payee?.fullName || '',
    address: sales.shopAddress,
    taxId: sales.taxId,
    locale: shopLocale(stored),
    timeZone: stored.timeZone,
    // A sandbox receipt says so, so nobody takes it for money received.
    test: till.deps.embeddedMode === 'sandbox' && stored.gateway.kind === 'embedded',
    places: 2,
  };
}

function paperFor(till: TillParts, sale: SaleView): ShopOnPaper {
  return { ...shopOnPaper(till), places: placesOf.get(sale.currency) ?? 2 };
}

/** The shop's paper facts with the minor unit of a currency (a Z report's). */
export function paperIn(till: TillParts, currency: string): ShopOnPaper {
  return { ...shopOnPaper(till), places: placesOf.get(currency) ?? 2 };
}

export function orderOf(till: TillParts, orderId: string): OrderView | undefined {
  const row = orderId ? till.book.get(orderId) : undefined;
  return row ? till.view(row) : undefined;
}

/** The language paper speaks for this shop: its own, English for Chinese and Japanese (no ESC/POS code page). */
export function paperWords(till: TillParts, onPage = false): Language {
  const shopWords = shopLanguage(till.settings.stored());
  return onPage ? shopWords : paperLanguage(shopWords);
}

export function saleFacts(till: TillParts, sale: SaleView): ReceiptFacts {
  const language = paperWords(till);
  return inPaperLanguage(language, () => ({
    ...saleReceiptFacts(sale, orderOf(till, sale.orderId), paperFor(till, sale)),
    language,
  }));
}

/**
 * An order's receipt: its sale's when it is the crypto part of a cart sale. `payerLanguage` is the
 * language the payer picked on the receipt page: its words, and its usual way of writing amounts and dates.
 */
export function orderFacts(till: TillParts, order: OrderView, onPage = false, payerLanguage?: Language): ReceiptFacts {
  const sale = till.saleBook.byOrder(order.orderId);
  const words = payerLanguage ?? paperWords(till, onPage);
  const locale = payerLanguage ? { locale: localeOf(payerLanguage) } : {};
  if (sale) {
    const view = saleView(sale);
    const paper = { ...paperFor(till, view), ...locale };
    return inPaperLanguage(words, () => ({ ...saleReceiptFacts(view, order, paper), language: words }));
  }
  const shop = { ...shopOnPaper(till), ...locale };
  // ESC/POS has no CJK code page: those shops' paper speaks English (paperLanguage); the page keeps theirs.
  return receiptFacts(order, shop.shop, shop.locale, shop.timeZone, shop.test, words);
}
