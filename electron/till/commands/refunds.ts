/**
 * Refund commands (issue 18; README, "Refunds"): managers and the owner start a refund from an order
 * with a reason, enter the txid their wallet sent (or let the sandbox's simulated wallet pay), and
 * see what every payment still has to resolve. Who may run each is in staff/permissions.ts; every
 * request and payout goes to the audit log.
 */
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { RefundDetail, ToResolveItem } from '../../../shared/posapi-refunds.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';

function staffOf(caller: PosCaller) {
  return { id: caller.account?.accountId ?? '', name: caller.account?.name || 'owner' };
}

/** refund.detail */
export async function refundDetail(till: TillParts, { orderId }: Args<'refund.detail'>): Promise<RefundDetail> {
  return till.refunds.detail(orderId);
}

/** refund.create */
export async function createRefund(
  till: TillParts,
  { orderId, ...asked }: Args<'refund.create'>,
  caller: PosCaller,
): Promise<RefundDetail> {
  const { refund, detail } = await till.refunds.create(orderId, asked, staffOf(caller));
  till.audit.record(callerActor(caller), 'refund.request', orderId, {
    refundId: refund.refundId,
    amount: `${refund.amount} ${refund.symbol}`,
    quoteValue: `${refund.quoteAtOriginalRate} ${refund.quoteSymbol}`,
    destination: refund.destination,
    reason: refund.reason,
  });
  return detail;
}

/** refund.sent: the txid the owner's wallet sent. */
export async function refundSent(
  till: TillParts,
  { orderId, refundId, txid }: Args<'refund.sent'>,
  caller: PosCaller,
): Promise<RefundDetail> {
  const refund = await till.refunds.sent(orderId, refundId, txid, staffOf(caller));
  till.audit.record(callerActor(caller), 'refund.sent', orderId, { refundId, txid: refund.txid });
  return till.refunds.detail(orderId);
}

/** refund.sandboxSend (TEST MODE): the simulated wallet pays. */
export async function sandboxSendRefund(
  till: TillParts,
  { orderId, refundId }: Args<'refund.sandboxSend'>,
  caller: PosCaller,
): Promise<RefundDetail> {
  const refund = await till.refunds.sent(orderId, refundId, undefined, staffOf(caller));
  till.audit.record(callerActor(caller), 'refund.sent', orderId, { refundId, txid: refund.txid, sandbox: true });
  return till.refunds.detail(orderId);
}

/** refund.withdraw: a refund to send or a flagged one is taken back. */
export async function withdrawRefund(
  till: TillParts,
  { orderId, refundId, reason }: Args<'refund.withdraw'>,
  caller: PosCaller,
): Promise<RefundDetail> {
  const refund = await till.refunds.withdraw(orderId, refundId, reason, staffOf(caller));
  till.audit.record(callerActor(caller), 'refund.withdraw', orderId, {
    refundId,
    amount: `${refund.amount} ${refund.symbol}`,
    reason,
  });
  return till.refunds.detail(orderId);
}

/** refund.keep: the shop keeps money to resolve (a tip, a late payment it honours). */
export async function keepMoney(
  till: TillParts,
  { orderId, ...asked }: Args<'refund.keep'>,
  caller: PosCaller,
): Promise<RefundDetail> {
  const detail = await till.refunds.keep(orderId, asked, staffOf(caller));
  till.audit.record(callerActor(caller), 'money.kept', orderId, { amount: asked.amount, reason: asked.reason });
  return detail;
}

/** owner.toResolve */
export async function moneyToResolve(till: TillParts): Promise<ToResolveItem[]> {
  return till.refunds.toResolve();
}
