/**
 * The merchant report (docs/api.md, "Merchant report"): the payments created in a period, for the
 * whole shop or one till, with exact totals (decimal strings summed with the money module, never
 * SQL's floating SUM) per quote currency, payment asset, status and till, and a page of the list in
 * a stable order (newest first, then trace id). Its rows come from the payments store (the one owner
 * of the table's SQL); a period is a range of the index payments_created_till.
 */
import { add } from '../../../shared/money.js';
import type { PaymentReportRow, PaymentsStore } from '../payments/store.js';
import type { TillStore } from '../tills/store.js';
import type { ReportQuery } from './range.js';

/** Statuses whose money is the shop's (paid in full; settled or about to be). */
const PAID: ReadonlySet<string> = new Set(['pending', 'auditing', 'success']);

type ReportRow = PaymentReportRow;

/** Count and exact sum of one group. */
export interface ReportSum {
  count: number;
  amount: string;
}

export interface ReportTotals {
  count: number;
  /** Quote amounts (open amounts count 0) per quote currency, every status. */
  byQuoteAsset: Record<string, ReportSum>;
  /** Paid (pending, auditing, success) quote amounts per quote currency. */
  paidByQuoteAsset: Record<string, ReportSum>;
  /** Amounts due in the payment asset per payment asset ('' before a one-time code is used). */
  byPaymentAsset: Record<string, ReportSum>;
  /** Paid (pending, auditing, success) amounts in the payment asset per payment asset: what the day took in. */
  paidByPaymentAsset: Record<string, ReportSum>;
  /** Per status: quote amounts per quote currency. */
  byStatus: Record<string, { count: number; byQuoteAsset: Record<string, ReportSum> }>;
  /** Per till ('' = merchant key or no key): its name, and paid quote amounts per quote currency. */
  byTill: Record<
    string,
    {
      name: string;
      count: number;
      paidByQuoteAsset: Record<string, ReportSum>;
      /** Its paid amounts in the payment asset per payment asset (a till's close of day). */
      paidByPaymentAsset: Record<string, ReportSum>;
    }
  >;
}

/** Amounts of one group, summed once at the end (one canonical form per group, not per row). */
interface Pending {
  count: number;
  amounts: string[];
}
type PendingGroups = Record<string, Pending>;

function addTo(groups: PendingGroups, key: string, amount: string): void {
  const group = (groups[key] ??= { count: 0, amounts: [] });
  group.count += 1;
  if (amount !== '') group.amounts.push(amount);
}

/** Exact sum of many amounts (in chunks: a spread of 100,000 arguments would overflow the stack). */
function sumOf(amounts: string[]): string {
  let total = '0';
  for (let i = 0; i < amounts.length; i += 5000) total = add(total, ...amounts.slice(i, i + 5000));
  return total;
}

function summed(groups: PendingGroups): Record<string, ReportSum> {
  return Object.fromEntries(
    Object.entries(groups).map(([key, group]) => [key, { count: group.count, amount: sumOf(group.amounts) }]),
  );
}

function totalsOf(rows: ReportRow[], tillNames: Map<string, string>): ReportTotals {
  const quote: PendingGroups = {};
  const paid: PendingGroups = {};
  const asset: PendingGroups = {};
  const status: Record<string, PendingGroups> = {};
  const till: Record<string, PendingGroups> = {};
  const paidAsset: PendingGroups = {};
  const tillAsset: Record<string, PendingGroups> = {};
  const tillCount: Record<string, number> = {};
  for (const row of rows) {
    addTo(quote, row.quote_asset_id, row.quote_amount);
    addTo(asset, row.payment_asset_id, row.payable_amount);
    addTo((status[row.status] ??= {}), row.quote_asset_id, row.quote_amount);
    tillCount[row.till_id] = (tillCount[row.till_id] ?? 0) + 1;
    const ofTill = (till[row.till_id] ??= {});
    const assetOfTill = (tillAsset[row.till_id] ??= {});
    if (PAID.has(row.status)) {
      addTo(paid, row.quote_asset_id, row.quote_amount);
      addTo(ofTill, row.quote_asset_id, row.quote_amount);
      addTo(paidAsset, row.payment_asset_id, row.payable_amount);
      addTo(assetOfTill, row.payment_asset_id, row.payable_amount);
    }
  }
  const count = (groups: PendingGroups) => Object.values(groups).reduce((n, group) => n + group.count, 0);
  return {
    count: rows.length,
    byQuoteAsset: summed(quote),
    paidByQuoteAsset: summed(paid),
    byPaymentAsset: summed(asset),
    paidByPaymentAsset: summed(paidAsset),
    byStatus: Object.fromEntries(
      Object.entries(status).map(([key, groups]) => [key, { count: count(groups), byQuoteAsset: summed(groups) }]),
    ),
    byTill: Object.fromEntries(
      Object.entries(till).map(([key, groups]) => [
        key,
        {
          name: tillNames.get(key) ?? '',
          count: tillCount[key] ?? 0,
          paidByQuoteAsset: summed(groups),
          paidByPaymentAsset: summed(tillAsset[key] ?? {}),
        },
      ]),
    ),
  };
}

const itemOf = (row: ReportRow) => ({
  traceId: row.trace_id,
  orderId: row.order_id ?? '',
  tillId: row.till_id,
  createdAt: Math.floor(row.created_at / 1000),
  status: row.status,
  quoteAssetId: row.quote_asset_id,
  quoteAmount: row.quote_amount,
  paymentAssetId: row.payment_asset_id,
  payableAmount: row.payable_amount,
  failureCode: row.failure_code,
});

export type ReportItem = ReturnType<typeof itemOf>;

export class MerchantReport {
  constructor(
    private readonly store: Pick<PaymentsStore, 'reportRows'>,
    private readonly tills: Pick<TillStore, 'list'>,
  ) {}

  /** The report for a query; `ownTill` (a till key's till) narrows it to that till whatever was asked. */
  read(query: ReportQuery) {
    const rows = this.store.reportRows({
      fromMs: query.fromS * 1000,
      toMs: query.toS * 1000,
      tillId: query.tillId === 'none' ? '' : query.tillId,
      assetId: query.assetId,
      status: query.status,
    });
    const names = new Map(this.tills.list().map((till) => [till.tillId, till.name]));
    const start = (query.page - 1) * query.pageSize;
    return {
      from: query.fromS,
      to: query.toS,
      tillId: query.tillId ?? '',
      totals: totalsOf(rows, names),
      page: query.page,
      pageSize: query.pageSize,
      pages: Math.max(1, Math.ceil(rows.length / query.pageSize)),
      items: rows.slice(start, start + query.pageSize).map(itemOf),
    };
  }
}
