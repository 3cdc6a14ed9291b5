/**
 * The order book in till.db: every order with its identifiers, terms, latest instruction and
 * result, and a history of what happened. Orders are written before the gateway is called.
 */
import { isZero, remaining } from '../../shared/money.js';
import { chainPaymentUri, walletPaymentUri } from '../../shared/payment-uri.js';
import type { InstructionView, OrderEventView, OrderProgress, OrderStatus, OrderView } from '../../shared/posapi.js';
import { isResultStatus } from '../../shared/status.js';
import {
  PaymentResultSchema,
  PaymentSchema,
  type Payment,
  type PaymentAssetItem,
  type PaymentResult,
} from '../../shared/wire.js';
import { columnUpdater, type Db } from '../platform/db.js';

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
}

export type NewOrder = Omit<
  OrderRow,
  'instruction' | 'transfer_trace' | 'result' | 'mismatch' | 'last_error' | 'ended_at' | 'status'
>;

/** What the till needs to know of a network to describe an instruction (from the asset list). */
export interface AssetFacts {
  network: string;
  requiredConfirmations: number;
  /** Real EVM rails: the chain and token the payment URI names. */
  chainId?: number;
  contract?: string;
  decimals?: number;
}

/** An asset list item's facts; confirmations come from elsewhere (the sandbox's networks). */
export function factsOf(item: PaymentAssetItem, requiredConfirmations: number): AssetFacts {
  return {
    network: item.network,
    requiredConfirmations,
    chainId: item.chainId,
    contract: item.contract,
    decimals: item.decimals,
  };
}

export class OrderBook {
  private readonly insertOrder;
  private readonly byId;
  private readonly byTrace;
  private readonly byOrderAndPayee;
  private readonly openRows;
  private readonly queuedRows;
  private readonly between;
  private readonly insertEvent;
  private readonly eventsOf;
  private readonly updateColumns;

  constructor(readonly db: Db) {
    this.insertOrder = db.prepare(
      `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id, is_chain, settlement_asset_id, note, callback_url, status, created_at, updated_at)
       VALUES (@order_id, @trace_id, @payee_id, @quote_asset_id, @quote_symbol, @quote_amount, @payment_asset_id, @is_chain, @settlement_asset_id, @note, @callback_url, 'queued', @created_at, @updated_at)`,
    );
    this.byId = db.prepare('SELECT * FROM orders WHERE order_id = ?');
    this.byTrace = db.prepare('SELECT * FROM orders WHERE trace_id = ?');
    this.byOrderAndPayee = db.prepare('SELECT * FROM orders WHERE order_id = ? AND payee_id = ?');
    this.openRows = db.prepare("SELECT * FROM orders WHERE status NOT IN ('success', 'failed') ORDER BY created_at");
    this.queuedRows = db.prepare("SELECT * FROM orders WHERE status = 'queued' ORDER BY created_at");
    this.between = db.prepare(
      'SELECT * FROM orders WHERE created_at >= ? AND created_at < ? ORDER BY created_at DESC LIMIT ?',
    );
    this.insertEvent = db.prepare('INSERT INTO order_events (order_id, at, kind, text) VALUES (?, ?, ?, ?)');
    this.eventsOf = db.prepare('SELECT at, kind, text FROM order_events WHERE order_id = ? ORDER BY id');
    this.updateColumns = columnUpdater<OrderRow>(db, 'orders', 'order_id');
  }

  add(order: NewOrder): void {
    this.db.transaction(() => {
      this.insertOrder.run(order);
      this.event(
        order.order_id,
        order.created_at,
        'created',
        `Order for ${order.quote_amount} ${order.quote_symbol} written`,
      );
    })();
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

  open(): OrderRow[] {
    return this.openRows.all() as OrderRow[];
  }

  queued(): OrderRow[] {
    return this.queuedRows.all() as OrderRow[];
  }

  list(fromMs: number, toMs: number, limit: number): OrderRow[] {
    return this.between.all(fromMs, toMs, limit) as OrderRow[];
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
}

export function parseInstruction(row: OrderRow): Payment | undefined {
  if (!row.instruction) return undefined;
  const parsed = PaymentSchema.safeParse(JSON.parse(row.instruction));
  return parsed.success ? parsed.data : undefined;
}

export function parseResult(row: OrderRow): PaymentResult | undefined {
  if (!row.result) return undefined;
  const parsed = PaymentResultSchema.safeParse(JSON.parse(row.result));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The status the till shows for a gateway result. Old-set results (before 2026-08-13) say
 * `pending` with `isFullyPaid` false for an underpayment; unknown statuses are read as open.
 */
export function statusOf(result: PaymentResult): OrderStatus {
  if (
    result.status === 'pending' &&
    result.payment &&
    !result.payment.isFullyPaid &&
    !isZero(result.paymentAmount || '0')
  )
    return 'paid_less';
  if (isResultStatus(result.status)) return result.status;
  return 'unpaid';
}

export function instructionView(
  payment: Payment,
  transferTrace: string,
  facts: AssetFacts | undefined,
): InstructionView {
  const paymentUri = payment.isChain
    ? chainPaymentUri({
        network: facts?.network ?? '',
        assetId: payment.paymentAssetId,
        destination: payment.destination,
        tag: payment.tag,
        amount: payment.paymentAmount,
        chainId: facts?.chainId,
        contract: facts?.contract,
        decimals: facts?.decimals,
      })
    : walletPaymentUri({
        recipient: payment.recipient,
        assetId: payment.paymentAssetId,
        amount: payment.paymentAmount,
        trace: transferTrace,
        memo: payment.memo,
      });
  return {
    clientId: payment.clientId,
    paymentAssetId: payment.paymentAssetId,
    paymentSymbol: payment.paymentAssetSymbol,
    paymentAmount: payment.paymentAmount,
    isChain: payment.isChain,
    network: facts?.network ?? '',
    recipient: payment.recipient,
    memo: payment.memo,
    destination: payment.destination,
    tag: payment.tag,
    expire: payment.expire,
    seconds: payment.seconds,
    paymentUri,
  };
}

export function progressView(result: PaymentResult, facts: AssetFacts | undefined): OrderProgress {
  const payable = result.payableAmount || '0';
  const paid = result.paymentAmount || '0';
  const required = result.transactions?.[0]?.requiredConfirms ?? facts?.requiredConfirmations ?? 0;
  return {
    payableAmount: payable,
    paidAmount: paid,
    remainingAmount: isZero(payable) ? '0' : remaining(payable, paid),
    confirmations: result.confirmations,
    requiredConfirmations: required,
    failureCode: String(result.failureCode),
    failureReason: result.failureReason,
    expiredAt: result.expiredAt,
    surplusAmount: result.surplusAmount,
    settleStatus: result.settleStatus,
  };
}

export function orderView(book: OrderBook, row: OrderRow, facts: AssetFacts | undefined): OrderView {
  const instruction = parseInstruction(row);
  const result = parseResult(row);
  return {
    orderId: row.order_id,
    traceId: row.trace_id,
    payeeId: row.payee_id,
    quoteAssetId: row.quote_asset_id,
    quoteSymbol: row.quote_symbol,
    quoteAmount: row.quote_amount,
    note: row.note,
    status: row.status,
    instruction: instruction ? instructionView(instruction, row.transfer_trace, facts) : null,
    progress: result ? progressView(result, facts) : null,
    mismatch: row.mismatch,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    history: book.history(row.order_id),
  };
}
