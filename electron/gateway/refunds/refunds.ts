/**
 * Refunds (docs/api.md, "Refunds"): the merchant asks for one (full or partial, in the asset or in
 * the quote currency at the original or today's rate), the owner's own wallet pays it (the gateway
 * never signs), the txid is entered or the sandbox's simulated wallet pays, and a rail checks it.
 * Status `to_send` -> `sent` -> `confirmed`, or `flagged` when the chain shows something else;
 * the owner may withdraw one to send or flagged (`withdrawn`). A refund counts until withdrawn.
 * The total refunded never exceeds what was received. Every status change writes its payment event
 * and its `refund` callback in the same transaction; sent refunds are due work in gateway.db
 * (`next_check_at`), looked at by the gateway's scheduler, so a restart resumes them.
 */
import { compare, decimalPlaces } from '../../../shared/money.js';
import type { MoneyToResolve, Refund } from '../../../shared/wire-refunds.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { IdSource } from '../../platform/ids.js';
import type { Logger } from '../../platform/logger.js';
import type { Catalog } from '../catalog.js';
import { GatewayError, paramError } from '../errors.js';
import type { Params } from '../http.js';
import { isUuid, ParamReader } from '../params.js';
import type { PaymentRow, PaymentsStore } from '../payments/store.js';
import { resolvePayment } from '../payments/terms.js';
import type { ResultEngine } from '../results/engine.js';
import type { PayoutChecker, PayoutDetection, PayoutVerdict } from './checks.js';
import { askedRefund, tooLargeRefusal } from './asked.js';
import type { MoneyToResolveReader } from './resolve.js';
import type { RefundRow, RefundsStore } from './store.js';
import { refundView } from './view.js';

/** The columns of a `keep` row that only payouts use. */
const KEEP_UNUSED = {
  is_chain: 0,
  destination: '',
  tag: '',
  amount_in: 'asset',
  quote_asked: '',
  status: 'kept',
  txid: '',
  flag_reason: '',
  confirmations: 0,
  required_confirmations: 0,
  sent_height: 0,
  next_check_at: 0,
  withdrawn_reason: '',
} as const;

/** How often a sent refund is looked at on chain (gateway-clock ms). */
const CHECK_EVERY_MS = 2000;

export interface RefundsDeps {
  db: Db;
  store: PaymentsStore;
  refunds: RefundsStore;
  reader: MoneyToResolveReader;
  engine: ResultEngine;
  catalog: Catalog;
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  sandbox: boolean;
  checkers: readonly PayoutChecker[];
  assetExtras: (assetId: string) => Record<string, unknown> | undefined;
  /** The height of a sandbox chain now (0 outside the sandbox). */
  sandboxHeight: (network: string) => number;
  committed: (traceIds: readonly string[]) => void;
}

export class Refunds {
  private checking: Promise<void> | undefined;

  constructor(private readonly deps: RefundsDeps) {}

  view(row: RefundRow): Refund {
    const payment = this.deps.store.get(row.trace_id);
    return refundView(row, {
      catalog: this.deps.catalog,
      orderId: payment?.order_id ?? '',
      assetExtras: this.deps.assetExtras,
    });
  }

  /** GET /v1/payments/resolve: what a payment received and has not kept as takings. */
  toResolve(params: Params): MoneyToResolve {
    return this.deps.reader.of(resolvePayment(this.deps.store, params));
  }

  /** POST /v1/refunds (inside the caller's transaction). */
  create(params: Params): Refund {
    const { store, refunds, clock, ids, reader } = this.deps;
    const payment = resolvePayment(store, params);
    const asked = askedRefund(params, payment, {
      catalog: this.deps.catalog,
      reader,
      sandbox: this.deps.sandbox,
      isOwnDeposit: (destination, tag) => this.isOwnDeposit(destination, tag),
    });
    const left = reader.refundable(payment.trace_id, asked.asset_id);
    if (compare(asked.amount, left) > 0) throw tooLargeRefusal(asked, left, this.deps.catalog);
    const now = clock.now();
    const row: RefundRow = {
      ...asked,
      kind: 'refund',
      refund_id: ids.uuid(),
      trace_id: payment.trace_id,
      status: 'to_send',
      txid: '',
      flag_reason: '',
      confirmations: 0,
      required_confirmations: 0,
      sent_height: 0,
      next_check_at: 0,
      created_at: now,
      updated_at: now,
      withdrawn_reason: '',
    };
    // On a real rail a payout sent without its txid is looked for (due work, as the checks of sent ones).
    if (this.detectorFor(row)) row.next_check_at = now;
    refunds.insert(row);
    this.changed(payment, row, 'refund_requested');
    return this.view(row);
  }

  /** POST /v1/payments/keep: the merchant keeps (part of) the money to resolve; nothing is paid out. */
  keep(params: Params): MoneyToResolve {
    const { store, refunds, clock, ids, reader, catalog } = this.deps;
    const payment = resolvePayment(store, params);
    const p = new ParamReader(params);
    const assetId = (p.uuid('assetId') ?? payment.payment_asset_id).toLowerCase();
    const amount = p.amount('amount');
    if (!amount) throw paramError('amount', 'is required');
    // Refusals name the amounts with their unit, as a refund's do (docs/api.md, "Money to resolve").
    const asset = catalog.assets.get(assetId);
    if (!asset) throw paramError('assetId', `${assetId} is no asset of this gateway: nothing of it is left to resolve`);
    const symbol = asset.symbol;
    // As a refund: an amount finer than the asset's smallest unit would leave a remainder nobody can pay out.
    if (decimalPlaces(amount) > asset.precision)
      throw paramError('amount', `has more than ${asset.precision} decimal places for ${symbol}`);
    const left = reader.left(payment, assetId);
    if (compare(amount, left) > 0)
      throw paramError(
        'amount',
        `${amount} ${symbol} is more than what is left to resolve of this payment: ${left} ${symbol}`,
      );
    const reason = p.text('reason', 200);
    if (!reason) throw paramError('reason', 'is required (why the shop keeps it)');
    const now = clock.now();
    const view = reader.of(payment);
    const row: RefundRow = {
      ...KEEP_UNUSED,
      refund_id: ids.uuid(),
      kind: 'keep',
      trace_id: payment.trace_id,
      asset_id: assetId,
      amount,
      network: catalog.assets.get(assetId)?.network ?? '',
      reason,
      quote_asset_id: payment.quote_asset_id,
      original_price: view.originalPrice,
      today_price: view.todayPrice,
      created_at: now,
      updated_at: now,
    };
    refunds.insert(row);
    store.event(payment.trace_id, now, 'money_kept', payment.status, payment.status, { assetId, amount, reason });
    setImmediate(() => this.deps.committed([payment.trace_id]));
    return reader.of(payment);
  }

  list(params: Params): Refund[] {
    const payment = resolvePayment(this.deps.store, params);
    return this.deps.refunds
      .of(payment.trace_id)
      .filter((row) => row.kind === 'refund')
      .map((row) => this.view(row));
  }

  get(refundId: string): Refund {
    return this.view(this.row(refundId));
  }

  private row(refundId: string): RefundRow {
    if (!isUuid(refundId)) throw paramError('refundId', 'must be a UUID');
    const row = this.deps.refunds.get(refundId.toLowerCase());
    if (!row || row.kind !== 'refund') throw GatewayError.of('refundNotFound', `refundId: no refund ${refundId}`);
    return row;
  }

  /** POST /v1/refunds/{id}/sent: the owner's wallet paid; the txid is checked from now on. */
  sent(refundId: string, params: Params): Refund {
    const txid = new ParamReader(params).required('txid');
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(txid))
      throw paramError('txid', 'must be a transaction hash (64 hexadecimal digits)');
    return this.markSent(this.row(refundId), txid.toLowerCase());
  }

  /**
   * POST /v1/refunds/{id}/withdraw: the owner takes back a refund that is not confirmed: one still
   * to send (asked by mistake), or a flagged one whose payout did not happen as asked (the owner has
   * looked at the wallet). Until then it counts against what is left to refund, so one refund is
   * never paid twice; afterwards the amount may be asked again. A sent one is being checked: it
   * ends confirmed or flagged first.
   */
  withdraw(refundId: string, params: Params): Refund {
    const row = this.row(refundId);
    const reason = new ParamReader(params).text('reason', 200);
    if (!reason) throw paramError('reason', 'is required (why the refund is withdrawn)');
    if (row.status !== 'to_send' && row.status !== 'flagged')
      throw GatewayError.of(
        'refundState',
        `refundId: only a refund to send or a flagged one can be withdrawn; this one is ${row.status}`,
      );
    const now = this.deps.clock.now();
    const changes: Partial<RefundRow> = {
      status: 'withdrawn',
      withdrawn_reason: reason,
      next_check_at: 0,
      updated_at: now,
    };
    this.deps.refunds.update(row.refund_id, changes);
    const after = { ...row, ...changes };
    const payment = this.deps.store.get(row.trace_id);
    if (payment) this.changed(payment, after, 'refund_withdrawn');
    return this.view(after);
  }

  /** POST /v1/sandbox/refunds/{id}/send: the merchant's simulated wallet pays it. */
  sandboxSend(refundId: string): Refund {
    return this.markSent(this.row(refundId), `0x${this.deps.ids.token(32)}`);
  }

  private markSent(row: RefundRow, txid: string): Refund {
    // The same txid again (entered after the rail had already found it): nothing changes.
    if (row.status !== 'to_send' && row.txid === txid) return this.view(row);
    if (row.status !== 'to_send' && row.status !== 'flagged')
      throw GatewayError.of('refundState', `refundId: the refund is already ${row.status} (txid ${row.txid})`);
    const other = this.deps.refunds.withTxid(txid);
    if (other && other.refund_id !== row.refund_id)
      throw paramError('txid', `is already the transaction of refund ${other.refund_id}`);
    const now = this.deps.clock.now();
    const changes: Partial<RefundRow> = {
      status: 'sent',
      txid,
      flag_reason: '',
      confirmations: 0,
      sent_height: this.deps.sandbox ? this.deps.sandboxHeight(row.network) : 0,
      next_check_at: now,
      updated_at: now,
    };
    this.deps.refunds.update(row.refund_id, changes);
    const after = { ...row, ...changes };
    const payment = this.deps.store.get(row.trace_id);
    if (payment) this.changed(payment, after, 'refund_sent');
    return this.view(after);
  }

  /** A status change: its payment event and (when subscribed) its `refund` callback, in the caller's transaction. */
  private changed(payment: PaymentRow, row: RefundRow, kind: string): void {
    const now = this.deps.clock.now();
    this.deps.store.event(payment.trace_id, now, kind, payment.status, payment.status, {
      refundId: row.refund_id,
      assetId: row.asset_id,
      amount: row.amount,
      refundStatus: row.status,
      txid: row.txid,
      ...(row.flag_reason ? { flagReason: row.flag_reason } : {}),
    });
    const subscribed = payment.callback_events.split('|').includes('refund');
    if (subscribed && payment.callback_url !== '') this.deps.engine.enqueueCallback(payment, 'refund', now);
    setImmediate(() => this.deps.committed([payment.trace_id]));
  }

  /** The scheduler's due work: checks the sent refunds due now (one run at a time; never throws). */
  due(nowMs: number): void {
    if (this.checking) return;
    const rows = this.deps.refunds.due(nowMs);
    if (rows.length === 0) return;
    this.checking = this.checkAll(rows).finally(() => {
      this.checking = undefined;
    });
  }

  /** Waits for a check run in progress (tests, close). */
  async settled(): Promise<void> {
    await this.checking;
  }

  private detectorFor(row: RefundRow): PayoutChecker | undefined {
    if (this.deps.sandbox) return undefined;
    return this.deps.checkers.find((c) => c.handles(row) && c.detect !== undefined);
  }

  /** A refund still to send: looks for its payout on chain; found, it is `sent` with that txid (and checked on). */
  private async detectOne(row: RefundRow): Promise<void> {
    const detector = this.detectorFor(row);
    let found: PayoutDetection | undefined;
    try {
      found = await detector?.detect?.(row);
    } catch (error) {
      this.deps.logger.warn('refund payout search failed', { refundId: row.refund_id, error: String(error) });
    }
    this.deps.db.transaction(() => {
      const current = this.deps.refunds.get(row.refund_id);
      if (!current || current.status !== 'to_send') return;
      const now = this.deps.clock.now();
      if (!detector) return this.deps.refunds.update(row.refund_id, { next_check_at: 0 });
      const txid = found?.candidates.find((candidate) => !this.deps.refunds.withTxid(candidate));
      if (txid) {
        this.markSent(current, txid);
        return;
      }
      this.deps.refunds.update(row.refund_id, {
        sent_height: found?.scannedTo ?? current.sent_height,
        next_check_at: now + CHECK_EVERY_MS,
      });
    })();
  }

  private async checkAll(rows: RefundRow[]): Promise<void> {
    for (const row of rows) {
      if (row.status === 'to_send') {
        await this.detectOne(row);
        continue;
      }
      const checker = this.deps.checkers.find((c) => c.handles(row));
      let verdict: PayoutVerdict;
      try {
        if (!checker) verdict = { kind: 'flagged', reason: `no rail checks payouts on ${row.network}` };
        else verdict = await checker.check(row);
      } catch (error) {
        this.deps.logger.warn('refund check failed', { refundId: row.refund_id, error: String(error) });
        verdict = { kind: 'waiting', confirmations: row.confirmations, required: row.required_confirmations };
      }
      this.deps.db.transaction(() => this.apply(row.refund_id, verdict))();
    }
  }

  private apply(refundId: string, verdict: PayoutVerdict): void {
    const row = this.deps.refunds.get(refundId);
    if (!row || row.status !== 'sent') return;
    // Nothing new in the sandbox (still due, looked at again on the next pass): nothing to write.
    const same = verdict.kind === 'waiting' && verdict.confirmations === row.confirmations;
    if (same && this.deps.sandbox && verdict.required === row.required_confirmations) return;
    const now = this.deps.clock.now();
    const changes: Partial<RefundRow> =
      verdict.kind === 'flagged'
        ? { status: 'flagged', flag_reason: verdict.reason, next_check_at: 0 }
        : verdict.kind === 'confirmed'
          ? {
              status: 'confirmed',
              confirmations: verdict.confirmations,
              required_confirmations: verdict.required,
              next_check_at: 0,
            }
          : {
              confirmations: verdict.confirmations,
              required_confirmations: verdict.required,
              // The sandbox's chains move only when mined (a database read per look): looked at on every pass.
              next_check_at: this.deps.sandbox ? now : now + CHECK_EVERY_MS,
            };
    this.deps.refunds.update(refundId, { ...changes, updated_at: now });
    const payment = this.deps.store.get(row.trace_id);
    if (payment && changes.status) this.changed(payment, { ...row, ...changes }, `refund_${changes.status}`);
  }

  private isOwnDeposit(destination: string, tag: string): boolean {
    const { store } = this.deps;
    return [destination, destination.toLowerCase()].some((d) => store.depositOwner(d, tag) !== undefined);
  }
}
