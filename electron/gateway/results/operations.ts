/**
 * Reading a result and the merchant's operations on one (docs/api.md, "Results and statuses" and
 * "Merchant operations"): GET /v1/payments_result, cancel and the review decision. Status changes go
 * through the result engine; watchers are told after the commit. The result read is the busiest
 * endpoint: it answers from the stores' committed memos and builds nothing it does not return.
 */
import type { PaymentResult } from '../../../shared/wire.js';
import type { Clock } from '../../platform/clock.js';
import type { Catalog } from '../catalog.js';
import { GatewayError } from '../errors.js';
import type { Params } from '../http.js';
import { ParamReader } from '../params.js';
import type { Payees } from '../payees.js';
import type { Payments } from '../payments/payments.js';
import type { PaymentsStore } from '../payments/store.js';
import { resolvePayment } from '../payments/terms.js';
import type { ResultEngine } from './engine.js';
import { buildResult } from './view.js';

export interface ResultOperationsDeps {
  store: PaymentsStore;
  payments: Payments;
  catalog: Catalog;
  payees: Payees;
  engine: ResultEngine;
  clock: Clock;
  /** After payments changed (committed): wake the callback dispatcher, push to watchers. */
  committed: (traceIds: readonly string[]) => void;
}

const NO_PARTS: ReadonlySet<string> = new Set();

export class ResultOperations {
  constructor(private readonly deps: ResultOperationsDeps) {}

  /** GET /v1/payments_result; `with` asks for the optional parts (transactions, payment). */
  result(params: Params): PaymentResult {
    const { store, catalog, engine } = this.deps;
    const payment = resolvePayment(store, params);
    const asked = new ParamReader(params).raw('with');
    // Most polls ask for no optional part: no list or set to build for them.
    const withParts: ReadonlySet<string> = asked ? new Set(asked.split(',').map((s) => s.trim())) : NO_PARTS;
    return buildResult(
      payment,
      catalog,
      engine.transactionsOf(payment.trace_id),
      withParts,
      this.deps.payees.get(payment.payee_id),
      withParts.has('payment') ? store.current(payment.trace_id) : undefined,
    );
  }

  /** POST /v1/payments/cancel: the result after the payment ended `failed` 40032. */
  cancel(params: Params): PaymentResult {
    const { catalog, engine } = this.deps;
    const after = this.deps.payments.cancel(params);
    setImmediate(() => this.deps.committed([after.trace_id]));
    return buildResult(
      after,
      catalog,
      engine.transactionsOf(after.trace_id),
      new Set(),
      this.deps.payees.get(after.payee_id),
    );
  }

  /** POST /v1/payments/review: approve (settled at once) or reject (failed 10095) a payment in `auditing`. */
  review(params: Params, decision: 'approve' | 'reject', reason: string, by: string): PaymentResult {
    const { store, catalog, engine, clock } = this.deps;
    const payment = resolvePayment(store, params);
    const now = clock.now();
    const applied = engine.apply(payment, { kind: 'review', decision }, { by, reason });
    if (applied.outcome.refusal) throw GatewayError.of('cannotCancel', `traceId: ${applied.outcome.refusal.message}`);
    store.update(payment.trace_id, { reviewed_by: by, reviewed_at: now, review_reason: reason });
    setImmediate(() => this.deps.committed([payment.trace_id]));
    const after = store.get(payment.trace_id) ?? applied.payment;
    return buildResult(
      after,
      catalog,
      engine.transactionsOf(after.trace_id),
      new Set(['payment']),
      this.deps.payees.get(after.payee_id),
      store.current(after.trace_id),
    );
  }
}
