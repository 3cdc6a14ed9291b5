/**
 * Booking what a rail observed, in one place for every rail: a transaction that arrived for a
 * payment, its confirmations, and its disappearance in a reorganisation. Each becomes a fact for
 * the result engine (which books the ledger row by the machine's verdict, writes the status change,
 * its history and its callbacks); late money a reorganisation takes away leaves the stored surplus
 * too (docs/api.md, "Amounts and surplus"). The rail records the transaction in the ledger first
 * and calls these inside its own SQLite transaction; it tells watchers after the commit.
 */
import type { ResultStatus } from '../../../shared/status.js';
import type { Clock } from '../../platform/clock.js';
import type { PaymentRow, PaymentsStore } from '../payments/store.js';
import type { ResultEngine } from '../results/engine.js';
import type { Ledger, TransactionRow } from '../results/ledger.js';

export interface TransactionFactsDeps {
  store: PaymentsStore;
  ledger: Ledger;
  engine: ResultEngine;
  clock: Clock;
}

/** The failure code a transaction in the wrong asset is kept under (never counted). */
const WRONG_ASSET = '40020';

/** What became of a transaction: how it was booked and the payment's status after it. */
export interface Booked {
  booked: TransactionRow['booked'];
  status: ResultStatus;
}

export interface Vanished {
  /** The payment it belonged to ('' when none). */
  traceId: string;
  status: string;
  /** Whether the payment's result or stored surplus changed. */
  changed: boolean;
  /** It had been confirmed: a reorganisation deeper than the confirmations asked for. */
  wasConfirmed: boolean;
}

export class TransactionFacts {
  constructor(private readonly deps: TransactionFactsDeps) {}

  /**
   * A transaction for `payment`, just added to the ledger unbooked: a wallet transfer (final at
   * once) or an on-chain one (final when `tx.confirmed`, as on networks that need no confirmation).
   */
  arrived(
    payment: PaymentRow,
    tx: Pick<TransactionRow, 'kind' | 'txid' | 'asset_id' | 'amount' | 'confirmed'>,
    cause: Record<string, unknown>,
  ): Booked {
    const { engine, ledger } = this.deps;
    const money = { txid: tx.txid, assetId: tx.asset_id, amount: tx.amount };
    const applied = engine.apply(
      payment,
      tx.kind === 'wallet' ? { kind: 'transfer', ...money } : { kind: 'seen', ...money, final: tx.confirmed === 1 },
      cause,
    );
    const booked = ledger.get(tx.kind, tx.txid)?.booked ?? 'unmatched';
    const status = applied.payment.status;
    if (booked === 'wrong_asset') this.wrongAssetEvent(payment.trace_id, status, { txid: tx.txid });
    return { booked, status };
  }

  /**
   * A transaction that can never count for `payment` whatever its state (an asset of another
   * network sent to its address): kept in the ledger as the wrong asset, the machine not asked.
   */
  keptAsWrongAsset(payment: PaymentRow, tx: Pick<TransactionRow, 'kind' | 'txid' | 'asset_id' | 'amount'>): Booked {
    this.deps.ledger.book(tx.kind, tx.txid, 'wrong_asset');
    this.wrongAssetEvent(payment.trace_id, payment.status, { txid: tx.txid, assetId: tx.asset_id, amount: tx.amount });
    return { booked: 'wrong_asset', status: payment.status };
  }

  /**
   * A chain transaction now has `confirmations`. Reaching the required number confirms it for its
   * payment (the fact is applied to the state before, then the ledger records the count). Returns
   * the payment it moved, if any.
   */
  confirmations(tx: TransactionRow, confirmations: number, cause: Record<string, unknown>): string | undefined {
    const { store, engine, ledger } = this.deps;
    const reached = confirmations >= tx.required_confirmations;
    const payment = reached && tx.booked === 'counted' && tx.trace_id ? store.get(tx.trace_id) : undefined;
    if (payment) engine.apply(payment, { kind: 'confirmed', txid: tx.txid, amount: tx.amount }, cause);
    if (confirmations !== tx.confirmations || reached)
      ledger.setConfirmations(tx.kind, tx.txid, confirmations, reached);
    return payment?.trace_id;
  }

  /** A reorganisation took `tx` away: it no longer counts, and late money leaves the stored surplus. */
  gone(tx: TransactionRow, cause: Record<string, unknown>): Vanished {
    const { store, engine, ledger } = this.deps;
    const payment = tx.trace_id ? store.get(tx.trace_id) : undefined;
    const counted = payment !== undefined && tx.booked === 'counted' && tx.confirmed === 0;
    const applied = counted
      ? engine.apply(payment, { kind: 'gone', txid: tx.txid, amount: tx.amount }, cause)
      : undefined;
    ledger.markGone(tx.kind, tx.txid);
    const late = payment !== undefined && tx.booked === 'surplus';
    if (late) engine.resync(payment, { ...cause, txid: tx.txid });
    return {
      traceId: tx.trace_id ?? '',
      status: applied?.payment.status ?? payment?.status ?? '',
      changed: counted || late,
      wasConfirmed: tx.confirmed === 1,
    };
  }

  private wrongAssetEvent(traceId: string, status: ResultStatus, detail: Record<string, string>): void {
    this.deps.store.event(traceId, this.deps.clock.now(), 'wrong_asset', status, status, {
      ...detail,
      failureCode: WRONG_ASSET,
    });
  }
}
