/**
 * Identity and idempotency of payments (docs/api.md, "Creating a payment"): orderId + payeeId, or
 * traceId, name one payment, never two; an existing order asked for with other terms is refused
 * (10084), and one that ended cannot be created or refreshed again (10020, 10065).
 */
import { compare } from '../../../shared/money.js';
import { GatewayError, paramError } from '../errors.js';
import type { Params } from '../http.js';
import { ParamReader } from '../params.js';
import type { AskedTerms } from './param-rules.js';
import type { PaymentRow, PaymentsStore } from './store.js';

/** The payment a create names, if it exists (by traceId, by orderId + payeeId; both must agree). */
export function findExisting(store: PaymentsStore, asked: AskedTerms): PaymentRow | undefined {
  const byTrace = asked.traceId ? store.get(asked.traceId) : undefined;
  const byOrder = asked.orderId && asked.payeeId ? store.getByOrder(asked.payeeId, asked.orderId) : undefined;
  if (byTrace && byOrder && byTrace.trace_id !== byOrder.trace_id) {
    throw GatewayError.of('termsConflict', 'traceId: this traceId belongs to another order than orderId');
  }
  return byTrace ?? byOrder;
}

/** The payment a query names by traceId or orderId + payeeId (10062 when unknown). */
export function resolvePayment(store: PaymentsStore, params: Params): PaymentRow {
  const p = new ParamReader(params);
  const traceId = p.uuid('traceId');
  const orderId = p.raw('orderId');
  const payeeId = p.uuid('payeeId');
  if (traceId) {
    const payment = store.get(traceId);
    if (!payment) throw GatewayError.of('orderNotFound', `traceId: no payment ${traceId}`);
    return payment;
  }
  if (orderId && payeeId) {
    const payment = store.getByOrder(payeeId, orderId);
    if (!payment) throw GatewayError.of('orderNotFound', `orderId: no payment ${orderId} for payee ${payeeId}`);
    return payment;
  }
  if (orderId) throw paramError('payeeId', 'is required with orderId');
  throw paramError('traceId', 'is required (or orderId with payeeId)');
}

export function refuseTerminal(payment: PaymentRow): void {
  if (payment.status === 'success')
    throw GatewayError.of('orderCompleted', `traceId: the order ${payment.trace_id} has already been paid`);
  if (payment.status === 'failed')
    throw GatewayError.of(
      'orderFailed',
      `traceId: the order ${payment.trace_id} has ${payment.failure_code === '40000' ? 'expired' : 'failed'} (${payment.failure_reason}); create a new order`,
    );
}

/** Other terms than the payment asset / chain choice must match the order as created. */
export function checkSameTerms(payment: PaymentRow, asked: AskedTerms): void {
  const conflict = (name: string): never => {
    throw GatewayError.of(
      'termsConflict',
      `${name}: differs from the existing order ${payment.order_id ?? payment.trace_id}; an order's terms cannot change`,
    );
  };
  if (asked.payeeId !== undefined && asked.payeeId !== payment.payee_id) conflict('payeeId');
  if (asked.orderId !== undefined && asked.orderId !== (payment.order_id ?? undefined)) conflict('orderId');
  if (asked.quoteAssetId !== undefined && asked.quoteAssetId !== payment.quote_asset_id) conflict('quoteAssetId');
  if (asked.paymentAmount !== undefined) {
    if (payment.fixed_payment_amount === '' || compare(asked.paymentAmount, payment.fixed_payment_amount) !== 0)
      conflict('paymentAmount');
  } else if (
    asked.quoteAmount !== undefined &&
    (payment.quote_amount === '' || compare(asked.quoteAmount, payment.quote_amount) !== 0) &&
    payment.fixed_payment_amount === ''
  )
    conflict('quoteAmount');
  if (asked.settlementAssetId !== undefined && asked.settlementAssetId !== payment.settlement_asset_id)
    conflict('settlementAssetId');
}
