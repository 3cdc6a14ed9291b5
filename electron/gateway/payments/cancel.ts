/**
 * POST /v1/payments/cancel, a merchant operation (docs/api.md, "Merchant operations"): any open
 * status ends `failed` 40032 through the result machine, with its history and callbacks; a payment
 * that already ended is refused with 10032. One transaction.
 */
import { isTerminal } from '../../../shared/status.js';
import { GatewayError } from '../errors.js';
import type { Params } from '../http.js';
import type { ResultEngine } from '../results/engine.js';
import type { PaymentRow, PaymentsStore } from './store.js';
import { resolvePayment } from './terms.js';

export function cancelPayment(store: PaymentsStore, engine: ResultEngine, params: Params): PaymentRow {
  return store.db.transaction(() => {
    const payment = resolvePayment(store, params);
    if (isTerminal(payment.status))
      throw GatewayError.of(
        'cannotCancel',
        `traceId: the payment is already ${payment.status} and cannot be cancelled`,
      );
    const applied = engine.apply(payment, { kind: 'cancel' }, { by: 'merchant' });
    if (applied.outcome.refusal) throw GatewayError.of('cannotCancel', `traceId: ${applied.outcome.refusal.message}`);
    const after = store.get(payment.trace_id);
    if (!after) throw new Error('payment vanished during cancel');
    return after;
  })();
}
