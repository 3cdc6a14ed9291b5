/**
 * The payments aggregate's SQL, and the one module that queries its tables: `payments` (terms and
 * result), `instructions`, `deposit_addresses` and the append-only `payment_events`. The
 * scheduler's due work is found here too, in payment columns (docs/architecture.md, "Due work").
 * Callers run these inside their transaction.
 */
import type { Statement } from 'better-sqlite3';
import { CommittedMemo } from '../../platform/committed-memo.js';
import { columnUpdater, type Db } from '../../platform/db.js';
import type { ResultStatus } from '../../../shared/status.js';

export interface PaymentRow {
  trace_id: string;
  payee_id: string;
  order_id: string | null;
  quote_asset_id: string;
  quote_amount: string;
  fixed_payment_amount: string;
  settlement_asset_id: string;
  strict_mode: number;
  payment_asset_id: string;
  is_chain: number;
  remark: string;
  note: string;
  settlement_memo: string;
  return_to: string;
  failed_return_to: string;
  callback_url: string;
  callback_events: string;
  expired_at: number;
  is_one_time: number;
  code_expires_at: number;
  review_required: number;
  quote_usd_value: string;
  current_client_id: string;
  created_at: number;
  updated_at: number;
  status: ResultStatus;
  payable_amount: string;
  amount_locked: number;
  failure_code: string;
  failure_reason: string;
  settle_status: string;
  settle_amount: string;
  settle_symbol: string;
  settle_asset: string;
  surplus_amount: string;
  surplus_status: string;
  reviewed_by: string;
  reviewed_at: number;
  review_reason: string;
  settle_due_at: number;
  deadline_passed: number;
}

/** A payment as the merchant report reads it (docs/api.md, "Merchant report"). */
export interface PaymentReportRow {
  trace_id: string;
  order_id: string | null;
  till_id: string;
  created_at: number;
  status: ResultStatus;
  quote_asset_id: string;
  quote_amount: string;
  payment_asset_id: string;
  payable_amount: string;
  failure_code: string;
}

/** The report's period (unix ms, to exclusive) and filters; a till '' is payments made without a till key. */
export interface ReportFilter {
  fromMs: number;
  toMs: number;
  tillId?: string;
  assetId?: string;
  status?: ResultStatus;
}

export interface InstructionRow {
  client_id: string;
  trace_id: string;
  payment_asset_id: string;
  payment_amount: string;
  settlement_asset_id: string;
  estimated_settlement_amount: string;
  price: string;
  /** Where the price came from ("ETH live (feeds)"): the rate used, kept for the accountant. */
  price_source: string;
  /** When the older of its prices was true (real ms); 0 before migration 009. */
  price_at: number;
  is_chain: number;
  recipient: string;
  memo: string;
  destination: string;
  tag: string;
  expire: number;
  seconds: number;
  created_at: number;
}

export type NewPayment = Omit<
  PaymentRow,
  | 'settle_due_at'
  | 'deadline_passed'
  | 'failure_code'
  | 'failure_reason'
  | 'settle_status'
  | 'settle_amount'
  | 'settle_symbol'
  | 'settle_asset'
  | 'surplus_amount'
  | 'surplus_status'
  | 'reviewed_by'
  | 'reviewed_at'
  | 'review_reason'
  | 'amount_locked'
>;

/** One step of a payment's history (`payment_events`; `detail` is JSON). */
export interface HistoryEvent {
  at: number;
  kind: string;
  from_status: string;
  to_status: string;
  detail: string;
}

/** Trace ids of payments with work due, by kind of work. */
export interface DueWork {
  codes: string[];
  deadlines: string[];
  graceOver: string[];
  settlements: string[];
}

/**
 * The columns a new row writes, in order (bound positionally). Written as a record so that the
 * compiler refuses a column missing from, or unknown to, the row type.
 */
const columnsOf = <Row>(columns: Record<keyof Row, 1>): (keyof Row)[] => Object.keys(columns) as (keyof Row)[];

const PAYMENT_COLUMNS = columnsOf<NewPayment>({
  trace_id: 1,
  payee_id: 1,
  order_id: 1,
  quote_asset_id: 1,
  quote_amount: 1,
  fixed_payment_amount: 1,
  settlement_asset_id: 1,
  strict_mode: 1,
  payment_asset_id: 1,
  is_chain: 1,
  remark: 1,
  note: 1,
  settlement_memo: 1,
  return_to: 1,
  failed_return_to: 1,
  callback_url: 1,
  callback_events: 1,
  expired_at: 1,
  is_one_time: 1,
  code_expires_at: 1,
  review_required: 1,
  quote_usd_value: 1,
  current_client_id: 1,
  created_at: 1,
  updated_at: 1,
  status: 1,
  payable_amount: 1,
});

const INSTRUCTION_COLUMNS = columnsOf<InstructionRow>({
  client_id: 1,
  trace_id: 1,
  payment_asset_id: 1,
  payment_amount: 1,
  settlement_asset_id: 1,
  estimated_settlement_amount: 1,
  price: 1,
  price_source: 1,
  price_at: 1,
  is_chain: 1,
  recipient: 1,
  memo: 1,
  destination: 1,
  tag: 1,
  expire: 1,
  seconds: 1,
  created_at: 1,
});

export class PaymentsStore {
  private readonly byTrace;
  private readonly byOrder;
  private readonly insertPayment;
  private readonly insertPaymentIfNew;
  private readonly insertInstruction;
  private readonly instructionById;
  private readonly currentInstruction;
  private readonly depositByTrace;
  private readonly depositOwnerOf;
  private readonly depositsOn;
  private readonly insertDeposit;
  private readonly insertEvent;
  private readonly eventsOf;
  private readonly countAll;
  private readonly due;
  private readonly updateColumns;
  /** Committed payment rows by trace, for result polling; every write of a payment forgets its row first. */
  private readonly committed: CommittedMemo<PaymentRow>;

  private attribute: Statement | undefined;

  constructor(readonly db: Db) {
    this.byTrace = db.prepare('SELECT * FROM payments WHERE trace_id = ?');
    this.byOrder = db.prepare('SELECT * FROM payments WHERE payee_id = ? AND order_id = ?');
    // Positional parameters: binding by name looks up every column's property on the row object.
    this.insertPayment = db.prepare(
      `INSERT INTO payments (${PAYMENT_COLUMNS.join(', ')}) VALUES (${PAYMENT_COLUMNS.map(() => '?').join(', ')})`,
    );
    this.insertPaymentIfNew = db.prepare(
      `INSERT INTO payments (${PAYMENT_COLUMNS.join(', ')}) VALUES (${PAYMENT_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`,
    );
    this.insertInstruction = db.prepare(
      `INSERT INTO instructions (${INSTRUCTION_COLUMNS.join(', ')}) VALUES (${INSTRUCTION_COLUMNS.map(() => '?').join(', ')})`,
    );
    this.instructionById = db.prepare('SELECT * FROM instructions WHERE client_id = ?');
    this.currentInstruction = db.prepare(
      'SELECT i.* FROM instructions i JOIN payments p ON p.current_client_id = i.client_id WHERE p.trace_id = ?',
    );
    this.depositByTrace = db.prepare(
      'SELECT destination, tag FROM deposit_addresses WHERE trace_id = ? AND network = ?',
    );
    this.depositOwnerOf = db.prepare(
      'SELECT trace_id, network FROM deposit_addresses WHERE destination = ? AND tag = ?',
    );
    this.depositsOn = db.prepare(
      'SELECT lower(destination) AS address, trace_id FROM deposit_addresses WHERE network = ?',
    );
    this.insertDeposit = db.prepare(
      'INSERT INTO deposit_addresses (network, destination, tag, trace_id, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.insertEvent = db.prepare(
      'INSERT INTO payment_events (trace_id, at, kind, from_status, to_status, detail) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.eventsOf = db.prepare(
      'SELECT at, kind, from_status, to_status, detail FROM payment_events WHERE trace_id = ? ORDER BY id',
    );
    this.countAll = db.prepare('SELECT count(*) AS n FROM payments');
    // Each finds its rows through a partial index of migrations 004 and 007.
    this.due = {
      codes: db
        .prepare(
          "SELECT trace_id FROM payments WHERE is_one_time = 1 AND payment_asset_id = '' AND status = 'unpaid' AND code_expires_at > 0 AND code_expires_at <= ? ORDER BY code_expires_at, created_at",
        )
        .pluck(),
      deadlines: db
        .prepare(
          "SELECT trace_id FROM payments WHERE expired_at > 0 AND expired_at <= ? AND status IN ('unpaid', 'confirming', 'paid_less') AND deadline_passed = 0 ORDER BY expired_at, created_at",
        )
        .pluck(),
      grace: db
        .prepare(
          "SELECT trace_id FROM payments WHERE status = 'confirming' AND deadline_passed = 1 AND expired_at > 0 AND expired_at <= ? ORDER BY expired_at, created_at",
        )
        .pluck(),
      settlements: db
        .prepare(
          "SELECT trace_id FROM payments WHERE settle_due_at > 0 AND settle_due_at <= ? AND status = 'pending' ORDER BY settle_due_at, created_at",
        )
        .pluck(),
    };
    this.updateColumns = columnUpdater<PaymentRow>(db, 'payments', 'trace_id');
    this.committed = new CommittedMemo(db, (row) => ({ ...row }));
  }

  get(traceId: string): PaymentRow | undefined {
    return this.committed.get(traceId, () => this.byTrace.get(traceId) as PaymentRow | undefined);
  }

  /** Forgets a remembered row; every write of a payment goes through here first. */
  private forget(traceId: string): void {
    this.committed.forget(traceId);
  }

  getByOrder(payeeId: string, orderId: string): PaymentRow | undefined {
    return this.byOrder.get(payeeId, orderId) as PaymentRow | undefined;
  }

  insert(payment: NewPayment): void {
    this.forget(payment.trace_id);
    this.insertPayment.run(PAYMENT_COLUMNS.map((column) => payment[column]));
  }

  /** Inserts a new payment unless one with its trace id or its payee's order id exists; true when inserted. */
  insertIfNew(payment: NewPayment): boolean {
    this.forget(payment.trace_id);
    return this.insertPaymentIfNew.run(PAYMENT_COLUMNS.map((column) => payment[column])).changes === 1;
  }

  /** Updates the named columns of one payment. Column names come from our code, never from input. */
  update(traceId: string, changes: Partial<PaymentRow>): void {
    if (Object.keys(changes).length === 0) return;
    this.forget(traceId);
    this.updateColumns(traceId, changes);
  }

  addInstruction(row: InstructionRow): void {
    this.insertInstruction.run(INSTRUCTION_COLUMNS.map((column) => row[column]));
  }

  instruction(clientId: string): InstructionRow | undefined {
    return this.instructionById.get(clientId) as InstructionRow | undefined;
  }

  current(traceId: string): InstructionRow | undefined {
    return this.currentInstruction.get(traceId) as InstructionRow | undefined;
  }

  deposit(traceId: string, network: string): { destination: string; tag: string } | undefined {
    return this.depositByTrace.get(traceId, network) as { destination: string; tag: string } | undefined;
  }

  /** Whose deposit address this is (the sandbox's deposits name an address, not a network). */
  depositOwner(destination: string, tag: string): { trace_id: string; network: string } | undefined {
    return this.depositOwnerOf.get(destination, tag) as { trace_id: string; network: string } | undefined;
  }

  /** Every deposit address on a network (lower case) and its payment: what a chain scanner watches. */
  depositsOnNetwork(network: string): Map<string, string> {
    const rows = this.depositsOn.all(network) as { address: string; trace_id: string }[];
    return new Map(rows.map((row) => [row.address, row.trace_id]));
  }

  addDeposit(network: string, destination: string, tag: string, traceId: string, nowMs: number): void {
    this.insertDeposit.run(network, destination, tag, traceId, nowMs);
  }

  event(traceId: string, at: number, kind: string, from: string, to: string, detail: unknown): void {
    this.insertEvent.run(traceId, at, kind, from, to, JSON.stringify(detail ?? {}));
  }

  /**
   * A payment's history, oldest first. A new order's `created` step is not stored: its payment row and
   * first instruction already hold all it said, and writing it cost a create two more B-trees
   * (docs/performance.md, "The created step is read, not written"). It is rebuilt here from them;
   * orders stored with their `created` row (before that change) and one-time codes answer as stored.
   */
  events(traceId: string): HistoryEvent[] {
    const stored = this.eventsOf.all(traceId) as HistoryEvent[];
    const first = stored[0]?.kind;
    if (first === 'created' || first === 'one_time_code') return stored;
    const payment = this.get(traceId);
    if (!payment || payment.is_one_time === 1) return stored;
    const created = this.createdStep(payment, stored);
    return created ? [created, ...stored] : stored;
  }

  /** The `created` step as it used to be stored, from the row and the instruction the order began with. */
  private createdStep(payment: PaymentRow, later: HistoryEvent[]): HistoryEvent | undefined {
    // A renewal names the instruction it replaced; with none, the current one is the first.
    const renewal = later.find((event) => event.kind.startsWith('instruction_'));
    let firstId = payment.current_client_id;
    if (renewal) {
      const replaced = (JSON.parse(renewal.detail) as { replaces?: unknown }).replaces;
      if (typeof replaced !== 'string') return undefined; // a renewal from before `replaces`: unknown
      firstId = replaced;
    }
    const instruction = this.instruction(firstId);
    if (!instruction) return undefined;
    const detail = {
      orderId: payment.order_id,
      clientId: instruction.client_id,
      paymentAssetId: instruction.payment_asset_id,
      paymentAmount: instruction.payment_amount,
      isChain: instruction.is_chain === 1,
    };
    return {
      at: payment.created_at,
      kind: 'created',
      from_status: '',
      to_status: 'unpaid',
      detail: JSON.stringify(detail),
    };
  }

  /**
   * Payments with work due on the gateway clock, oldest first: one-time codes whose life ended
   * without an instruction, deadlines of open payments (unix seconds), confirmation waits that began
   * at or before `graceStartS`, and settlements due at `nowMs`.
   */
  dueWork(nowMs: number, graceStartS: number): DueWork {
    const nowS = Math.floor(nowMs / 1000);
    return {
      codes: this.due.codes.all(nowS) as string[],
      deadlines: this.due.deadlines.all(nowS) as string[],
      graceOver: this.due.grace.all(graceStartS) as string[],
      settlements: this.due.settlements.all(nowMs) as string[],
    };
  }

  /** Records the till that created a payment (the first one: an idempotent repeat keeps it; docs/api.md, "Tills"). */
  attributeTill(traceId: string, tillId: string): void {
    if (!tillId) return;
    this.attribute ??= this.db.prepare("UPDATE payments SET till_id = ? WHERE trace_id = ? AND till_id = ''");
    this.attribute.run(tillId, traceId);
  }

  /** The merchant report's rows (report/report.ts): created in [fromMs, toMs), filtered, newest first. */
  reportRows(filter: ReportFilter): PaymentReportRow[] {
    const where = ['created_at >= ?', 'created_at < ?'];
    const args: (string | number)[] = [filter.fromMs, filter.toMs];
    for (const [column, value] of [
      ['till_id', filter.tillId],
      ['payment_asset_id', filter.assetId],
      ['status', filter.status],
    ] as const) {
      if (value === undefined) continue;
      where.push(`${column} = ?`);
      args.push(value);
    }
    return this.db
      .prepare(
        `SELECT trace_id, order_id, till_id, created_at, status, quote_asset_id, quote_amount, payment_asset_id,
           payable_amount, failure_code
         FROM payments WHERE ${where.join(' AND ')} ORDER BY created_at DESC, trace_id DESC`,
      )
      .all(...args) as PaymentReportRow[];
  }

  count(): number {
    return (this.countAll.get() as { n: number }).n;
  }
}
