/**
 * The cart sales as CSV (README, "Selling with a cart"): one row per sale created in the range,
 * oldest first, with its sums, tip and tenders; RFC 4180 and the formula guard, as the orders' CSV.
 * A sale's crypto part is also a row of the orders' CSV (its `crypto_order_id`).
 */
import { stringify } from 'csv-stringify/sync';
import { add } from '../../../shared/money.js';
import { isoInZone, spreadsheetSafe, type SaleCsvFacts } from '../owner/csv.js';
import { saleStatus, type StoredSale } from './book.js';

export const SALES_CSV_COLUMNS = [
  'sale_id',
  'created_at',
  'status',
  'cashier',
  'currency',
  'lines',
  'subtotal',
  'discounts',
  'taxes',
  'sale_total',
  'tip',
  'total',
  'cash',
  'cash_tendered',
  'change',
  'card',
  'card_reference',
  'crypto',
  'crypto_asset',
  'crypto_order_id',
  'shift_id',
] as const;

function recordOf(sale: StoredSale, timeZone: string): string[] {
  const { row } = sale;
  const sum = (kind: string, field: 'amount' | 'tendered' | 'change') =>
    add('0', ...sale.tenders.filter((t) => t.kind === kind).map((t) => t[field] || '0'));
  const card = sale.tenders.find((t) => t.kind === 'card');
  const lines = (JSON.parse(row.priced) as { lines: unknown[] }).lines.length;
  return [
    row.sale_id,
    isoInZone(row.created_at, timeZone),
    saleStatus(row.order_id, sale.orderStatus),
    row.cashier_name,
    row.symbol,
    String(lines),
    row.subtotal,
    row.discount_total,
    row.tax_total,
    row.sale_total,
    row.tip,
    row.total,
    sum('cash', 'amount'),
    sum('cash', 'tendered'),
    sum('cash', 'change'),
    sum('card', 'amount'),
    card?.reference ?? '',
    sum('crypto', 'amount'),
    sale.assetSymbol,
    row.order_id,
    row.shift_id,
  ];
}

/** A sale as the orders CSV describes it beside its crypto part (owner/csv.ts). */
export function saleCsvFacts(sale: StoredSale | undefined): SaleCsvFacts | undefined {
  if (!sale) return undefined;
  const tenders = sale.tenders
    .map((t) => {
      if (t.kind === 'cash') return `cash ${t.amount} (tendered ${t.tendered}, change ${t.change})`;
      if (t.kind === 'card') return `card ${t.amount} (${t.reference})`;
      return `crypto ${t.amount}`;
    })
    .join('; ');
  const { row } = sale;
  return { saleId: row.sale_id, tenders, tip: row.tip, discount: row.discount_total, tax: row.tax_total };
}

export function salesCsv(sales: readonly StoredSale[], timeZone: string): string {
  const records = sales.map((sale) => recordOf(sale, timeZone).map(spreadsheetSafe));
  return stringify([Array.from(SALES_CSV_COLUMNS), ...records], { record_delimiter: '\r\n', quoted_match: /[",\r\n]/ });
}
