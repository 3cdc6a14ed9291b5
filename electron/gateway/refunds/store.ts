/**
 * The refunds of payments (docs/api.md, "Refunds"): the one module that queries `refunds`. A refund
 * is a payout the merchant's own wallet makes; the gateway records what was asked, the txid once
 * it is sent, and what the chain check found. Callers run writes inside their transaction.
 */
import { columnUpdater, type Db } from '../../platform/db.js';

/** `to_send`: asked, waiting for the owner's wallet; `sent`: a txid is known, being checked;
 * `confirmed`: the chain shows that amount of that asset at that address, confirmed;
 * `flagged`: the transaction does not match (amount, asset or address): never counted as paid;
 * `kept`: a `keep` row: money to resolve the merchant keeps (nothing is paid out);
 * `withdrawn`: the owner took back a refund not confirmed (to_send or flagged), with a reason.
 * Every refund but a withdrawn one counts against what is left to refund. */
export type RefundStatus = 'to_send' | 'sent' | 'confirmed' | 'flagged' | 'kept' | 'withdrawn';

export type AmountIn = 'asset' | 'quote_original' | 'quote_today';

export interface RefundRow {
  refund_id: string;
  kind: 'refund' | 'keep';
  trace_id: string;
  asset_id: string;
  amount: string;
  is_chain: number;
  network: string;
  destination: string;
  tag: string;
  reason: string;
  amount_in: AmountIn;
  quote_asset_id: string;
  quote_asked: string;
  original_price: string;
  today_price: string;
  status: RefundStatus;
  txid: string;
  flag_reason: string;
  confirmations: number;
  required_confirmations: number;
  sent_height: number;
  next_check_at: number;
  created_at: number;
  updated_at: number;
  withdrawn_reason: string;
}

export class RefundsStore {
  private readonly insertRow;
  private readonly byId;
  private readonly ofTrace;
  private readonly byTxid;
  private readonly dueRows;
  private readonly tracesWith;
  private readonly updater;

  constructor(db: Db) {
    this.insertRow = db.prepare(
      `INSERT INTO refunds (refund_id, kind, trace_id, asset_id, amount, is_chain, network, destination, tag, reason, amount_in,
         quote_asset_id, quote_asked, original_price, today_price, status, txid, flag_reason, confirmations,
         required_confirmations, sent_height, next_check_at, created_at, updated_at, withdrawn_reason)
       VALUES (@refund_id, @kind, @trace_id, @asset_id, @amount, @is_chain, @network, @destination, @tag, @reason, @amount_in,
         @quote_asset_id, @quote_asked, @original_price, @today_price, @status, @txid, @flag_reason, @confirmations,
         @required_confirmations, @sent_height, @next_check_at, @created_at, @updated_at, @withdrawn_reason)`,
    );
    this.byId = db.prepare('SELECT * FROM refunds WHERE refund_id = ?');
    this.ofTrace = db.prepare('SELECT * FROM refunds WHERE trace_id = ? ORDER BY created_at, rowid');
    this.byTxid = db.prepare("SELECT * FROM refunds WHERE txid = ? AND txid != ''");
    this.dueRows = db.prepare(
      'SELECT * FROM refunds WHERE next_check_at > 0 AND next_check_at <= ? ORDER BY next_check_at LIMIT 100',
    );
    this.tracesWith = db.prepare('SELECT DISTINCT trace_id FROM refunds').pluck();
    this.updater = columnUpdater<RefundRow>(db, 'refunds', 'refund_id');
  }

  insert(row: RefundRow): void {
    this.insertRow.run(row);
  }

  get(refundId: string): RefundRow | undefined {
    return this.byId.get(refundId) as RefundRow | undefined;
  }

  of(traceId: string): RefundRow[] {
    return this.ofTrace.all(traceId) as RefundRow[];
  }

  withTxid(txid: string): RefundRow | undefined {
    return this.byTxid.get(txid) as RefundRow | undefined;
  }

  /** Sent refunds whose chain check is due at `nowMs` (the scheduler's due work). */
  due(nowMs: number): RefundRow[] {
    return this.dueRows.all(nowMs) as RefundRow[];
  }

  /** Every payment that has a refund. */
  traces(): string[] {
    return this.tracesWith.all() as string[];
  }

  update(refundId: string, changes: Partial<RefundRow>): void {
    this.updater(refundId, changes);
  }
}
