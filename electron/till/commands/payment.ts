/** Payment actions on an open order: a new instruction window, and cancel (docs/api.md, "Deadlines and windows"). */
import { type OrderView } from '../../../shared/posapi.js';
import { isZero } from '../../../shared/money.js';
import type { OrderRow } from '../orders/book.js';
import { isEnded } from '../orders/machine.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import { parseResult } from '../orders/views.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';
import { ownOrderOrThrow } from './charge.js';
import { posError } from '../../../shared/pos-error.js';

/** order.refresh: renews the instruction now (a queued order has none yet). */
export async function refreshOrder(
  till: TillParts,
  { orderId }: Args<'order.refresh'>,
  caller: PosCaller,
): Promise<OrderView> {
  const row = ownOrderOrThrow(till, orderId, caller);
  if (row.status === 'queued') return till.view(row);
  if (isEnded(row.status)) throw posError('order_ended', { status: row.status });
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
 * (merchant key). Only managers and the owner cancel (the permission table); once money was seen they
 * confirm with their own PIN after seeing the amount (wrong ones count toward their lockout), so the
 * payer's money cannot be made to vanish with one press.
 */
export async function cancelOrder(
  till: TillParts,
  { orderId, pin }: Args<'order.cancel'>,
  caller: PosCaller,
): Promise<OrderView> {
  const row = till.orderOrThrow(orderId);
  if (isEnded(row.status)) throw posError('order_ended', { status: row.status });
  if (moneySeen(row)) till.staff.confirmWithPin(caller, pin, 'money_seen_confirm_pin');
  if (row.status === 'queued') till.writer.withdrawn(orderId);
  else till.writer.cancelled(orderId, await till.link.client.cancel(row.trace_id));
  const amount = `${row.quote_amount} ${row.quote_symbol}`;
  till.audit.record(callerActor(caller), 'order.cancel', orderId, { status: row.status, amount });
  return till.view(till.orderOrThrow(orderId));
}
