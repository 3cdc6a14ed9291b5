/** Payment actions on an open order: a new instruction window, and cancel (docs/api.md, "Deadlines and windows"). */
import { PosError, type OrderView } from '../../../shared/posapi.js';
import { isEnded } from '../orders/machine.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';
import { ownOrderOrThrow } from './charge.js';

/** order.refresh: renews the instruction now (a queued order has none yet). */
export async function refreshOrder(
  till: TillParts,
  { orderId }: Args<'order.refresh'>,
  caller: PosCaller,
): Promise<OrderView> {
  const row = ownOrderOrThrow(till, orderId, caller);
  if (row.status === 'queued') return till.view(row);
  if (isEnded(row.status)) throw new PosError('conflict', `The order is already ${row.status}.`);
  // A renewal due right now is already asking: its new instruction is the answer.
  const renewing = till.scheduler.runningNow('refresh', orderId);
  if (renewing) await renewing;
  else till.writer.renewed(orderId, await till.link.client.refresh(row.trace_id));
  return till.view(till.orderOrThrow(orderId));
}

/** order.cancel: a queued order is withdrawn at the till; one the gateway has is cancelled there (merchant key). */
export async function cancelOrder(
  till: TillParts,
  { orderId }: Args<'order.cancel'>,
  caller: PosCaller,
): Promise<OrderView> {
  const row = till.orderOrThrow(orderId);
  if (isEnded(row.status)) throw new PosError('conflict', `The order is already ${row.status}.`);
  if (row.status === 'queued') till.writer.withdrawn(orderId);
  else till.writer.cancelled(orderId, await till.link.client.cancel(row.trace_id));
  const amount = `${row.quote_amount} ${row.quote_symbol}`;
  till.audit.record(callerActor(caller), 'order.cancel', orderId, { status: row.status, amount });
  return till.view(till.orderOrThrow(orderId));
}
