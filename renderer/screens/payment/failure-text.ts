/**
 * Why a payment failed, in words: the text for its failure code when there is one, else the gateway's
 * reason, else the bare code (docs/api.md, "Results and statuses").
 */
import type { OrderView } from '../../../shared/posapi.js';
import { hasText, t } from '../../app/text.js';

export function failureText(order: OrderView): string {
  const code = order.progress?.failureCode ?? '';
  const key = `failure_${code}`;
  return hasText(key) ? t(key) : order.progress?.failureReason || code;
}

/** A payment the shop cancelled (at the till or at the gateway) is not a failure of the payer. */
export function cancelled(order: OrderView): boolean {
  return order.progress?.failureCode === '40032' || (order.status === 'failed' && !order.progress);
}
