/**
 * What else a Z report counts beside the shift's cart sales (README, "Shifts and the Z report"):
 * payments rung up on the Charge screen during the shift (crypto only, never part of a cart sale),
 * and refunds asked during it. Both per asset and per quote currency, decimal-exact.
 */
import { add } from '../../../shared/money.js';
import type { SumRow, ZChargeOrders, ZRefunds } from '../../../shared/posapi-sales.js';
import type { OrderBook } from '../orders/book.js';
import { parseResult } from '../orders/views.js';
import type { TillRefundRow } from '../refunds/store.js';
import type { SalesBook } from '../sales/book.js';

function addTo(rows: Map<string, SumRow>, key: string, label: string, amount: string): void {
  const row = rows.get(key) ?? { key, label, count: 0, amount: '0' };
  row.count += 1;
  row.amount = add(row.amount, amount);
  rows.set(key, row);
}

/** Successful Charge-screen orders created in [fromMs, toMs): those that are no cart sale's crypto part. */
export function chargeOrdersIn(book: OrderBook, sales: SalesBook, fromMs: number, toMs: number): ZChargeOrders {
  const perQuote = new Map<string, SumRow>();
  const perAsset = new Map<string, SumRow>();
  let count = 0;
  for (const row of book.list(fromMs, toMs).reverse()) {
    if (row.status !== 'success' || sales.byOrder(row.order_id)) continue;
    count += 1;
    addTo(perQuote, row.quote_asset_id, row.quote_symbol, row.quote_amount);
    const result = parseResult(row);
    addTo(perAsset, row.payment_asset_id, result?.paymentSymbol ?? '', result?.paymentAmount ?? '0');
  }
  return { count, perQuote: [...perQuote.values()], perAsset: [...perAsset.values()] };
}

/** Refunds asked in the shift (flagged ones apart: they never count as paid out; withdrawn ones not at all). */
export function refundsIn(rows: readonly TillRefundRow[]): ZRefunds {
  const perAsset = new Map<string, SumRow>();
  const perQuote = new Map<string, SumRow>();
  let flagged = 0;
  const counted = rows.filter((row) => row.status !== 'withdrawn');
  for (const row of counted) {
    if (row.status === 'flagged') {
      flagged += 1;
      continue;
    }
    addTo(perAsset, row.asset_id, row.symbol, row.amount);
    if (row.quote_value) addTo(perQuote, row.quote_asset_id, row.quote_symbol, row.quote_value);
  }
  return {
    count: counted.length - flagged,
    flagged,
    perAsset: [...perAsset.values()],
    perQuote: [...perQuote.values()],
  };
}
