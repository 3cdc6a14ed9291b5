/**
 * order.abandon: a cashier gives up their own sale that nothing was paid on (the payer walked away),
 * instead of leaving it open until its deadline. Cancelling a payment that money reached stays a
 * manager's (order.cancel, with their PIN): a cashier's press must never make a payer's money vanish.
 */
import { type OrderView } from '../../../shared/posapi.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import { isEnded } from '../orders/machine.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';
import { ownOrderOrThrow } from './charge.js';
import { moneySeen } from './payment.js';
import { posError } from '../../../shared/pos-error.js';

export async function abandonOrder(
  till: TillParts,
  { orderId }: Args<'order.abandon'>,
  caller: PosCaller,
): Promise<OrderView> {
  const row = ownOrderOrThrow(till, orderId, caller);
  if (isEnded(row.status)) throw posError('order_ended', { status: row.status });
  if (moneySeen(row)) throw posError('money_seen_ask_manager');
  if (row.status === 'queued') till.writer.withdrawn(orderId);
  else till.writer.cancelled(orderId, await till.link.client.cancel(row.trace_id));
  const amount = `${row.quote_amount} ${row.quote_symbol}`;
  till.audit.record(callerActor(caller), 'order.abandon', orderId, { status: row.status, amount });
  return till.view(till.orderOrThrow(orderId));
}
