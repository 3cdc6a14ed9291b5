/**
 * The owner's CSV export (README, "The owner's day review"): RFC 4180 (commas, CRLF, quoted when
 * needed), one row per order created in the range, oldest first, times in ISO-8601 with the shop's
 * offset, and cells a spreadsheet would run as a formula written as text.
 */
import { stringify } from 'csv-stringify/sync';
import type { OrderRow } from '../orders/book.js';
import { parseInstruction, parseResult } from '../orders/views.js';
import { wallClock } from '../calendar.js';
import type { TillRefundRow } from '../refunds/store.js';

/** CSV columns, in order (README, "The owner's day review"). */
export const CSV_COLUMNS = [
  'order_id',
  'trace_id',
  'created_at',
  'status',
  'quote_amount',
  'quote_currency',
  'payment_asset_id',
  'payment_symbol',
  'paid_amount',
  'payable_amount',
  'method',
  'failure_code',
  'failure_reason',
  'settle_status',
  'ended_at',
  'note',
  'mismatch',
  'cashier',
  'price',
  'price_source',
  'price_at',
  'received_quote_value',
  // Refund rows (issue 18): the refund's id; '' on order rows.
  'refund_id',
  // The cart sale an order is the crypto part of (README, "Orders CSV"): '' for a Charge-screen payment.
  'sale_id',
  'tenders',
  'tip',
  'discount',
  'tax',
] as const;

/** What the orders CSV says of the cart sale an order belongs to. */
export interface SaleCsvFacts {
  saleId: string;
  /** Every tender of the sale: "cash 2 (tendered 5, change 3); card 1.2 (T-42); crypto 4.5". */
  tenders: string;
  tip: string;
  discount: string;
  tax: string;
}

/** The sale columns of an order row: its sale's, or a plain crypto payment's. */
function saleCells(row: OrderRow, saleOf: ((orderId: string) => SaleCsvFacts | undefined) | undefined): string[] {
  const sale = saleOf?.(row.order_id);
  if (!sale) return ['', `crypto ${row.quote_amount}`, '', '', ''];
  return [sale.saleId, sale.tenders, sale.tip, sale.discount, sale.tax];
}

/**
 * A text cell a spreadsheet would read as a formula (OWASP "CSV injection") gets a leading
 * apostrophe. A plain decimal number is left alone: it cannot hold a formula, and amounts must stay
 * numbers (they are never negative here, so in practice this keeps "12.50" and "40000" as they are).
 */
export function spreadsheetSafe(cell: string): string {
  if (!/^[=+\-@\t\r]/.test(cell) || /^[+-]?\d+(\.\d+)?$/.test(cell)) return cell;
  return `'${cell}`;
}

/** ISO-8601 with the shop's offset, e.g. 2026-11-23T14:05:09+01:00. */
export function isoInZone(ms: number, timeZone: string): string {
  const c = wallClock(ms, timeZone);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}:${c.second}${c.offset}`;
}

function recordOf(row: OrderRow, timeZone: string, saleOf?: (orderId: string) => SaleCsvFacts | undefined): string[] {
  const result = parseResult(row);
  const instruction = parseInstruction(row);
  return [
    row.order_id,
    row.trace_id,
    isoInZone(row.created_at, timeZone),
    row.status,
    row.quote_amount,
    row.quote_symbol,
    row.payment_asset_id,
    result?.paymentSymbol || instruction?.paymentAssetSymbol || '',
    result?.paymentAmount || '0',
    result?.payableAmount || instruction?.paymentAmount || '',
    row.is_chain === 1 ? 'chain' : 'wallet',
    result ? String(result.failureCode) : '0',
    result?.failureReason ?? row.last_error,
    result?.settleStatus ?? '',
    row.ended_at ? isoInZone(row.ended_at, timeZone) : '',
    row.note,
    row.mismatch,
    row.cashier_name,
    // The rate that priced the payment and what was received at it (the accountant's figure).
    result?.payment?.price ?? '',
    result?.payment?.priceSource ?? '',
    result?.payment?.priceAt ? isoInZone(result.payment.priceAt * 1000, timeZone) : '',
    result?.payment?.receivedQuoteAmount ?? '',
    '',
    ...saleCells(row, saleOf),
  ];
}

/**
 * A refund's own row, linked to its order by order_id and trace_id: status `refund_<status>`, the
 * amounts negative (money out), the reason as the note and who asked as the cashier.
 */
function refundRecordOf(row: TillRefundRow, timeZone: string): string[] {
  const negative = (amount: string) => (amount === '' || amount === '0' ? amount : `-${amount}`);
  return [
    row.order_id,
    row.trace_id,
    isoInZone(row.created_at, timeZone),
    `refund_${row.status}`,
    negative(row.quote_value),
    row.quote_symbol,
    row.asset_id,
    row.symbol,
    negative(row.amount),
    '',
    row.txid ? `txid ${row.txid}` : '',
    '',
    row.flag_reason,
    '',
    '',
    row.reason,
    '',
    row.staff_name,
    '',
    '',
    '',
    '',
    row.refund_id,
    '',
    '',
    '',
    '',
    '',
  ];
}

/** RFC 4180 as the exports write it: CRLF, and quotes only where a cell needs them. */
export const CSV_OPTIONS = { record_delimiter: '\r\n', quoted_match: /[",\r\n]/ } as const;

/** The CSV text of these orders (oldest first), with its header row. */
export function csvOf(
  rows: readonly OrderRow[],
  timeZone: string,
  refunds: readonly TillRefundRow[] = [],
  saleOf?: (orderId: string) => SaleCsvFacts | undefined,
): string {
  return stringify([Array.from(CSV_COLUMNS)], CSV_OPTIONS) + csvBodyOf(rows, timeZone, refunds, saleOf);
}

/** The CSV records of these orders (then refunds) without the header row (the book export writes them page by page). */
export function csvBodyOf(
  rows: readonly OrderRow[],
  timeZone: string,
  refunds: readonly TillRefundRow[] = [],
  saleOf?: (orderId: string) => SaleCsvFacts | undefined,
): string {
  const records = [
    ...rows.map((row) => recordOf(row, timeZone, saleOf)),
    ...refunds.map((row) => refundRecordOf(row, timeZone)),
  ].map((record) => record.map(spreadsheetSafe));
  return stringify(records, CSV_OPTIONS);
}
