/** Payment actions on an open order: a new instruction window, and cancel (docs/api.md, "Deadlines and windows"). */
import { PosError, type OrderView } from '../../../shared/posapi.js';
import { isZero } from '../../../shared/money.js';
import type { OrderRow } from '../orders/book.js';
import { isEnded } from '../orders/machine.js';
import { parseResult } from '../orders/views.js';
import type { Args, TillParts } from '../parts.js';

/** order.refresh: renews the instruction now (a queued order has none yet). */
export async function refreshOrder(till: TillParts, { orderId }: Args<'order.refresh'>): Promise<OrderView> {
  const row = till.orderOrThrow(orderId);
  if (row.status === 'queued') return till.view(row);
  if (isEnded(row.status)) throw new PosError('conflict', `The order is already ${row.status}.`);
  // A renewal due right now is already asking: its new instruction is the answer.
  const renewing = till.scheduler.runningNow('refresh', orderId);
  if (renewing) await renewing;
  else till.writer.renewed(orderId, await till.link.client.refresh(row.trace_id));
  return till.view(till.orderOrThrow(orderId));
}

/** True once the gateway has seen money for the order (any amount, confirmed or not). */
export function moneySeen(row: OrderRow): boolean {
  const paid = parseResult(row)?.paymentAmount || '0';
  return !isZero(paid) || MONEY_STATUSES.has(row.status);
}
const MONEY_STATUSES = new Set(['confirming', 'paid_less', 'pending', 'auditing']);

/**
 * order.cancel: a queued order is withdrawn at the till; one the gateway has is cancelled there
 * (merchant key). Once money was seen, only the owner cancels: the PIN is needed (wrong ones count
 * toward the owner's lockout), so the payer's money cannot be made to vanish from the cashier's side.
 */
export async function cancelOrder(till: TillParts, { orderId, pin }: Args<'order.cancel'>): Promise<OrderView> {
  const row = till.orderOrThrow(orderId);
  if (isEnded(row.status)) throw new PosError('conflict', `The order is already ${row.status}.`);
  if (moneySeen(row)) {
    if (!pin)
      throw new PosError(
        'owner_required',
        'Money was already received for this payment: the owner PIN is needed to cancel it.',
        'pin',
      );
    till.owner.lock(till.owner.unlock(pin).token);
  }
  if (row.status === 'queued') till.writer.withdrawn(orderId);
  else till.writer.cancelled(orderId, await till.link.client.cancel(row.trace_id));
  return till.view(till.orderOrThrow(orderId));
}
