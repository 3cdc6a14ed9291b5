/**
 * A cart sale's receipt (issue 17's receipts) as ReceiptFacts, for the paper and the receipt page alike:
 * the shop's address and tax id, the lines with their discounts, the tax breakdown, the tip, every tender
 * with the change, who served; the crypto part's asset and network when there is one.
 */
import { isZero, toFixedPlaces } from '../../../shared/money.js';
import type { OrderView } from '../../../shared/posapi.js';
import type { SaleView, TenderView } from '../../../shared/posapi-sales.js';
import { paper, paperLanguageNow } from './paper-text.js';
import { orderPaidLines, shopDate, type ReceiptFacts, type ReceiptLine } from './receipt-facts.js';

export interface ShopOnPaper {
  shop: string;
  address: string;
  taxId: string;
  locale: string;
  timeZone: string;
  /** A sandbox receipt: says so. */
  test: boolean;
  /** The shop currency's minor unit (2 for USD, 0 for JPY). */
  places: number;
}

function moneyOf(sale: SaleView, places: number): (amount: string) => string {
  return (amount: string) => `${toFixedPlaces(amount || '0', places)} ${sale.symbol}`;
}

function itemLines(sale: SaleView, money: (a: string) => string): ReceiptLine[] {
  return sale.priced.lines.flatMap((line) => [
    { label: `${line.quantity} x ${line.name}`, value: money(line.gross) },
    ...(!isZero(line.discount) ? [{ label: paper('lineDiscount'), value: `-${money(line.discount)}` }] : []),
  ]);
}

function totalLines(sale: SaleView, money: (a: string) => string): ReceiptLine[] {
  const p = sale.priced;
  const lines: ReceiptLine[] = [{ label: paper('subtotal'), value: money(p.subtotal) }];
  if (!isZero(p.discountTotal)) lines.push({ label: paper('discounts'), value: `-${money(p.discountTotal)}` });
  for (const tax of p.taxes)
    lines.push({
      label: paper(p.taxMode === 'included' ? 'taxIncluded' : 'taxAdded', { rate: tax.rate, base: money(tax.base) }),
      value: money(tax.tax),
    });
  if (!isZero(p.tip)) {
    lines.push({ label: paper('saleTotal'), value: money(p.saleTotal) });
    lines.push({ label: paper('tip'), value: money(p.tip) });
  }
  lines.push({ label: paper('grandTotal'), value: money(p.total) });
  return lines;
}

function tenderLines(tender: TenderView, order: OrderView | undefined, money: (a: string) => string): ReceiptLine[] {
  switch (tender.kind) {
    case 'cash':
      return [
        { label: paper('cash'), value: money(tender.amount) },
        { label: paper('handedOver'), value: money(tender.tendered) },
        { label: paper('change'), value: money(tender.change) },
      ];
    case 'card':
      return [{ label: paper('card', { reference: tender.reference }), value: money(tender.amount) }];
    case 'crypto':
      return [
        { label: paper('crypto'), value: money(tender.amount) },
        { label: paper('order'), value: tender.reference },
        // In the receipt's language (was English on every receipt); amounts in the plain decimals of its other lines.
        ...(order ? orderPaidLines(order, paperLanguageNow()) : []),
      ];
  }
}

const STATUS = { paid: 'statusPaid', open: 'statusOpen', failed: 'statusFailed' } as const;

export function saleReceiptFacts(sale: SaleView, order: OrderView | undefined, shop: ShopOnPaper): ReceiptFacts {
  const money = moneyOf(sale, shop.places);
  const lines: ReceiptLine[] = [
    { label: paper('date'), value: shopDate(sale.createdAt, shop.locale, shop.timeZone) },
    { label: paper('sale'), value: sale.saleId },
    { label: paper('status'), value: paper(STATUS[sale.status]) },
  ];
  if (sale.cashierName) lines.push({ label: paper('servedBy'), value: sale.cashierName });
  const head = [shop.address, shop.taxId ? paper('taxId', { id: shop.taxId }) : ''].filter((line) => line !== '');
  return {
    shop: shop.shop,
    test: shop.test,
    lines,
    head,
    groups: [
      itemLines(sale, money),
      totalLines(sale, money),
      sale.tenders.flatMap((tender) => tenderLines(tender, order, money)),
    ],
  };
}
