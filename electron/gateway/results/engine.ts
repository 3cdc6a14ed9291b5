/**
 * Applies the state machine to stored payments: loads a payment's state from its row and its
 * ledger, runs `transition`, and writes the new state, an append-only event row (time, fact,
 * from, to) and the callback outbox rows of its effects, all in the caller's transaction (or
 * one of its own). The scheduler's due work lives in payment columns (deadline, settlement,
 * code expiry), so what fell due while the app was down is found and processed at start.
 */
import { add, compare, isZero } from '../../../shared/money.js';
import type { CallbackEvent } from '../../../shared/wire.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { IdSource } from '../../platform/ids.js';
import type { Catalog } from '../catalog.js';
import type { CallbackStore } from '../callbacks/store.js';
import { checkCallbackUrl } from '../callbacks/address-policy.js';
import type { PaymentRow, PaymentsStore } from '../payments/store.js';
import type { TransactionView } from './view.js';
import type { Ledger, TransactionRow } from './ledger.js';
import {
  CONFIRMATION_GRACE_MS,
  recognisedOf,
  surplusOf,
  transition,
  type Fact,
  type Outcome,
  type ResultState,
} from './machine.js';

export interface EngineDeps {
  db: Db;
  store: PaymentsStore;
  ledger: Ledger;
  catalog: Catalog;
  callbacks: CallbackStore;
  clock: Clock;
  ids: IdSource;
  mode: 'sandbox' | 'live';
  /** Settlement time once pending (sandbox: the setting, 10 s by default). */
  settlementMs: () => number;
  callbackAllowlist: () => readonly string[];
  /** After a commit that changed payments: wake the callback dispatcher, push to watchers. */
  onCommitted?: (traceIds: readonly string[]) => void;
}

export interface Applied {
  payment: PaymentRow;
  outcome: Outcome;
}

const sum = (rows: readonly TransactionRow[]): string => (rows.length ? add(...rows.map((t) => t.amount)) : '0');

/** The stored copy of the surplus (for SQL reports); results derive it from the ledger. */
function surplusColumns(state: ResultState): Pick<PaymentRow, 'surplus_amount' | 'surplus_status'> {
  const surplus = surplusOf(state);
  return { surplus_amount: surplus, surplus_status: isZero(surplus) ? 'no' : 'recorded' };
}

export class ResultEngine {
  constructor(private readonly deps: EngineDeps) {}

  /** The machine's view of a stored payment: its amounts always come from the ledger, the one record of money. */
  stateOf(payment: PaymentRow, rows: readonly TransactionRow[] = this.deps.ledger.of(payment.trace_id)): ResultState {
    const counted = rows.filter((t) => t.booked === 'counted' && t.gone === 0);
    const confirmed = counted.filter((t) => t.confirmed === 1);
    const late = rows.filter((t) => t.booked === 'surplus' && t.gone === 0);
    return {
      status: payment.status,
      paymentAssetId: payment.payment_asset_id,
      payable: payment.payable_amount || '0',
      received: sum(counted),
      confirmed: sum(confirmed),
      confirming: counted.length - confirmed.length,
      late: sum(late),
      deadlineMs: payment.expired_at * 1000,
      deadlinePassed: payment.deadline_passed === 1,
      reviewRequired: payment.review_required === 1,
      failureCode: payment.failure_code,
      failureReason: payment.failure_reason,
      settleStatus:
        payment.settle_status === 'pending' || payment.settle_status === 'success' ? payment.settle_status : '',
      settleDueMs: payment.settle_due_at,
      hasCallbackUrl: payment.callback_url !== '',
      callbackEvents: new Set(payment.callback_events.split('|').filter(Boolean)),
      awaitingInstruction: payment.is_one_time === 1 && payment.payment_asset_id === '',
    };
  }

  /** Amount recognised toward the order so far (what a locked instruction still asks for is the rest). */
  paidSoFar(traceId: string): string {
    const payment = this.deps.store.get(traceId);
    return payment ? recognisedOf(this.stateOf(payment)) : '0';
  }

  /** The result's transactions list: everything counted or kept for the order. */
  transactionsOf(traceId: string): TransactionView[] {
    return this.deps.ledger.of(traceId).map((t) => ({
      // Token transfers are kept as "<hash>:<logIndex>" (one transaction may pay several orders).
      txid: t.txid.split(':')[0]!,
      assetId: t.asset_id,
      amount: t.amount,
      confirmations: t.kind === 'wallet' ? -1 : t.confirmations,
      requiredConfirmations: t.required_confirmations,
      seenAt: Math.floor(t.seen_at / 1000),
      counted: t.booked === 'counted' && t.gone === 0,
      late: t.booked === 'surplus' && t.gone === 0,
      confirmed: t.confirmed === 1,
    }));
  }

  /**
   * Applies one fact to one payment inside the current transaction. `tx` is the ledger row a
   * money fact is about (already inserted). Returns the updated row and the outcome.
   */
  apply(payment: PaymentRow, fact: Fact, cause: Record<string, unknown> = {}): Applied {
    const { store, ledger, clock } = this.deps;
    const now = clock.now();
    const before = this.stateOf(payment);
    const outcome = transition(before, fact, now, { settlementMs: this.deps.settlementMs() });
    if (outcome.refusal) return { payment, outcome };
    const after = outcome.state;
    for (const effect of outcome.effects) {
      if (effect.kind === 'book') ledger.book(fact.kind === 'transfer' ? 'wallet' : 'chain', effect.txid, effect.as);
    }
    const changes: Partial<PaymentRow> = {
      status: after.status,
      failure_code: after.failureCode,
      failure_reason: after.failureReason,
      settle_status: after.settleStatus,
      settle_due_at: after.settleDueMs,
      ...surplusColumns(after),
      deadline_passed: after.deadlinePassed ? 1 : 0,
      updated_at: now,
    };
    // Once money is recognised the amount due is locked (docs/api.md, "Deadlines and windows").
    if (!isZero(after.received) || compare(after.received, before.received) !== 0) changes.amount_locked = 1;
    if (after.status === 'success' && before.status !== 'success')
      Object.assign(changes, this.settlement(payment, after));
    store.update(payment.trace_id, changes);
    store.event(payment.trace_id, now, fact.kind, before.status, after.status, { ...fact, ...cause });
    for (const effect of outcome.effects) {
      if (effect.kind === 'callback') this.enqueueCallback(payment, effect.event, now);
    }
    const updated = store.get(payment.trace_id);
    if (!updated) throw new Error(`payment ${payment.trace_id} vanished`);
    return { payment: updated, outcome };
  }

  /**
   * The ledger changed without a fact for the machine (a late transaction a reorganisation took
   * away): the stored surplus follows it, with an event saying why. Results never wait for this;
   * they derive their amounts from the ledger.
   */
  resync(payment: PaymentRow, cause: Record<string, unknown>): void {
    const columns = surplusColumns(this.stateOf(payment));
    if (columns.surplus_amount === payment.surplus_amount) return;
    const now = this.deps.clock.now();
    this.deps.store.update(payment.trace_id, { ...columns, updated_at: now });
    this.deps.store.event(payment.trace_id, now, 'ledger', payment.status, payment.status, {
      ...cause,
      surplusAmount: columns.surplus_amount,
    });
  }

  /** What was settled: the settlement asset and the estimate of the instruction paid. */
  private settlement(payment: PaymentRow, state: ResultState): Partial<PaymentRow> {
    const instruction = this.deps.store.current(payment.trace_id);
    const assetId = instruction?.settlement_asset_id || payment.payment_asset_id;
    const asset = this.deps.catalog.assets.get(assetId);
    const paidInAsset = assetId === payment.payment_asset_id;
    const amount = paidInAsset
      ? isZero(state.payable)
        ? state.confirmed
        : state.payable
      : instruction?.estimated_settlement_amount || '0';
    return { settle_amount: amount, settle_asset: assetId, settle_symbol: asset?.symbol ?? '' };
  }

  /** Puts a callback of `event` in the outbox (inside the caller's transaction); refunds use it for `refund`. */
  enqueueCallback(payment: PaymentRow, event: CallbackEvent, nowMs: number): void {
    const verdict = checkCallbackUrl(payment.callback_url, this.deps.mode, this.deps.callbackAllowlist());
    if (!verdict.ok) return; // checked at create; a changed allowlist may refuse it now
    // Production bodies carry identifiers only; the sandbox adds the event (docs/api.md, "Callbacks").
    const body: Record<string, string> = {
      orderId: payment.order_id ?? '',
      traceId: payment.trace_id,
      payeeId: payment.payee_id,
    };
    if (this.deps.mode === 'sandbox') body.callbackEvent = event;
    this.deps.callbacks.enqueue({
      deliveryId: this.deps.ids.uuid(),
      traceId: payment.trace_id,
      event,
      url: payment.callback_url,
      origin: verdict.origin,
      body: JSON.stringify(body),
      nowMs,
    });
  }

  /** Processes every deadline, confirmation grace, settlement and code expiry due at `nowMs`. */
  processDue(nowMs: number): number {
    const { db, store } = this.deps;
    const touched: string[] = [];
    db.transaction(() => {
      const due = store.dueWork(nowMs, Math.floor((nowMs - CONFIRMATION_GRACE_MS) / 1000));
      const work: [string, Fact][] = [
        ...due.codes.map((t): [string, Fact] => [t, { kind: 'code_expired' }]),
        ...due.deadlines.map((t): [string, Fact] => [t, { kind: 'deadline' }]),
        ...due.graceOver.map((t): [string, Fact] => [t, { kind: 'grace_over' }]),
        ...due.settlements.map((t): [string, Fact] => [t, { kind: 'settled' }]),
      ];
      for (const [traceId, fact] of work) {
        const payment = store.get(traceId);
        if (!payment) continue;
        const applied = this.apply(payment, fact, { by: 'scheduler' });
        if (applied.payment.status !== payment.status || applied.payment.deadline_passed !== payment.deadline_passed)
          touched.push(traceId);
      }
    })();
    if (touched.length) this.deps.onCommitted?.(touched);
    return touched.length;
  }
}
