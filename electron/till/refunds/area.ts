/**
 * Refunds at the till (issue 18; README, "Refunds"): a manager or the owner starts one from an order
 * with a reason; the gateway prepares it (the app never signs), the owner's own wallet pays it from
 * the payout QR or text, and the txid is entered (or, in TEST MODE, the simulated wallet pays). The
 * till keeps its own record (store.ts) for the day review, whose takings are shown net of refunds,
 * and for the CSV, where each refund is a row of its own linked to its order.
 */
import { add, isDecimalText, isPositive, min, remaining, subtract } from '../../../shared/money.js';
import { type DayReview } from '../../../shared/posapi.js';
import type { DayRefunds, RefundDetail, ToResolveItem } from '../../../shared/posapi-refunds.js';
import type { Refund } from '../../../shared/wire-refunds.js';
import type { Clock } from '../../platform/clock.js';
import type { GatewayClient } from '../link/gateway-client.js';
import { posErrorOf } from '../link/link.js';
import type { OrderBook, OrderRow } from '../orders/book.js';
import { parseResult } from '../orders/views.js';
import type { TillRefundRow, TillRefunds } from './store.js';
import { posError } from '../../../shared/pos-error.js';

export interface RefundAreaDeps {
  book: OrderBook;
  refunds: TillRefunds;
  client: GatewayClient;
  clock: Clock;
  dayRange: (day: string, timeZone: string) => [number, number];
}

export interface Staff {
  id: string;
  name: string;
}

/** The till's own record of a refund, as the gateway's shape (offline, or before it answered). */
function fromRecord(row: TillRefundRow): Refund {
  return {
    refundId: row.refund_id,
    traceId: row.trace_id,
    orderId: row.order_id,
    assetId: row.asset_id,
    symbol: row.symbol,
    amount: row.amount,
    network: '',
    isChain: true,
    destination: row.destination,
    tag: '',
    reason: row.reason,
    amountIn: 'asset',
    quoteAssetId: row.quote_asset_id,
    quoteSymbol: row.quote_symbol,
    quoteAsked: '',
    quoteAtOriginalRate: row.quote_value,
    quoteAtTodayRate: row.quote_today,
    originalPrice: '',
    todayPrice: '',
    status: row.status as Refund['status'],
    txid: row.txid,
    flagReason: row.flag_reason,
    withdrawnReason: '',
    confirmations: 0,
    requiredConfirmations: 0,
    payoutUri: '',
    memo: '',
    createdAt: Math.floor(row.created_at / 1000),
    updatedAt: Math.floor(row.updated_at / 1000),
  };
}

/**
 * The part of a successful order's refund (worth `value` at the payment's rate) that comes out of its
 * takings. What was paid beyond what was due (received at the payment's rate minus the order's amount)
 * never was takings, and refunds return it first, as the gateway counts them against the money to
 * resolve first: 13 received on a 10 order, refunded wholly, is 10 from takings and 3 returned.
 */
function takenFromTakings(order: OrderRow, refund: TillRefundRow, value: string, ofOrder: TillRefundRow[]): string {
  const received = parseResult(order)?.payment?.receivedQuoteAmount ?? '';
  if (!isDecimalText(received) || !isDecimalText(order.quote_amount) || !isPositive(order.quote_amount)) return value;
  // The order's refunds asked before this one (the store's order: created_at, then refund_id), counted ones.
  const earlier = ofOrder
    .filter((r) => r.status !== 'flagged' && r.status !== 'withdrawn')
    .filter(
      (r) => r.created_at < refund.created_at || (r.created_at === refund.created_at && r.refund_id < refund.refund_id),
    );
  const surplusLeft = remaining(
    remaining(received, order.quote_amount),
    add(...earlier.map((r) => r.quote_value || '0')),
  );
  return subtract(value, min(value, surplusLeft));
}

export class RefundArea {
  constructor(private readonly deps: RefundAreaDeps) {}

  private order(orderId: string): OrderRow {
    const row = this.deps.book.get(orderId);
    if (!row) throw posError('order_not_found', { orderId }, 'orderId');
    if (row.status === 'queued') throw posError('order_not_sent');
    return row;
  }

  /** The order's money to resolve and refunds; the till's own record when the gateway cannot answer. */
  async detail(orderId: string): Promise<RefundDetail> {
    const row = this.order(orderId);
    const { client, refunds, clock } = this.deps;
    try {
      const [resolve, list] = await Promise.all([client.resolve(row.trace_id), client.refunds(row.trace_id)]);
      const known = new Map(refunds.of(orderId).map((r) => [r.refund_id, r]));
      for (const refund of list) {
        const mine = known.get(refund.refundId);
        if (mine && mine.status !== refund.status)
          refunds.save(orderId, refund, { id: mine.staff_id, name: mine.staff_name }, clock.now());
      }
      return { orderId, traceId: row.trace_id, resolve, refunds: list, error: '' };
    } catch (error) {
      const message = posErrorOf(error).message;
      return {
        orderId,
        traceId: row.trace_id,
        resolve: null,
        refunds: refunds.of(orderId).map(fromRecord),
        error: message,
      };
    }
  }

  async create(
    orderId: string,
    asked: { amount: string; amountIn: string; assetId?: string; destination: string; tag?: string; reason: string },
    staff: Staff,
  ): Promise<{ refund: Refund; detail: RefundDetail }> {
    const row = this.order(orderId);
    const refund = await this.deps.client.createRefund({ traceId: row.trace_id, ...asked });
    this.deps.refunds.save(orderId, refund, staff, this.deps.clock.now());
    this.deps.book.event(
      orderId,
      this.deps.clock.now(),
      'note',
      `${staff.name} asked for a refund of ${refund.amount} ${refund.symbol}: ${refund.reason}`,
    );
    return { refund, detail: await this.detail(orderId) };
  }

  async keep(orderId: string, asked: { amount: string; assetId?: string; reason: string }, staff: Staff) {
    const row = this.order(orderId);
    await this.deps.client.keep({ traceId: row.trace_id, ...asked });
    this.deps.book.event(orderId, this.deps.clock.now(), 'note', `${staff.name} kept ${asked.amount}: ${asked.reason}`);
    return this.detail(orderId);
  }

  async sent(orderId: string, refundId: string, txid: string | undefined, staff: Staff): Promise<Refund> {
    const row = this.order(orderId);
    const { client } = this.deps;
    if ((await client.refund(refundId)).traceId !== row.trace_id) throw posError('refund_other_order', {}, 'refundId');
    const refund = txid ? await client.refundSent(refundId, txid) : await client.sandboxSendRefund(refundId);
    this.deps.refunds.save(orderId, refund, staff, this.deps.clock.now());
    return refund;
  }

  /** The owner takes back a refund to send or a flagged one (the gateway says which may be). */
  async withdraw(orderId: string, refundId: string, reason: string, staff: Staff): Promise<Refund> {
    const row = this.order(orderId);
    const { client, clock } = this.deps;
    if ((await client.refund(refundId)).traceId !== row.trace_id) throw posError('refund_other_order', {}, 'refundId');
    const refund = await client.withdrawRefund(refundId, reason);
    this.deps.refunds.save(orderId, refund, staff, clock.now());
    this.deps.book.event(
      orderId,
      clock.now(),
      'note',
      `${staff.name} withdrew the refund of ${refund.amount} ${refund.symbol}: ${reason}`,
    );
    return refund;
  }

  /** Every payment with money still to refund or keep, with the till's order when it has one. */
  async toResolve(): Promise<ToResolveItem[]> {
    const list = await this.deps.client.toResolve();
    return list.map((item) => ({ ...item, tillOrderId: this.deps.book.byTraceId(item.traceId)?.order_id ?? '' }));
  }

  /** Asks the gateway for the refunds of the day still on their way (best effort: offline, the record stays). */
  async refreshDay(day: string, timeZone: string): Promise<void> {
    const [from, to] = this.deps.dayRange(day, timeZone);
    const open = this.deps.refunds.between(from, to).filter((r) => r.status === 'to_send' || r.status === 'sent');
    for (const row of open) {
      try {
        const refund = await this.deps.client.refund(row.refund_id);
        if (refund.status !== row.status)
          this.deps.refunds.save(
            row.order_id,
            refund,
            { id: row.staff_id, name: row.staff_name },
            this.deps.clock.now(),
          );
      } catch {
        return;
      }
    }
  }

  /** The day's refunds, and takings net of the refunds of successful orders (valued at their own rate). */
  day(review: DayReview): DayRefunds {
    const [from, to] = this.deps.dayRange(review.day, review.timeZone);
    // Flagged and withdrawn refunds paid nothing out as asked: not taken from the day's takings.
    const asked = this.deps.refunds.between(from, to);
    const rows = asked.filter((r) => r.status !== 'flagged' && r.status !== 'withdrawn');
    // An order's refunds are read once however many of them fall on this day.
    const ofOrder = new Map<string, TillRefundRow[]>();
    const refundsOf = (orderId: string): TillRefundRow[] => {
      const known = ofOrder.get(orderId) ?? this.deps.refunds.of(orderId);
      ofOrder.set(orderId, known);
      return known;
    };
    const perQuote = new Map<string, DayRefunds['perQuote'][number]>();
    const entry = (quoteAssetId: string, symbol: string) => {
      const found = perQuote.get(quoteAssetId) ?? {
        quoteAssetId,
        symbol,
        takings: '0',
        refundedFromTakings: '0',
        net: '0',
        returnedNotTakings: '0',
      };
      perQuote.set(quoteAssetId, found);
      return found;
    };
    for (const q of review.totals.perQuote) entry(q.quoteAssetId, q.symbol).takings = q.total;
    for (const r of rows) {
      const e = entry(r.quote_asset_id, r.quote_symbol);
      const value = r.quote_value || '0';
      const order = this.deps.book.get(r.order_id);
      const fromTakings = order?.status === 'success' ? takenFromTakings(order, r, value, refundsOf(r.order_id)) : '0';
      e.refundedFromTakings = add(e.refundedFromTakings, fromTakings);
      e.returnedNotTakings = add(e.returnedNotTakings, subtract(value, fromTakings));
    }
    for (const e of perQuote.values()) e.net = subtract(e.takings, e.refundedFromTakings);
    return {
      perQuote: [...perQuote.values()],
      items: asked.map((r) => ({
        refundId: r.refund_id,
        orderId: r.order_id,
        createdAt: r.created_at,
        amount: r.amount,
        symbol: r.symbol,
        quoteValue: r.quote_value,
        quoteSymbol: r.quote_symbol,
        status: r.status,
        reason: r.reason,
        staffName: r.staff_name,
      })),
    };
  }

  /** Refunds asked in [fromMs, toMs) (the CSV's refund rows). */
  between(fromMs: number, toMs: number): TillRefundRow[] {
    return this.deps.refunds.between(fromMs, toMs);
  }
}
