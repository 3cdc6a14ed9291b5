/**
 * The close of day of the whole shop (issue 20; README, "Tills and the shop server"): when the till is
 * connected to a shop server, the owner closes the shop's day, or one till's, from the server's
 * merchant report: per till and for the whole view, how many payments, what was paid per quote
 * currency and what payers paid in per payment asset, and the payments per status. Every amount is
 * the server's exact decimal sum; nothing is added up here. One report call (its totals; one item).
 */
import { stringify } from 'csv-stringify/sync';
import type { ShopAssetSum, ShopClose, ShopCloseFigures } from '../../../shared/posapi-shop.js';
import { dayOf } from '../calendar.js';
import { CSV_OPTIONS, spreadsheetSafe } from '../owner/csv.js';
import type { TillParts } from '../parts.js';
import { requirePayee } from '../settings/store.js';
import type { MerchantReport } from './report-schema.js';
import { connected, query, STATUS_ORDER, sumsOf, symbols } from './shop.js';

type Sums = MerchantReport['totals']['paidByPaymentAsset'];

export const SHOP_CLOSE_CSV_COLUMNS = ['till', 'till_id', 'payments', 'kind', 'asset_id', 'asset', 'count', 'amount'];

/** Payment assets by id as "USDT · Ethereum" (a symbol alone is ambiguous across networks); unknown ones by id. */
async function assetLabels(till: TillParts): Promise<(id: string) => string> {
  const known = new Map<string, string>();
  try {
    const { payeeId } = requirePayee(till.settings);
    for (const item of await till.link.client.paymentAssets(payeeId, till.settings.stored().quoteAssetId))
      known.set(item.assetId, item.network ? `${item.symbol} · ${item.network}` : item.symbol);
  } catch {
    // Names only: without the list, ids are shown.
  }
  return (id) => known.get(id) ?? (id || '-');
}

function receivedOf(sums: Sums, label: (id: string) => string): ShopAssetSum[] {
  return Object.entries(sums)
    .map(([assetId, sum]) => ({ assetId, label: label(assetId), amount: sum.amount, count: sum.count }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** shop.close: the day's close for the whole shop or the chosen till. */
export async function shopClose(till: TillParts, args: { day?: string; tillId: string }): Promise<ShopClose> {
  const { timeZone, scope } = connected(till);
  const day = args.day ?? dayOf(till.deps.clock.now(), timeZone);
  const report = await till.link.client.merchantReport(query(day, timeZone, args.tillId, 1, 1));
  const [symbol, label] = await Promise.all([symbols(till), assetLabels(till)]);
  const tills: ShopCloseFigures[] = Object.entries(report.totals.byTill)
    .map(([tillId, t]) => ({
      tillId,
      name: t.name,
      count: t.count,
      paid: sumsOf(t.paidByQuoteAsset, symbol),
      received: receivedOf(t.paidByPaymentAsset, label),
    }))
    .sort((a, b) => (a.tillId === '' ? 1 : b.tillId === '' ? -1 : a.name.localeCompare(b.name)));
  // With only a till key the server answers for this till alone: the total is this till's, never the shop's.
  const own = scope === 'till' ? (tills.find((t) => t.tillId !== '') ?? tills[0]) : undefined;
  const chosen = own ?? tills.find((t) => t.tillId === (args.tillId === 'none' ? '' : args.tillId));
  const whole = !args.tillId && scope === 'shop';
  return {
    day,
    tillId: args.tillId,
    scope,
    tills,
    total: {
      tillId: whole ? 'shop' : (chosen?.tillId ?? args.tillId),
      name: whole ? '' : (chosen?.name ?? ''),
      count: report.totals.count,
      paid: sumsOf(report.totals.paidByQuoteAsset, symbol),
      received: receivedOf(report.totals.paidByPaymentAsset, label),
    },
    byStatus: Object.entries(report.totals.byStatus)
      .map(([status, s]) => ({ status, count: s.count }))
      .sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status)),
  };
}

function rowsOf(figures: ShopCloseFigures, name: string): string[][] {
  const head = [name, figures.tillId, String(figures.count)];
  const rows = [
    ...figures.paid.map((s) => [...head, 'paid', s.quoteAssetId, s.symbol, String(s.count), s.amount]),
    ...figures.received.map((s) => [...head, 'received', s.assetId, s.label, String(s.count), s.amount]),
  ];
  return rows.length ? rows : [[...head, '', '', '', '0', '0']];
}

/** shop.closeExport: the close as CSV, one row per till and sum, the whole view's rows last (till "shop"). */
export async function shopCloseExport(
  till: TillParts,
  args: { day: string; tillId: string },
): Promise<{ filename: string; csv: string; rows: number }> {
  const close = await shopClose(till, args);
  const records = [
    ...close.tills.flatMap((t) => rowsOf(t, t.name || (t.tillId ? t.tillId : 'without a till'))),
    ...(close.tillId || close.scope === 'till' ? [] : rowsOf(close.total, 'shop')),
  ].map((row) => row.map(spreadsheetSafe));
  const csv = stringify([SHOP_CLOSE_CSV_COLUMNS, ...records], CSV_OPTIONS);
  const which =
    close.tillId || close.scope === 'till'
      ? `-${(close.total.name || close.total.tillId || 'till').replace(/[^\w-]+/g, '_')}`
      : '';
  return { filename: `paydesk-shop-close-${close.day}${which}.csv`, csv, rows: records.length };
}
