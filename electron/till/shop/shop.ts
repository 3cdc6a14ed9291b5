/**
 * The whole-shop view (README, "Tills and the shop server"): when the till is connected to a shop
 * server (a hosted gateway), the owner's review reads the server's merchant report for a shop day
 * (its instants in the shop's time zone), the whole shop or one till, and can export it as CSV. With
 * only a till key the server answers for this till alone (scope 'till'). Amounts stay the server's
 * exact decimal strings.
 */
import { stringify } from 'csv-stringify/sync';
import type { ShopPayment, ShopReport, ShopSum, ShopTill } from '../../../shared/posapi-shop.js';
import { dayOf, dayRange } from '../calendar.js';
import { CSV_OPTIONS, isoInZone, spreadsheetSafe } from '../owner/csv.js';
import type { TillParts } from '../parts.js';
import type { MerchantReport } from './report-schema.js';
import { posError } from '../../../shared/pos-error.js';

/** Page size of the view; the CSV reads every page at the server's largest. */
export const SHOP_PAGE_SIZE = 50;
const EXPORT_PAGE_SIZE = 500;
export const STATUS_ORDER = ['unpaid', 'confirming', 'paid_less', 'pending', 'auditing', 'success', 'failed'];

export const SHOP_CSV_COLUMNS = [
  'created_at',
  'till',
  'till_id',
  'order_id',
  'trace_id',
  'status',
  'quote_amount',
  'quote_currency',
  'payment_asset_id',
  'payable_amount',
  'failure_code',
] as const;

type Sums = Record<string, { count: number; amount: string }>;

export function connected(till: TillParts): { timeZone: string; scope: 'shop' | 'till' } {
  const stored = till.settings.stored();
  if (stored.gateway.kind !== 'hosted') throw posError('shop_server_needed');
  return { timeZone: stored.timeZone, scope: stored.gateway.merchantKey ? 'shop' : 'till' };
}

/** Quote currencies by id as the till names them ("USD"); unknown ones by their id. */
export async function symbols(till: TillParts): Promise<(id: string) => string> {
  const known = new Map<string, string>();
  try {
    for (const quote of await till.catalog.quotes()) known.set(quote.assetId, quote.symbol);
  } catch {
    // Names only: without the list, ids are shown.
  }
  return (id) => known.get(id) ?? id.toUpperCase();
}

export function sumsOf(sums: Sums, symbol: (id: string) => string): ShopSum[] {
  return Object.entries(sums)
    .map(([quoteAssetId, sum]) => ({
      quoteAssetId,
      symbol: symbol(quoteAssetId),
      amount: sum.amount,
      count: sum.count,
    }))
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
}

function tillsOf(report: MerchantReport, symbol: (id: string) => string): ShopTill[] {
  return Object.entries(report.totals.byTill)
    .map(([tillId, till]) => ({
      tillId,
      name: till.name,
      count: till.count,
      paid: sumsOf(till.paidByQuoteAsset, symbol),
    }))
    .sort((a, b) => (a.tillId === '' ? 1 : b.tillId === '' ? -1 : a.name.localeCompare(b.name)));
}

export function query(day: string, timeZone: string, tillId: string, page: number, pageSize: number) {
  const [from, to] = dayRange(day, timeZone);
  return {
    from: Math.floor(from / 1000),
    to: Math.floor(to / 1000),
    ...(tillId ? { tillId } : {}),
    page,
    pageSize,
  };
}

function itemOf(item: MerchantReport['items'][number], names: Map<string, string>, symbol: (id: string) => string) {
  return {
    traceId: item.traceId,
    orderId: item.orderId,
    tillId: item.tillId,
    tillName: names.get(item.tillId) ?? '',
    createdAt: item.createdAt * 1000,
    status: item.status,
    quoteAssetId: item.quoteAssetId,
    symbol: symbol(item.quoteAssetId),
    quoteAmount: item.quoteAmount,
  } satisfies ShopPayment;
}

/** shop.report: the day's figures and one page of its payments, for the whole shop or one till. */
export async function shopReport(
  till: TillParts,
  args: { day?: string; tillId: string; page: number },
): Promise<ShopReport> {
  const { timeZone, scope } = connected(till);
  const day = args.day ?? dayOf(till.deps.clock.now(), timeZone);
  const client = till.link.client;
  const view = await client.merchantReport(query(day, timeZone, args.tillId, args.page, SHOP_PAGE_SIZE));
  // The filter lists every till of the day, also while one is chosen.
  const whole = args.tillId ? await client.merchantReport(query(day, timeZone, '', 1, 1)) : view;
  const symbol = await symbols(till);
  const tills = tillsOf(whole, symbol);
  const names = new Map(tills.map((t) => [t.tillId, t.name]));
  return {
    day,
    tillId: args.tillId,
    scope,
    tills,
    count: view.totals.count,
    paid: sumsOf(view.totals.paidByQuoteAsset, symbol),
    byStatus: Object.entries(view.totals.byStatus)
      .map(([status, s]) => ({ status, count: s.count }))
      .sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status)),
    items: view.items.map((item) => itemOf(item, names, symbol)),
    page: view.page,
    pages: view.pages,
  };
}

/** shop.export: every payment of the view, oldest first, RFC 4180 with the shop's offset in times. */
export async function shopExport(
  till: TillParts,
  args: { day: string; tillId: string },
): Promise<{ filename: string; csv: string; rows: number }> {
  const { timeZone } = connected(till);
  const client = till.link.client;
  const items: MerchantReport['items'] = [];
  const names = new Map<string, string>();
  for (let page = 1; ; page += 1) {
    const answer = await client.merchantReport(query(args.day, timeZone, args.tillId, page, EXPORT_PAGE_SIZE));
    for (const [tillId, t] of Object.entries(answer.totals.byTill)) names.set(tillId, t.name);
    items.push(...answer.items);
    if (page >= answer.pages) break;
  }
  const records = items
    .reverse()
    .map((item) =>
      [
        isoInZone(item.createdAt * 1000, timeZone),
        names.get(item.tillId) ?? '',
        item.tillId,
        item.orderId,
        item.traceId,
        item.status,
        item.quoteAmount,
        item.quoteAssetId,
        item.paymentAssetId,
        item.payableAmount,
        item.failureCode,
      ].map(spreadsheetSafe),
    );
  const csv = stringify([[...SHOP_CSV_COLUMNS], ...records], CSV_OPTIONS);
  const tillName = names.get(args.tillId === 'none' ? '' : args.tillId) || args.tillId;
  const which = args.tillId ? `-${tillName.replace(/[^\w-]+/g, '_')}` : '';
  return { filename: `paydesk-shop-${args.day}${which}.csv`, csv, rows: records.length };
}
