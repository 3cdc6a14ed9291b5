/**
 * till.db migration 5: paid within due. Results stored before the gateway's surplus fix could hold a
 * `paymentAmount` above `payableAmount` (the transfer that crossed the amount due counted in full, its
 * excess also in `surplusAmount`: 10 due, 15 sent read 15 + 5). Ended orders are never polled again,
 * so their stored copy is corrected here: paid is capped at the amount due; the surplus was already
 * the excess (docs/api.md, "Amounts and surplus"). Open-amount orders (nothing due) are left alone.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import { compare, isDecimalText, isZero } from '../../../shared/money.js';
import type { Migration } from '../../platform/db.js';

function capped(text: string): string | undefined {
  let result: unknown;
  try {
    result = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof result !== 'object' || result === null) return undefined;
  const { paymentAmount, payableAmount } = result as { paymentAmount?: unknown; payableAmount?: unknown };
  if (typeof paymentAmount !== 'string' || typeof payableAmount !== 'string') return undefined;
  if (!isDecimalText(paymentAmount) || !isDecimalText(payableAmount) || isZero(payableAmount)) return undefined;
  if (compare(paymentAmount, payableAmount) <= 0) return undefined;
  return JSON.stringify({ ...result, paymentAmount: payableAmount });
}

export const migration: Migration = {
  version: 5,
  name: 'paid within due',
  up(db) {
    const rows = db.prepare("SELECT order_id, result FROM orders WHERE result <> ''").all() as {
      order_id: string;
      result: string;
    }[];
    const update = db.prepare('UPDATE orders SET result = ? WHERE order_id = ?');
    for (const row of rows) {
      const fixed = capped(row.result);
      if (fixed !== undefined) update.run(fixed, row.order_id);
    }
  },
};
