/**
 * The day review (README, "The owner's day review"; who may open it: staff/permissions.ts): computed
 * from the order book (decimal-exact totals, per cashier, hourly takings, a filtered page), a payment's
 * detail with the gateway's delivery log, review decisions, redelivery, and CSV export.
 */
import { add, isZero } from '../../../shared/money.js';
import { type DayOrderRow, type DayReview, type DayTotals, type OrderDetail } from '../../../shared/posapi.js';
import type { Clock } from '../../platform/clock.js';
import type { GatewayClient } from '../link/gateway-client.js';
import type { OrderBook, OrderRow } from '../orders/book.js';
import { parseInstruction, parseResult } from '../orders/views.js';
import type { TillSettingsStore } from '../settings/store.js';
import type { TillRefundRow } from '../refunds/store.js';
import { csvOf, type SaleCsvFacts } from './csv.js';
import { posError } from '../../../shared/pos-error.js';

const PAGE_SIZE = 50;

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The hour (0-23) of an instant in a time zone; formatters are costly to make, so one per zone. */
function hourIn(ms: number, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(new Date(ms))) % 24;
}

/** The few result fields the day review needs; stored results were validated when they arrived. */
function storedFigures(row: OrderRow): { paymentAmount: string; paymentSymbol: string } {
  if (!row.result) return { paymentAmount: '0', paymentSymbol: '' };
  const result = JSON.parse(row.result) as { paymentAmount?: unknown; paymentSymbol?: unknown };
  return {
    paymentAmount: typeof result.paymentAmount === 'string' && result.paymentAmount ? result.paymentAmount : '0',
    paymentSymbol: typeof result.paymentSymbol === 'string' ? result.paymentSymbol : '',
  };
}

export interface OwnerDeps {
  book: OrderBook;
  settings: TillSettingsStore;
  client: GatewayClient;
  clock: Clock;
  dayRange: (day: string, timeZone: string) => [number, number];
  dayOf: (ms: number, timeZone: string) => string;
  /** Applies a fresh gateway result to an order (the till's own path, so views stay consistent). */
  applyResult: (row: OrderRow, result: NonNullable<ReturnType<typeof parseResult>>) => void;
  orderView: (row: OrderRow) => OrderDetail['order'];
  /** The payment asset's network when the till knows it ("Lightning", "Ethereum"); '' otherwise. */
  networkOf?: (assetId: string) => string;
  /** The gateway's clock minus the till's (ms): the sandbox clock may run ahead. */
  gatewayOffsetMs?: () => number;
  /** Refunds asked in [from, to) (the CSV's refund rows). */
  refundsBetween?: (fromMs: number, toMs: number) => TillRefundRow[];
  /** The cart sale an order is the crypto part of (the CSV's tender, tip, discount and tax columns). */
  saleOf?: (orderId: string) => SaleCsvFacts | undefined;
}

type CashierTotal = DayTotals['perCashier'][number];

/** Adds a successful order to its cashier's takings in its quote currency. */
function addToCashier(totals: Map<string, CashierTotal>, row: OrderRow): void {
  const key = `${row.cashier_id}\u0000${row.quote_asset_id}`;
  const entry = totals.get(key) ?? {
    cashierId: row.cashier_id,
    cashierName: row.cashier_name,
    quoteAssetId: row.quote_asset_id,
    symbol: row.quote_symbol,
    total: '0',
    count: 0,
  };
  entry.total = add(entry.total, row.quote_amount);
  entry.count += 1;
  totals.set(key, entry);
}

/** The day review's filters (all optional): status, asset, method, cashier, and a search in ids and notes. */
interface DayFilter {
  status?: string;
  assetId?: string;
  method?: 'wallet' | 'chain';
  search?: string;
  cashierId?: string;
}

function matchesFilter(row: OrderRow, filter: DayFilter): boolean {
  const search = filter.search?.toLowerCase();
  return (
    (!filter.status || row.status === filter.status) &&
    (!filter.assetId || row.payment_asset_id === filter.assetId) &&
    (!filter.method || (filter.method === 'chain') === (row.is_chain === 1)) &&
    (filter.cashierId === undefined || row.cashier_id === filter.cashierId) &&
    (!search ||
      row.order_id.toLowerCase().includes(search) ||
      row.trace_id.toLowerCase().includes(search) ||
      row.note.toLowerCase().includes(search))
  );
}

export class OwnerArea {
  constructor(private readonly deps: OwnerDeps) {}

  /** The asset an order asked for, named as the totals name it (with its network when it has one). */
  private assetOf(row: OrderRow): { assetId: string; symbol: string } {
    const symbol = this.rowView(row).paymentSymbol || row.payment_asset_id.slice(0, 8);
    const network = this.deps.networkOf?.(row.payment_asset_id) ?? '';
    return { assetId: row.payment_asset_id, symbol: network ? `${symbol} (${network})` : symbol };
  }

  private rowView(row: OrderRow): DayOrderRow {
    const result = parseResult(row);
    const instruction = parseInstruction(row);
    return {
      orderId: row.order_id,
      traceId: row.trace_id,
      createdAt: row.created_at,
      quoteAmount: row.quote_amount,
      quoteSymbol: row.quote_symbol,
      paymentAssetId: row.payment_asset_id,
      paymentSymbol: result?.paymentSymbol || instruction?.paymentAssetSymbol || '',
      paidAmount: result?.paymentAmount || '0',
      isChain: row.is_chain === 1,
      status: row.status,
      mismatch: row.mismatch,
      cashierId: row.cashier_id,
      cashierName: row.cashier_name,
      note: row.note,
      failedWithMoney: row.status === 'failed' && !isZero(result?.paymentAmount || '0'),
    };
  }

  day(args: DayFilter & { day?: string; page?: number }): DayReview {
    const { timeZone, quoteAssetId } = this.deps.settings.stored();
    const day = args.day ?? this.deps.dayOf(this.deps.clock.now(), timeZone);
    const [from, to] = this.deps.dayRange(day, timeZone);
    const rows = this.deps.book.list(from, to);
    const perQuote = new Map<string, { quoteAssetId: string; symbol: string; total: string; count: number }>();
    const perAsset = new Map<string, { assetId: string; symbol: string; total: string; count: number }>();
    const perStatus: Record<string, number> = {};
    const perCashier = new Map<string, CashierTotal>();
    const hourly = Array.from({ length: 24 }, (_, hour) => ({ hour, total: '0', count: 0 }));
    let hourlySymbol = quoteAssetId.toUpperCase();
    // Every asset an order of the day asked for, paid or not: the list's asset filter offers them all.
    const assets = new Map<string, { assetId: string; symbol: string }>();
    for (const row of rows) {
      perStatus[row.status] = (perStatus[row.status] ?? 0) + 1;
      if (row.payment_asset_id && !assets.has(row.payment_asset_id))
        assets.set(row.payment_asset_id, this.assetOf(row));
      if (row.status !== 'success') continue;
      addToCashier(perCashier, row);
      const q = perQuote.get(row.quote_asset_id) ?? {
        quoteAssetId: row.quote_asset_id,
        symbol: row.quote_symbol,
        total: '0',
        count: 0,
      };
      q.total = add(q.total, row.quote_amount);
      q.count += 1;
      perQuote.set(row.quote_asset_id, q);
      const result = storedFigures(row);
      const paid = result.paymentAmount;
      // The same symbol on two networks (BTC on Bitcoin and on Lightning) are two lines: say which.
      const network = this.deps.networkOf?.(row.payment_asset_id) ?? '';
      const a = perAsset.get(row.payment_asset_id) ?? {
        assetId: row.payment_asset_id,
        symbol: network ? `${result.paymentSymbol} (${network})` : result.paymentSymbol,
        total: '0',
        count: 0,
      };
      a.total = add(a.total, paid);
      a.count += 1;
      perAsset.set(row.payment_asset_id, a);
      if (row.quote_asset_id === quoteAssetId) {
        hourlySymbol = row.quote_symbol;
        const slot = hourly[hourIn(row.ended_at || row.created_at, timeZone)]!;
        slot.total = add(slot.total, row.quote_amount);
        slot.count += 1;
      }
    }
    const filtered = rows.filter((row) => matchesFilter(row, args));
    const page = args.page ?? 0;
    return {
      day,
      timeZone,
      totals: {
        perQuote: [...perQuote.values()],
        perAsset: [...perAsset.values()],
        perStatus,
        hourly,
        hourlyCurrency: hourlySymbol,
        perCashier: [...perCashier.values()],
      },
      assets: [...assets.values()].sort((a, b) => a.symbol.localeCompare(b.symbol)),
      orders: filtered.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((row) => this.rowView(row)),
      matching: filtered.length,
      page,
      pageSize: PAGE_SIZE,
      reviewQueue: this.deps.book.auditing().map((row) => this.rowView(row)),
    };
  }

  async detail(orderId: string): Promise<OrderDetail> {
    let row = this.deps.book.get(orderId);
    if (!row) throw posError('order_not_found', { orderId }, 'orderId');
    let fresh: ReturnType<typeof parseResult>;
    if (row.status !== 'queued') {
      try {
        fresh = await this.deps.client.result(row.trace_id);
        this.deps.applyResult(row, fresh);
        row = this.deps.book.get(orderId)!;
      } catch {
        // Offline: show what the order book knows.
      }
    }
    // The gateway's answer lists every transaction it saw, whatever the status (an ended order's
    // stored result may be the cancel's, which has none).
    const result = fresh ?? parseResult(row);
    let deliveries: OrderDetail['deliveries'] = [];
    let deliveriesError = '';
    if (row.callback_url && row.status !== 'queued') {
      try {
        // Delivery times come on the gateway's clock; the detail shows every time on the till's.
        const offset = this.deps.gatewayOffsetMs?.() ?? 0;
        deliveries = (await this.deps.client.callbacks(row.trace_id)).map((d) => ({
          ...d,
          nextAttemptAt: d.nextAttemptAt === null ? null : d.nextAttemptAt - offset,
          attempts: d.attempts.map((a) => ({ ...a, at: a.at - offset })),
        }));
      } catch (error) {
        deliveriesError = error instanceof Error ? error.message : String(error);
      }
    }
    return {
      order: this.deps.orderView(row),
      settlement: {
        status: result?.settleStatus ?? '',
        amount: result?.settleAmount ?? '',
        symbol: result?.settleSymbol ?? '',
        assetId: result?.settleAsset ?? '',
      },
      transactions: (result?.transactions ?? []).map((t) => ({
        txid: t.txid,
        amount: t.paymentAmount,
        symbol: t.paymentAssetSymbol,
        confirmations: t.confirmations,
        requiredConfirmations: t.requiredConfirms,
        explorerUrl: t.blockExplorerUrl,
        seenAt: t.broadcastAt,
      })),
      deliveries,
      deliveriesError,
    };
  }

  async review(orderId: string, decision: 'approve' | 'reject', reason: string, by: string): Promise<OrderDetail> {
    const row = this.deps.book.get(orderId);
    if (!row) throw posError('order_not_found', { orderId }, 'orderId');
    if (row.status !== 'auditing') throw posError('not_under_review', { status: row.status });
    await this.deps.client.review(row.trace_id, decision, reason, by);
    this.deps.book.event(
      orderId,
      this.deps.clock.now(),
      'note',
      `${by} ${decision === 'approve' ? 'approved' : 'rejected'} after review: ${reason}`,
    );
    return this.detail(orderId);
  }

  async redeliver(orderId: string, deliveryId: string): Promise<OrderDetail> {
    await this.deps.client.redeliver(deliveryId);
    return this.detail(orderId);
  }

  exportCsv(fromDay: string, toDay: string): { filename: string; csv: string; rows: number } {
    const { timeZone } = this.deps.settings.stored();
    if (fromDay > toDay) throw posError('from_after_to', {}, 'from');
    const [from] = this.deps.dayRange(fromDay, timeZone);
    const [, to] = this.deps.dayRange(toDay, timeZone);
    const rows = this.deps.book.list(from, to).reverse();
    const refunds = this.deps.refundsBetween?.(from, to) ?? [];
    const csv = csvOf(rows, timeZone, refunds, this.deps.saleOf);
    const filename = `paydesk-${fromDay}${fromDay === toDay ? '' : `-to-${toDay}`}.csv`;
    return { filename, csv, rows: rows.length + refunds.length };
  }
}
