/** Whether the payer has already paid something the gateway saw: from then on no QR invites a second payment. */
import type { OrderView } from '../../../shared/posapi.js';

export function moneySeen(order: OrderView): boolean {
  const paid = order.progress?.paidAmount ?? '0';
  return /[1-9]/.test(paid) || ['confirming', 'paid_less', 'pending', 'auditing'].includes(order.status);
}

/** Paid in full (or more) and waiting: confirmations, settlement or the owner's review. */
export function paidAndWaiting(order: OrderView): boolean {
  return ['confirming', 'pending', 'auditing'].includes(order.status);
}
