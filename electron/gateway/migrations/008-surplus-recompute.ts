/**
 * gateway.db version 8, a data migration. Before it, a transaction that crossed the amount due was
 * counted in full toward the order and its excess was added to the surplus as well (10 due, 15 sent:
 * 15 paid + 5 surplus), and confirmations arriving after full payment were added to the surplus
 * again. The stored surplus of every payment is recomputed from the ledger by the rule of docs/api.md,
 * "Amounts and surplus": paid is what arrived while the order was open, capped at the amount due (an open
 * amount: all of it); surplus is everything else received in the payment asset.
 *
 * Frozen with the migration: it reads columns, not the state machine, so later changes to the
 * machine never change what this migration did.
 */
import { add, compare, isZero, subtract } from '../../../shared/money.js';
import type { Db, Migration } from '../../platform/db.js';

interface Money {
  trace_id: string;
  amount: string;
  booked: 'counted' | 'surplus';
}

export function recomputeStoredSurplus(db: Db): void {
  const payments = db
    .prepare('SELECT trace_id, payable_amount, surplus_amount, surplus_status FROM payments')
    .all() as {
    trace_id: string;
    payable_amount: string;
    surplus_amount: string;
    surplus_status: string;
  }[];
  // Only money of the payment asset is ever booked counted or surplus; gone transactions were never received.
  const rows = db
    .prepare(
      "SELECT trace_id, amount, booked FROM transactions WHERE trace_id IS NOT NULL AND gone = 0 AND booked IN ('counted', 'surplus')",
    )
    .all() as Money[];
  const byTrace = new Map<string, { received: string; late: string }>();
  for (const row of rows) {
    const totals = byTrace.get(row.trace_id) ?? { received: '0', late: '0' };
    if (row.booked === 'counted') totals.received = add(totals.received, row.amount);
    else totals.late = add(totals.late, row.amount);
    byTrace.set(row.trace_id, totals);
  }
  const update = db.prepare('UPDATE payments SET surplus_amount = ?, surplus_status = ? WHERE trace_id = ?');
  for (const payment of payments) {
    const { received, late } = byTrace.get(payment.trace_id) ?? { received: '0', late: '0' };
    const payable = payment.payable_amount || '0';
    const paid = isZero(payable) || compare(received, payable) <= 0 ? received : payable;
    const surplus = add(subtract(received, paid), late);
    const status = isZero(surplus) ? 'no' : payment.surplus_status === 'no' ? 'recorded' : payment.surplus_status;
    if (surplus !== payment.surplus_amount || status !== payment.surplus_status)
      update.run(surplus, status, payment.trace_id);
  }
}

export const migration008: Migration = {
  version: 8,
  name: 'results: surplus recomputed from the ledger (a transaction crossing the amount due was counted twice)',
  up: recomputeStoredSurplus,
};
