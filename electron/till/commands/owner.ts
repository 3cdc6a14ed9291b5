/**
 * The owner's review (README, "The owner's day review"): unlock with the PIN, the day's figures,
 * a payment's detail, review decisions, callback redelivery and CSV export. Every command but unlock
 * needs the owner's session, checked here in the main process.
 */
import type { DayReview, OrderDetail, OwnerSession } from '../../../shared/posapi.js';
import type { Args, TillParts } from '../parts.js';

/** owner.unlock */
export async function unlockOwner(till: TillParts, { pin }: Args<'owner.unlock'>): Promise<OwnerSession> {
  return till.owner.unlock(pin);
}

/** owner.lock */
export async function lockOwner(till: TillParts, { token }: Args<'owner.lock'>): Promise<{ locked: true }> {
  till.owner.lock(token);
  return { locked: true };
}

/** owner.day */
export async function dayReview(till: TillParts, { token, ...filters }: Args<'owner.day'>): Promise<DayReview> {
  till.owner.check(token);
  return till.owner.day(filters);
}

/** owner.order */
export async function orderDetail(till: TillParts, { token, orderId }: Args<'owner.order'>): Promise<OrderDetail> {
  till.owner.check(token);
  return till.owner.detail(orderId);
}

/** owner.review */
export async function reviewPayment(
  till: TillParts,
  { token, orderId, decision, reason }: Args<'owner.review'>,
): Promise<OrderDetail> {
  till.owner.check(token);
  return till.owner.review(orderId, decision, reason);
}

/** owner.redeliver */
export async function redeliverCallback(
  till: TillParts,
  { token, orderId, deliveryId }: Args<'owner.redeliver'>,
): Promise<OrderDetail> {
  till.owner.check(token);
  return till.owner.redeliver(orderId, deliveryId);
}

/** owner.export */
export async function exportCsv(
  till: TillParts,
  { token, from, to }: Args<'owner.export'>,
): Promise<{ filename: string; csv: string; rows: number }> {
  till.owner.check(token);
  return till.owner.exportCsv(from, to);
}
