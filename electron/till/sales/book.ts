/**
 * The sales book (README, "Selling with a cart"): each sale's priced cart and its tenders, in
 * till.db's `sales` and `sale_tenders` (this module holds all their SQL). A sale is written in one
 * transaction with its tenders, after the gateway took its crypto part, and never changed after; its
 * status follows the crypto part's order (`open` until paid, `failed` if that order failed).
 */
import type { PricedCart } from '../../../shared/cart/types.js';
import type { SaleStatus, SaleView, TenderView } from '../../../shared/posapi-sales.js';
import type { Db } from '../../platform/db.js';

export interface SaleRow {
  sale_id: string;
  created_at: number;
  cashier_id: string;
  cashier_name: string;
  currency: string;
  symbol: string;
  subtotal: string;
  discount_total: string;
  tax_total: string;
  sale_total: string;
  tip: string;
  total: string;
  priced: string;
  order_id: string;
  shift_id: string;
  note: string;
}

interface TenderRow {
  sale_id: string;
  seq: number;
  kind: TenderView['kind'];
  amount: string;
  tendered: string;
  change: string;
  reference: string;
}

/** A sale as read back: its row, the crypto order's status and asset ('' without one), its tenders. */
export interface StoredSale {
  row: SaleRow;
  orderStatus: string;
  assetId: string;
  assetSymbol: string;
  tenders: TenderView[];
}

type JoinedRow = SaleRow & { order_status: string; asset_id: string; asset_symbol: string };

export function saleStatus(orderId: string, orderStatus: string): SaleStatus {
  if (!orderId || orderStatus === 'success') return 'paid';
  return orderStatus === 'failed' ? 'failed' : 'open';
}

export function saleView(sale: StoredSale): SaleView {
  const { row } = sale;
  return {
    saleId: row.sale_id,
    createdAt: row.created_at,
    cashierName: row.cashier_name,
    currency: row.currency,
    symbol: row.symbol,
    priced: JSON.parse(row.priced) as PricedCart,
    tenders: sale.tenders,
    orderId: row.order_id,
    status: saleStatus(row.order_id, sale.orderStatus),
    note: row.note,
  };
}

const tenderView = (t: TenderRow): TenderView => ({
  kind: t.kind,
  amount: t.amount,
  tendered: t.tendered,
  change: t.change,
  reference: t.reference,
});

export class SalesBook {
  private readonly statements;

  constructor(private readonly db: Db) {
    const select = `SELECT s.*, coalesce(o.status, '') AS order_status, coalesce(o.payment_asset_id, '') AS asset_id,
        CASE WHEN json_valid(o.instruction) THEN coalesce(json_extract(o.instruction, '$.paymentAssetSymbol'), '') ELSE '' END AS asset_symbol FROM sales s
      LEFT JOIN orders o ON o.order_id = s.order_id AND s.order_id <> ''`;
    this.statements = {
      insert: db.prepare(
        `INSERT INTO sales (sale_id, created_at, cashier_id, cashier_name, currency, symbol, subtotal, discount_total,
           tax_total, sale_total, tip, total, priced, order_id, shift_id, note)
         VALUES (@sale_id, @created_at, @cashier_id, @cashier_name, @currency, @symbol, @subtotal, @discount_total,
           @tax_total, @sale_total, @tip, @total, @priced, @order_id, @shift_id, @note)`,
      ),
      insertTender: db.prepare(
        `INSERT INTO sale_tenders (sale_id, seq, kind, amount, tendered, change, reference)
         VALUES (@sale_id, @seq, @kind, @amount, @tendered, @change, @reference)`,
      ),
      one: db.prepare(`${select} WHERE s.sale_id = ?`),
      byOrder: db.prepare(`${select} WHERE s.order_id = ?`),
      inShift: db.prepare(`${select} WHERE s.shift_id = ? ORDER BY s.created_at, s.sale_id`),
      tendersInShift: db.prepare(
        `SELECT t.* FROM sale_tenders t JOIN sales s ON s.sale_id = t.sale_id WHERE s.shift_id = ? ORDER BY t.sale_id, t.seq`,
      ),
      inRange: db.prepare(`${select} WHERE s.created_at >= ? AND s.created_at < ? ORDER BY s.created_at, s.sale_id`),
      tenders: db.prepare('SELECT * FROM sale_tenders WHERE sale_id = ? ORDER BY seq'),
      tendersInRange: db.prepare(
        `SELECT t.* FROM sale_tenders t JOIN sales s ON s.sale_id = t.sale_id
         WHERE s.created_at >= ? AND s.created_at < ? ORDER BY t.sale_id, t.seq`,
      ),
    };
  }

  insert(row: SaleRow, tenders: readonly TenderView[]): void {
    this.db.transaction(() => {
      this.statements.insert.run(row);
      tenders.forEach((t, seq) => this.statements.insertTender.run({ sale_id: row.sale_id, seq, ...t }));
    })();
  }

  get(saleId: string): StoredSale | undefined {
    return this.stored(this.statements.one.get(saleId) as JoinedRow | undefined);
  }

  byOrder(orderId: string): StoredSale | undefined {
    return this.stored(this.statements.byOrder.get(orderId) as JoinedRow | undefined);
  }

  /** Every sale created in [fromMs, toMs), oldest first, with its tenders (two queries, not one per sale). */
  inRange(fromMs: number, toMs: number): StoredSale[] {
    return this.joined(
      this.statements.inRange.all(fromMs, toMs) as JoinedRow[],
      this.statements.tendersInRange.all(fromMs, toMs) as TenderRow[],
    );
  }

  /** Every sale of a shift, oldest first, with its tenders. */
  inShift(shiftId: string): StoredSale[] {
    return this.joined(
      this.statements.inShift.all(shiftId) as JoinedRow[],
      this.statements.tendersInShift.all(shiftId) as TenderRow[],
    );
  }

  private joined(rows: JoinedRow[], tenderRows: TenderRow[]): StoredSale[] {
    const tenders = new Map<string, TenderView[]>();
    for (const t of tenderRows) {
      const list = tenders.get(t.sale_id) ?? [];
      list.push(tenderView(t));
      tenders.set(t.sale_id, list);
    }
    return rows.map(({ order_status, asset_id, asset_symbol, ...row }) => ({
      row,
      orderStatus: order_status,
      assetId: asset_id,
      assetSymbol: asset_symbol,
      tenders: tenders.get(row.sale_id) ?? [],
    }));
  }

  private stored(found: JoinedRow | undefined): StoredSale | undefined {
    if (!found) return undefined;
    const { order_status, asset_id, asset_symbol, ...row } = found;
    const tenders = (this.statements.tenders.all(row.sale_id) as TenderRow[]).map(tenderView);
    return { row, orderStatus: order_status, assetId: asset_id, assetSymbol: asset_symbol, tenders };
  }
}
