/**
 * Payment instructions and their refresh (docs/api.md, "Creating a payment" and "Deadlines and
 * windows"): what the payer is asked to send, where, and for how long. A repeated create inside the
 * window answers the same instruction; after it, or on a refresh, a new one is made (a new clientId,
 * older ones still count). Once money is recognised the amount due is locked: the window renews, the
 * price and the payment asset do not. On-chain instructions get their deposit address from the rail
 * that carries the asset, once per payment and network.
 */
import type { Payment } from '../../../shared/wire.js';
import { isZero, remaining } from '../../../shared/money.js';
import type { Clock } from '../../platform/clock.js';
import type { IdSource } from '../../platform/ids.js';
import type { Asset, Catalog, Network, QuoteAsset } from '../catalog.js';
import { GatewayError, paramError } from '../errors.js';
import type { DepositAddress, Rails } from '../rails/rail.js';
import type { AskedTerms } from './param-rules.js';
import { noLiveRail, type Pricing } from './pricing.js';
import type { Quote } from './quote.js';
import type { InstructionRow, PaymentRow, PaymentsStore } from './store.js';
import { checkSameTerms } from './terms.js';
import { paymentView, type PaymentTerms } from './view.js';

export const WALLET_WINDOW_SECONDS = 60;
export const CHAIN_WINDOW_SECONDS = 600;
export const PROXY_WINDOW_SECONDS = 3600;

export interface InstructionsDeps {
  store: PaymentsStore;
  catalog: Catalog;
  pricing: Pricing;
  rails: Rails;
  clock: Clock;
  ids: IdSource;
  mode: 'sandbox' | 'live';
  /** The gateway's wallet receiving account (recipient of wallet payments). */
  recipient: string;
  /** Live mode: counts one NEW deposit address against the requesting client; throws 1429 when its budget is spent. */
  spendAddressBudget?: () => void;
  /** What has been recognised toward a payment so far (the result engine's reading of the ledger). */
  paidSoFar: (traceId: string) => string;
  /** Called after a payment row changed (the result watchers, the scheduler). */
  onChanged?: (traceId: string) => void;
}

export class Instructions {
  constructor(private readonly deps: InstructionsDeps) {}

  view(payment: PaymentTerms, instruction: InstructionRow): Payment {
    return paymentView(this.deps.catalog, this.deps.mode, payment, instruction);
  }

  /** Live mode, before anything is written: a new deposit address must come from a real rail, within the client's budget. */
  admitNewAddress(asset: Asset): void {
    if (this.deps.mode !== 'live') return;
    if (!this.deps.rails.railFor(asset)) throw noLiveRail(asset);
    this.deps.spendAddressBudget?.();
  }

  private newDeposit(asset: Asset, network: Network, traceId: string): DepositAddress {
    const rail = this.deps.rails.railFor(asset);
    if (!rail) throw noLiveRail(asset);
    return rail.depositAddress(asset, network, traceId);
  }

  /** A new instruction row (not yet stored); an on-chain one reuses the payment's address on its network. */
  make(
    payment: Pick<PaymentRow, 'trace_id'>,
    asset: Asset,
    isChain: boolean,
    priced: Quote,
    settlement: Asset,
    dueNow: string,
    clientId = this.deps.ids.uuid(),
  ): InstructionRow {
    const { clock, store } = this.deps;
    const now = clock.now();
    let destination = '';
    let tag = '';
    if (isChain) {
      const network = this.deps.catalog.network(asset.network);
      if (!network) throw new Error(`asset ${asset.assetId} has no network`);
      const existing = store.deposit(payment.trace_id, network.network);
      if (existing) ({ destination, tag } = existing);
      else {
        ({ destination, tag } = this.newDeposit(asset, network, payment.trace_id));
        store.addDeposit(network.network, destination, tag, payment.trace_id, now);
      }
    }
    const seconds = isChain ? CHAIN_WINDOW_SECONDS : WALLET_WINDOW_SECONDS;
    return {
      client_id: clientId,
      trace_id: payment.trace_id,
      payment_asset_id: asset.assetId,
      payment_amount: dueNow,
      settlement_asset_id: settlement.assetId,
      estimated_settlement_amount: priced.estimatedSettlementAmount,
      price: priced.price,
      price_source: priced.priceSource ?? '',
      price_at: priced.priceAtMs ?? 0,
      is_chain: isChain ? 1 : 0,
      recipient: isChain ? '' : this.deps.recipient,
      memo: isChain ? '' : Buffer.from(`payment|${clientId}`).toString('base64'),
      destination,
      tag,
      expire: Math.floor(now / 1000) + seconds,
      seconds,
      created_at: now,
    };
  }

  /** Proxy methods (Lightning) have at most a 60-minute window from the order's creation. */
  capDeadline(deadline: number, asset: Asset, createdSeconds: number): number {
    const proxy = this.deps.catalog.network(asset.network)?.proxy ?? false;
    if (!proxy) return deadline;
    const cap = createdSeconds + PROXY_WINDOW_SECONDS;
    return deadline === 0 ? cap : Math.min(deadline, cap);
  }

  /** A repeated create for an open order: the same instruction, a refreshed one, or a switch of asset or method. */
  renew(payment: PaymentRow, asked: AskedTerms): Payment {
    checkSameTerms(payment, asked);
    const { store, clock } = this.deps;
    const nowS = Math.floor(clock.now() / 1000);
    const changes: Partial<PaymentRow> = {};
    // A deadline may only be shortened.
    if (asked.deadline !== undefined && (payment.expired_at === 0 || asked.deadline < payment.expired_at))
      changes.expired_at = asked.deadline;
    const wantAsset = asked.paymentAssetId ?? payment.payment_asset_id;
    const wantChain = asked.isChain ?? payment.is_chain === 1;
    const switching = wantAsset !== payment.payment_asset_id || wantChain !== (payment.is_chain === 1);
    const current = store.current(payment.trace_id);
    if (switching && payment.amount_locked === 1) {
      throw GatewayError.of(
        'termsConflict',
        'paymentAssetId: money has already been received for this order; its payment asset and method cannot change',
      );
    }
    if (!switching && current && current.expire > nowS) {
      if (changes.expired_at !== undefined) {
        store.update(payment.trace_id, { ...changes, updated_at: clock.now() });
        store.event(payment.trace_id, clock.now(), 'deadline', payment.status, payment.status, {
          expiredAt: changes.expired_at,
        });
        this.deps.onChanged?.(payment.trace_id);
      }
      return this.view(payment, current);
    }
    return this.issue({ ...payment, ...changes }, wantAsset, wantChain, switching ? 'switched' : 'refreshed', changes);
  }

  /** The quote of a new instruction: priced afresh, or, once money is recognised, the locked amount's rest. */
  private quoteOf(
    payment: PaymentRow,
    asset: Asset,
    quote: QuoteAsset,
    settlement: Asset,
  ): { priced: Quote; payable: string; dueNow: string } {
    if (payment.amount_locked === 1) {
      // Once money is recognised the amount due is locked: the window renews, the price does not.
      const current = this.deps.store.current(payment.trace_id);
      const payable = payment.payable_amount;
      const priced: Quote = {
        price: current?.price ?? '',
        priceSource: current?.price_source ?? '',
        priceAtMs: current?.price_at ?? 0,
        quoteAmount: payment.quote_amount,
        paymentAmount: payment.payable_amount,
        estimatedSettlementAmount: current?.estimated_settlement_amount ?? '',
        usdValue: payment.quote_usd_value,
      };
      return {
        priced,
        payable,
        dueNow: isZero(payable) ? '' : remaining(payable, this.deps.paidSoFar(payment.trace_id)),
      };
    }
    const fixed = payment.fixed_payment_amount;
    const priced = this.deps.pricing.quoteFor(
      quote,
      fixed !== '' ? '' : payment.quote_amount,
      fixed,
      asset,
      settlement,
    );
    return { priced, payable: priced.paymentAmount === '' ? '0' : priced.paymentAmount, dueNow: priced.paymentAmount };
  }

  /** Makes a new instruction for an open order (refresh, switch, or first one of a code). */
  issue(
    payment: PaymentRow,
    assetId: string,
    isChain: boolean,
    kind: string,
    extra: Partial<PaymentRow> = {},
  ): Payment {
    const { store, clock, pricing } = this.deps;
    const now = clock.now();
    const asset = pricing.paymentAsset(assetId);
    if (isChain && !asset.onChainSupported)
      throw paramError('isChain', `${asset.symbol} (${asset.network}) cannot be paid on chain here`);
    const quote = pricing.quoteAsset(payment.quote_asset_id);
    const strict = payment.strict_mode === 1;
    const settlement = pricing.settlement(payment.settlement_asset_id, strict, asset, quote, payment.quote_amount);
    const { priced, payable, dueNow } = this.quoteOf(payment, asset, quote, settlement);
    // A refresh keeps the payment's address on this network; only a new one is admitted (before any write).
    if (isChain && !store.deposit(payment.trace_id, asset.network)) this.admitNewAddress(asset);
    const instruction = this.make(payment, asset, isChain, priced, settlement, dueNow);
    store.addInstruction(instruction);
    const expiredAt = this.capDeadline(payment.expired_at, asset, Math.floor(payment.created_at / 1000));
    const changes: Partial<PaymentRow> = {
      ...extra,
      current_client_id: instruction.client_id,
      payment_asset_id: asset.assetId,
      is_chain: isChain ? 1 : 0,
      payable_amount: payable,
      expired_at: expiredAt,
      updated_at: now,
    };
    store.update(payment.trace_id, changes);
    store.event(payment.trace_id, now, `instruction_${kind}`, payment.status, payment.status, {
      clientId: instruction.client_id,
      // What it replaced: the first renewal's names the instruction the order began with, whose
      // `created` step the history rebuilds (PaymentsStore.events).
      replaces: payment.current_client_id,
      paymentAssetId: asset.assetId,
      paymentAmount: dueNow,
      isChain,
    });
    this.deps.onChanged?.(payment.trace_id);
    return this.view({ ...payment, ...changes } as PaymentRow, instruction);
  }
}
