/**
 * The day review (README, "The owner's day review"): the day's figures, a payment's detail, review
 * decisions, callback redelivery and CSV export. Who may run each is in staff/permissions.ts, checked
 * by the dispatcher before these run; decisions and exports go to the audit log.
 */
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { DayReview, OrderDetail } from '../../../shared/posapi.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';

/** owner.day */
export async function dayReview(till: TillParts, filters: Args<'owner.day'>): Promise<DayReview> {
  // Totals name each asset's network from the gateway's asset list: have it (once) before adding up,
  // or the same day would read "USDT" now and "USDT (Ethereum)" a moment later. Offline, they go without.
  if (till.link.view().online) await till.catalog.load();
  const review = till.owner.day(filters);
  if (till.link.view().online) await till.refunds.refreshDay(review.day, review.timeZone);
  return { ...review, refunds: till.refunds.day(review) };
}

/** owner.order */
export async function orderDetail(till: TillParts, { orderId }: Args<'owner.order'>): Promise<OrderDetail> {
  return till.owner.detail(orderId);
}

/** owner.review: the gateway is told who decided. */
export async function reviewPayment(
  till: TillParts,
  { orderId, decision, reason }: Args<'owner.review'>,
  caller: PosCaller,
): Promise<OrderDetail> {
  const detail = await till.owner.review(orderId, decision, reason, caller.account?.name || 'owner');
  till.audit.record(callerActor(caller), 'review.decision', orderId, { decision, reason });
  return detail;
}

/** owner.redeliver */
export async function redeliverCallback(
  till: TillParts,
  { orderId, deliveryId }: Args<'owner.redeliver'>,
): Promise<OrderDetail> {
  return till.owner.redeliver(orderId, deliveryId);
}

/** owner.export */
export async function exportCsv(
  till: TillParts,
  { from, to }: Args<'owner.export'>,
  caller: PosCaller,
): Promise<{ filename: string; csv: string; rows: number }> {
  const exported = till.owner.exportCsv(from, to);
  till.audit.record(callerActor(caller), 'export.orders', exported.filename, { from, to, rows: exported.rows });
  return exported;
}
