/**
 * The till's record of refunds (issue 18): the one module that queries till.db's `refunds`. Each row
 * is what the gateway last said of a refund a manager asked for at this till, with who asked, so
 * the day review, the CSV and the slip work from till.db.
 */
import type { Db } from '../../platform/db.js';
import type { Refund } from '../../../shared/wire-refunds.js';

export interface TillRefundRow {
  refund_id: string;
  order_id: string;
  trace_id: string;
  asset_id: string;
  symbol: string;
  amount: string;
  quote_asset_id: string;
  quote_symbol: string;
  quote_value: string;
  quote_today: string;
  destination: string;
  reason: string;
  status: string;
  txid: string;
  flag_reason: string;
  staff_id: string;
  staff_name: string;
  created_at: number;
  updated_at: number;
}

export class TillRefunds {
  private readonly upsert;
  private readonly ofOrder;
  private readonly inRange;

  constructor(db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO refunds (refund_id, order_id, trace_id, asset_id, symbol, amount, quote_asset_id, quote_symbol, quote_value,
         quote_today, destination, reason, status, txid, flag_reason, staff_id, staff_name, created_at, updated_at)
       VALUES (@refund_id, @order_id, @trace_id, @asset_id, @symbol, @amount, @quote_asset_id, @quote_symbol, @quote_value,
         @quote_today, @destination, @reason, @status, @txid, @flag_reason, @staff_id, @staff_name, @created_at, @updated_at)
       ON CONFLICT (refund_id) DO UPDATE SET status = excluded.status, txid = excluded.txid,
         flag_reason = excluded.flag_reason, updated_at = excluded.updated_at`,
    );
    this.ofOrder = db.prepare('SELECT * FROM refunds WHERE order_id = ? ORDER BY created_at, refund_id');
    this.inRange = db.prepare('SELECT * FROM refunds WHERE created_at >= ? AND created_at < ? ORDER BY created_at');
  }

  /** Records a refund as the gateway shows it; the first record keeps who asked and when. */
  save(orderId: string, refund: Refund, staff: { id: string; name: string }, nowMs: number): void {
    this.upsert.run({
      refund_id: refund.refundId,
      order_id: orderId,
      trace_id: refund.traceId,
      asset_id: refund.assetId,
      symbol: refund.symbol,
      amount: refund.amount,
      quote_asset_id: refund.quoteAssetId,
      quote_symbol: refund.quoteSymbol,
      quote_value: refund.quoteAtOriginalRate,
      quote_today: refund.quoteAtTodayRate,
      destination: refund.destination,
      reason: refund.reason,
      status: refund.status,
      txid: refund.txid,
      flag_reason: refund.flagReason,
      staff_id: staff.id,
      staff_name: staff.name,
      created_at: nowMs,
      updated_at: nowMs,
    });
  }

  of(orderId: string): TillRefundRow[] {
    return this.ofOrder.all(orderId) as TillRefundRow[];
  }

  /** Refunds asked in [fromMs, toMs). */
  between(fromMs: number, toMs: number): TillRefundRow[] {
    return this.inRange.all(fromMs, toMs) as TillRefundRow[];
  }
}
