/**
 * The order book in till.db: every order with its identifiers, terms, latest instruction and result,
 * and a history of what happened. This module holds all SQL on the `orders` and `order_events` tables
 * (docs/architecture.md, "Persistence and migrations"); status changes are written only by the order
 * writer (orders/writer.ts), through the order machine.
 */
import type { OrderEventView, OrderStatus } from '../../../shared/posapi.js';
import { columnUpdater, type Db } from '../../platform/db.js';

export interface OrderRow {
  order_id: string;
  trace_id: string;
  payee_id: string;
  quote_asset_id: string;
  quote_symbol: string;
  quote_amount: string;
  payment_asset_id: string;
  is_chain: number;
  settlement_asset_id: string;
  note: string;
  callback_url: string;
  status: OrderStatus;
  instruction: string;
  transfer_trace: string;
  result: string;
  mismatch: string;
  last_error: string;
  created_at: number;
  updated_at: number;
  ended_at: number;
  /** Who rang it up: the account and its display name at the time ('' before staff accounts). */
  cashier_id: string;
  cashier_name: string;
  /** The order's deadline (ms, till clock), sent to the gateway; 0 when none. */
  pay_by: number;
  /** The asset facts (views.ts `AssetFacts`, JSON) the instruction was described with; '' when unknown. */
  asset_facts: string;
}

export type NewOrder = Omit<
  OrderRow,
  'instruction' | 'transfer_trace' | 'result' | 'mismatch' | 'last_error' | 'ended_at' | 'status' | 'asset_facts'
>;

export class OrderBook {
  private readonly insertOrder;
  private readonly byId;
  private readonly byTrace;
  private readonly byOrderAndPayee;
  private readonly openRows;
  private readonly queuedCount;
  private readonly between;
  private readonly betweenAll;
  private readonly auditingRows;
  private readonly insertEvent;
  private readonly eventsOf;
  private readonly updateColumns;

  constructor(readonly db: Db) {
    this.insertOrder = db.prepare(
      `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id, is_chain, settlement_asset_id, note, callback_url, status, created_at, updated_at, cashier_id, cashier_name, pay_by)
       VALUES (@order_id, @trace_id, @payee_id, @quote_asset_id, @quote_symbol, @quote_amount, @payment_asset_id, @is_chain, @settlement_asset_id, @note, @callback_url, @status, @created_at, @updated_at, @cashier_id, @cashier_name, @pay_by)`,
    );
    this.byId = db.prepare('SELECT * FROM orders WHERE order_id = ?');
    this.byTrace = db.prepare('SELECT * FROM orders WHERE trace_id = ?');
    this.byOrderAndPayee = db.prepare('SELECT * FROM orders WHERE order_id = ? AND payee_id = ?');
    this.openRows = db.prepare("SELECT * FROM orders WHERE status NOT IN ('success', 'failed') ORDER BY created_at");
    this.queuedCount = db.prepare("SELECT count(*) FROM orders WHERE status = 'queued'").pluck();
    this.between = db.prepare(
      'SELECT * FROM orders WHERE created_at >= ? AND created_at < ? ORDER BY created_at DESC LIMIT ?',
    );
    this.betweenAll = db.prepare(
      'SELECT * FROM orders WHERE created_at >= ? AND created_at < ? ORDER BY created_at DESC',
    );
    this.auditingRows = db.prepare("SELECT * FROM orders WHERE status = 'auditing' ORDER BY created_at");
    this.insertEvent = db.prepare('INSERT INTO order_events (order_id, at, kind, text) VALUES (?, ?, ?, ?)');
    this.eventsOf = db.prepare('SELECT at, kind, text FROM order_events WHERE order_id = ? ORDER BY id');
    this.updateColumns = columnUpdater<OrderRow>(db, 'orders', 'order_id');
  }

  /** Writes a new order in its first status; the order writer adds its history and due work in the same transaction. */
  insert(order: NewOrder, status: OrderStatus): void {
    this.insertOrder.run({ ...order, status });
  }

  get(orderId: string): OrderRow | undefined {
    return this.byId.get(orderId) as OrderRow | undefined;
  }

  byTraceId(traceId: string): OrderRow | undefined {
    return this.byTrace.get(traceId) as OrderRow | undefined;
  }

  byOrder(orderId: string, payeeId: string): OrderRow | undefined {
    return this.byOrderAndPayee.get(orderId, payeeId) as OrderRow | undefined;
  }

  /** Orders not ended (queued ones too), oldest first. */
  open(): OrderRow[] {
    return this.openRows.all() as OrderRow[];
  }

  /** When the oldest order was taken (ms), 0 when there is none. */
  oldestCreatedAt(): number {
    return (this.db.prepare('SELECT min(created_at) FROM orders').pluck().get() as number | null) ?? 0;
  }

  countQueued(): number {
    return this.queuedCount.get() as number;
  }

  /** Orders created in [fromMs, toMs), newest first; at most `limit` when given. */
  list(fromMs: number, toMs: number, limit?: number): OrderRow[] {
    return (
      limit === undefined ? this.betweenAll.all(fromMs, toMs) : this.between.all(fromMs, toMs, limit)
    ) as OrderRow[];
  }

  /** Payments under the owner's review, oldest first. */
  auditing(): OrderRow[] {
    return this.auditingRows.all() as OrderRow[];
  }

  update(orderId: string, changes: Partial<OrderRow>): void {
    this.updateColumns(orderId, changes);
  }

  event(orderId: string, at: number, kind: OrderEventView['kind'], text: string): void {
    this.insertEvent.run(orderId, at, kind, text);
  }

  history(orderId: string): OrderEventView[] {
    return this.eventsOf.all(orderId) as OrderEventView[];
  }

  /** Removes an order and its history (the writer clears its due work in the same transaction). */
  remove(orderId: string): void {
    this.db.prepare('DELETE FROM order_events WHERE order_id = ?').run(orderId);
    this.db.prepare('DELETE FROM orders WHERE order_id = ?').run(orderId);
  }
}
