/**
 * Money to resolve (docs/api.md, "Money to resolve"): what a payment received that the merchant has
 * not kept as takings: everything recognised on a failed (expired, cancelled, rejected) order, the
 * surplus beyond what was due, late transactions, and deposits in a wrong asset; less what refunds
 * already cover. Derived from the ledger (the one record of money) and the refunds, never stored.
 */
import { add, isPositive, remaining, subtract } from '../../../shared/money.js';
import type { AssetAmount, MoneyToResolve } from '../../../shared/wire-refunds.js';
import type { Catalog } from '../catalog.js';
import type { PaymentRow, PaymentsStore } from '../payments/store.js';
import type { ResultEngine } from '../results/engine.js';
import type { Ledger } from '../results/ledger.js';
import { recognisedOf, surplusOf } from '../results/machine.js';
import type { RefundsStore } from './store.js';

export interface ResolveDeps {
  store: PaymentsStore;
  ledger: Ledger;
  engine: ResultEngine;
  refunds: RefundsStore;
  catalog: Catalog;
  /** Quote per payment-asset unit now ("" when it cannot be priced). */
  todayPrice: (payment: PaymentRow) => string;
}

type Sums = Map<string, string>;

function addTo(sums: Sums, assetId: string, amount: string): void {
  sums.set(assetId, add(sums.get(assetId) ?? '0', amount));
}

export class MoneyToResolveReader {
  constructor(private readonly deps: ResolveDeps) {}

  private list(sums: Sums): AssetAmount[] {
    return [...sums]
      .filter(([, amount]) => isPositive(amount))
      .map(([assetId, amount]) => ({ assetId, symbol: this.deps.catalog.assets.get(assetId)?.symbol ?? '', amount }));
  }

  /** Received per asset: every transaction of the payment not taken away by a reorganisation. */
  received(traceId: string): Sums {
    const sums: Sums = new Map();
    for (const t of this.deps.ledger.of(traceId))
      if (t.gone === 0 && t.booked !== 'unmatched') addTo(sums, t.asset_id, t.amount);
    return sums;
  }

  /**
   * Refunds that count, per asset: every refund but a withdrawn one. A flagged refund counts too:
   * its payout may well have left the wallet (a wrong amount or address) and it may still be given
   * the right txid, so the same money is not offered again until the owner withdraws it.
   */
  refunded(traceId: string): Sums {
    const sums: Sums = new Map();
    for (const r of this.deps.refunds.of(traceId))
      if (r.kind === 'refund' && r.status !== 'withdrawn') addTo(sums, r.asset_id, r.amount);
    return sums;
  }

  /** Money to resolve the merchant kept, per asset. */
  kept(traceId: string): Sums {
    const sums: Sums = new Map();
    for (const r of this.deps.refunds.of(traceId)) if (r.kind === 'keep') addTo(sums, r.asset_id, r.amount);
    return sums;
  }

  /** What is still to resolve of `assetId` for the payment ('0' when nothing). */
  left(payment: PaymentRow, assetId: string): string {
    return this.of(payment).toResolve.find((a) => a.assetId === assetId)?.amount ?? '0';
  }

  /** What may still be refunded of `assetId` for the payment: received less refunds. */
  refundable(traceId: string, assetId: string): string {
    return subtract(this.received(traceId).get(assetId) ?? '0', this.refunded(traceId).get(assetId) ?? '0');
  }

  of(payment: PaymentRow): MoneyToResolve {
    const { ledger, engine } = this.deps;
    const rows = ledger.of(payment.trace_id);
    const state = engine.stateOf(payment, rows);
    const items: (AssetAmount & { reason: MoneyToResolve['items'][number]['reason'] })[] = [];
    const item = (assetId: string, amount: string, reason: MoneyToResolve['items'][number]['reason']) => {
      if (isPositive(amount))
        items.push({ assetId, symbol: this.deps.catalog.assets.get(assetId)?.symbol ?? '', amount, reason });
    };
    const asset = payment.payment_asset_id;
    if (payment.status === 'failed') item(asset, recognisedOf(state), 'failed_order');
    item(asset, subtract(surplusOf(state), state.late), 'surplus');
    item(asset, state.late, 'late');
    const wrong: Sums = new Map();
    for (const t of rows) if (t.gone === 0 && t.booked === 'wrong_asset') addTo(wrong, t.asset_id, t.amount);
    for (const [assetId, amount] of wrong) item(assetId, amount, 'wrong_asset');
    const refunded = this.refunded(payment.trace_id);
    const kept = this.kept(payment.trace_id);
    const owed: Sums = new Map();
    for (const i of items) addTo(owed, i.assetId, i.amount);
    const toResolve: Sums = new Map();
    // Refunds and kept money cover what is owed first; a refund beyond it (the whole order refunded, say)
    // took the rest from the takings, and leaves nothing to resolve, never a negative amount.
    for (const [assetId, amount] of owed)
      toResolve.set(assetId, remaining(amount, add(refunded.get(assetId) ?? '0', kept.get(assetId) ?? '0')));
    const received = this.received(payment.trace_id);
    const refundable: Sums = new Map();
    for (const [assetId, amount] of received) refundable.set(assetId, subtract(amount, refunded.get(assetId) ?? '0'));
    return {
      traceId: payment.trace_id,
      orderId: payment.order_id ?? '',
      status: payment.status,
      failureCode: payment.failure_code,
      quoteAssetId: payment.quote_asset_id,
      quoteAmount: payment.quote_amount,
      paymentAssetId: asset,
      received: this.list(received),
      items,
      refunded: this.list(refunded),
      kept: this.list(kept),
      toResolve: this.list(toResolve),
      refundable: this.list(refundable),
      originalPrice: this.deps.store.current(payment.trace_id)?.price ?? '',
      todayPrice: this.deps.todayPrice(payment),
    };
  }

  /** Every payment with money still to resolve, newest first. */
  open(): MoneyToResolve[] {
    const out: MoneyToResolve[] = [];
    for (const traceId of this.deps.ledger.tracesWithMoney()) {
      const payment = this.deps.store.get(traceId);
      if (!payment) continue;
      const view = this.of(payment);
      if (view.toResolve.length > 0) out.push(view);
    }
    return out.sort((a, b) => this.created(b) - this.created(a));
  }

  private created(view: MoneyToResolve): number {
    return this.deps.store.get(view.traceId)?.created_at ?? 0;
  }
}
