/**
 * The till: the cashier's side of the main process (README, "The till"). It builds its parts (the
 * stores of till.db, the line to the gateway, the order writer, the scheduler of due work), serves the
 * PosApi through the command map (commands/), reconciles open orders at start and after every
 * reconnection, and turns callbacks into checks at the gateway. Orders are written before the gateway
 * is called; every status change goes through the order machine (docs/architecture.md, "The till's
 * order machine"); what is owed to an order is due work in till.db ("Due work").
 */
import type { ConnectionView, OrderView, PosCommand, PosHandlers } from '../../shared/posapi.js';
import type { PosCaller } from '../../shared/posapi-staff.js';
import { AuditLog } from './audit/log.js';
import { dayOf, dayRange } from './calendar.js';
import { tillCommands } from './commands/index.js';
import { Catalog } from './link/catalog.js';
import { ItemStore } from './catalogue/items.js';
import { SalesSettingsStore } from './catalogue/sales-settings.js';
import { SalesBook } from './sales/book.js';
import { ShiftBook } from './shifts/book.js';
import { CounterDisplay } from './sales/counter-display.js';
import { saleCsvFacts } from './sales/csv.js';
import { GatewayLink } from './link/link.js';
import { OrderBook, type OrderRow } from './orders/book.js';
import { isEnded } from './orders/machine.js';
import { mismatchOf, orderView } from './orders/views.js';
import { OrderWriter } from './orders/writer.js';
import { OwnerArea } from './owner/area.js';
import { RefundArea } from './refunds/area.js';
import { TillRefunds } from './refunds/store.js';
import type { TillDeps, TillParts } from './parts.js';
import { TillSettingsStore } from './settings/store.js';
import { StaffArea } from './staff/area.js';
import { PollCadence } from './work/cadence.js';
import { DueWork } from './work/due-work.js';
import { dueJobs } from './work/jobs.js';
import { Scheduler } from './work/scheduler.js';
import { posError } from '../../shared/pos-error.js';

export type { TillDeps } from './parts.js';
export { dayOf, dayRange } from './calendar.js';

export type CallbackOutcome = { ok: true } | { ok: false; status: number; reason: string };

export class Till implements TillParts {
  readonly settings: TillSettingsStore;
  readonly book: OrderBook;
  readonly work: DueWork;
  readonly cadence: PollCadence;
  readonly link: GatewayLink;
  readonly catalog: Catalog;
  readonly writer: OrderWriter;
  readonly scheduler: Scheduler;
  readonly owner: OwnerArea;
  readonly refunds: RefundArea;
  readonly staff: StaffArea;
  readonly audit: AuditLog;
  readonly items: ItemStore;
  readonly sales: SalesSettingsStore;
  readonly saleBook: SalesBook;
  readonly shiftBook: ShiftBook;
  readonly counter: CounterDisplay;
  private closed = false;

  constructor(readonly deps: TillDeps) {
    const { db, clock, logger } = deps;
    this.settings = new TillSettingsStore(db);
    this.audit = new AuditLog(db, clock);
    this.items = new ItemStore(db, clock, deps.ids);
    this.sales = new SalesSettingsStore(db);
    this.saleBook = new SalesBook(db);
    this.shiftBook = new ShiftBook(db);
    this.counter = new CounterDisplay(() => deps.ids.token(8).slice(-12).toLowerCase());
    this.staff = new StaffArea({
      db,
      clock,
      ids: deps.ids,
      audit: this.audit,
      idleLockMs: () => this.settings.stored().idleLockMinutes * 60_000,
    });
    this.book = new OrderBook(db);
    this.work = new DueWork(db);
    this.cadence = new PollCadence(clock, deps.fastPollMs);
    this.link = new GatewayLink({
      settings: this.settings,
      clock,
      events: deps.events,
      embeddedUrl: deps.embeddedUrl,
      embeddedMode: deps.embeddedMode,
      merchantKey: deps.merchantKey,
      queued: () => this.book.countQueued(),
      onReconnect: () => this.reconcile('reconnected'),
      onGatewayClock: (offsetMs) => {
        if (!this.closed) this.work.followGatewayClock(offsetMs);
      },
    });
    this.catalog = new Catalog({ settings: this.settings, link: this.link, logger });
    this.writer = new OrderWriter({
      book: this.book,
      work: this.work,
      clock,
      ids: deps.ids,
      cadence: this.cadence,
      gatewayOffsetMs: () => this.link.gatewayOffsetMs,
      publish: (orderId) => this.publish(orderId),
      factsOf: (assetId) => this.catalog.factsOf(assetId),
    });
    const jobs = dueJobs({
      book: this.book,
      writer: this.writer,
      work: this.work,
      client: this.link.client,
      clock,
      logger,
      cadence: this.cadence,
    });
    this.scheduler = new Scheduler(this.work, jobs, clock, logger);
    const refunds = new TillRefunds(db);
    this.owner = new OwnerArea({
      book: this.book,
      settings: this.settings,
      client: this.link.client,
      clock,
      dayRange,
      dayOf,
      applyResult: (row, result) => {
        this.writer.result(row.order_id, result);
      },
      orderView: (row) => this.view(row),
      networkOf: (assetId) => this.catalog.factsOf(assetId)?.network ?? '',
      gatewayOffsetMs: () => this.link.gatewayOffsetMs,
      refundsBetween: (from, to) => refunds.between(from, to),
      saleOf: (orderId) => saleCsvFacts(this.saleBook.byOrder(orderId)),
    });
    this.refunds = new RefundArea({ book: this.book, refunds, client: this.link.client, clock, dayRange });
  }

  start(): void {
    void this.catalog.load();
    this.reconcile('start');
    this.scheduler.start();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.scheduler.close();
  }

  handlers(): PosHandlers {
    return tillCommands(this);
  }

  /** The permission check every command goes through (staff/permissions.ts), before its handler. */
  mayHearOrders(connection: string): boolean {
    return this.staff.sessions.mayHearOrders(connection);
  }

  authorize(command: PosCommand, connection: string): PosCaller {
    return this.staff.sessions.authorize(command, connection);
  }

  /**
   * Brings open orders up to date from payments_result, newest first (the payer most likely still at
   * the till), and sends the queued ones: all due now, in till.db (README, "Offline"). At start every
   * open order is checked once, also those too old to be polled; after a reconnection only those still
   * polled by their age, so a flapping network never re-polls a pile of abandoned orders (against a
   * hosted gateway they would eat its request budget).
   */
  private reconcile(moment: 'start' | 'reconnected'): void {
    const now = this.deps.clock.now();
    const open = this.book.open();
    this.deps.db.transaction(() => {
      open.forEach((row, i) => {
        if (row.status === 'queued') this.work.sooner(row.order_id, 'send', now);
        else if (moment === 'reconnected' && this.cadence.next(row) === undefined) return;
        // Oldest first in the list: the newest gets the earliest due time.
        else this.work.sooner(row.order_id, 'poll', now - 1 - i);
      });
    })();
  }

  view(row: OrderRow): OrderView {
    const view = orderView(this.book, row, this.catalog.factsOf(row.payment_asset_id));
    // Deadlines are in the gateway's clock; the renderer counts down on the till's.
    if (view.instruction)
      view.instruction = {
        ...view.instruction,
        expire: view.instruction.expire - Math.round(this.link.gatewayOffsetMs / 1000),
      };
    return view;
  }

  private publish(orderId: string): void {
    const row = this.book.get(orderId);
    if (row) this.deps.events.publish('order.updated', this.view(row));
  }

  orderOrThrow(orderId: string): OrderRow {
    const row = this.book.get(orderId);
    if (!row) throw posError('order_not_found', { orderId }, 'orderId');
    return row;
  }

  async pollNow(orderId: string): Promise<OrderView | undefined> {
    await this.scheduler.run('poll', orderId);
    const row = this.book.get(orderId);
    return row && this.view(row);
  }

  pokeOpen(): void {
    this.work.pokePolls(this.deps.clock.now());
  }

  /** A callback arrived: trust nothing in it; look the order up and ask the gateway. */
  async onCallback(body: { traceId: string; orderId: string; payeeId: string }): Promise<CallbackOutcome> {
    const row =
      (body.traceId && this.book.byTraceId(body.traceId)) ||
      (body.orderId && this.book.byOrder(body.orderId, body.payeeId)) ||
      undefined;
    if (!row) {
      this.deps.logger.warn('callback for an unknown order', { traceId: body.traceId, orderId: body.orderId });
      return { ok: false, status: 404, reason: 'UNKNOWN_ORDER' };
    }
    // Ended: its result is final and already checked; answer from the order book.
    if (isEnded(row.status)) return row.mismatch ? { ok: false, status: 409, reason: 'MISMATCH' } : { ok: true };
    let result;
    try {
      result = await this.link.client.result(row.trace_id);
    } catch (error) {
      return { ok: false, status: 503, reason: `RESULT_UNAVAILABLE: ${String(error)}` };
    }
    const mismatch = mismatchOf(row, result);
    this.writer.result(row.order_id, result);
    if (mismatch) {
      this.deps.logger.warn('callback result does not match the order', { orderId: row.order_id, mismatch });
      return { ok: false, status: 409, reason: 'MISMATCH' };
    }
    return { ok: true };
  }

  connectionView(): ConnectionView {
    return this.link.view();
  }
}
