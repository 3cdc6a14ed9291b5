/**
 * Sums of cart sales for the day review and the Z report: pure, decimal (shared/money.ts). Only paid
 * sales are summed; open and failed ones are counted apart, so a crypto part that never came in does
 * not count as takings (its cash was given back).
 */
import type { PricedCart } from '../../../shared/cart/types.js';
import { add, compare } from '../../../shared/money.js';
import type { SalesSummary, SumRow } from '../../../shared/posapi-sales.js';
import { saleStatus, type StoredSale } from './book.js';

function addTo(rows: Map<string, SumRow>, key: string, label: string, amount: string): SumRow {
  const row = rows.get(key) ?? { key, label, count: 0, amount: '0' };
  row.count += 1;
  row.amount = add(row.amount, amount);
  rows.set(key, row);
  return row;
}

export function summarize(sales: readonly StoredSale[], currency: string, symbol: string): SalesSummary {
  const tenders = new Map<string, SumRow>();
  const assets = new Map<string, SumRow>();
  const cashiers = new Map<string, SumRow & { tips: string }>();
  const rates = new Map<string, { rate: string; base: string; tax: string }>();
  const summary: SalesSummary = {
    currency,
    symbol,
    paid: 0,
    open: 0,
    failed: 0,
    saleTotal: '0',
    tips: '0',
    discounts: '0',
    taxes: '0',
    total: '0',
    tenders: [],
    cashTendered: '0',
    changeGiven: '0',
    cryptoAssets: [],
    cashiers: [],
    taxRates: [],
  };
  for (const sale of sales) {
    const status = saleStatus(sale.row.order_id, sale.orderStatus);
    if (status !== 'paid') {
      summary[status] += 1;
      continue;
    }
    const { row } = sale;
    summary.paid += 1;
    summary.saleTotal = add(summary.saleTotal, row.sale_total);
    summary.tips = add(summary.tips, row.tip);
    summary.discounts = add(summary.discounts, row.discount_total);
    summary.taxes = add(summary.taxes, row.tax_total);
    summary.total = add(summary.total, row.total);
    for (const tender of sale.tenders) {
      addTo(tenders, tender.kind, tender.kind, tender.amount);
      if (tender.kind === 'cash') {
        summary.cashTendered = add(summary.cashTendered, tender.tendered);
        summary.changeGiven = add(summary.changeGiven, tender.change);
      }
      if (tender.kind === 'crypto') addTo(assets, sale.assetId, sale.assetSymbol || sale.assetId, tender.amount);
    }
    const cashier = cashiers.get(row.cashier_id) ?? {
      key: row.cashier_id,
      label: row.cashier_name,
      count: 0,
      amount: '0',
      tips: '0',
    };
    cashier.count += 1;
    cashier.amount = add(cashier.amount, row.total);
    cashier.tips = add(cashier.tips, row.tip);
    cashiers.set(row.cashier_id, cashier);
    for (const tax of (JSON.parse(row.priced) as PricedCart).taxes) {
      const known = rates.get(tax.rate) ?? { rate: tax.rate, base: '0', tax: '0' };
      rates.set(tax.rate, { rate: tax.rate, base: add(known.base, tax.base), tax: add(known.tax, tax.tax) });
    }
  }
  const order = ['cash', 'card', 'crypto'];
  summary.tenders = [...tenders.values()].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  summary.cryptoAssets = [...assets.values()].sort((a, b) => a.label.localeCompare(b.label));
  summary.cashiers = [...cashiers.values()].sort((a, b) => a.label.localeCompare(b.label));
  summary.taxRates = [...rates.values()].sort((a, b) => compare(a.rate, b.rate));
  return summary;
}
