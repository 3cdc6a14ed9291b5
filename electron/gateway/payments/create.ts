/**
 * POST /v1/payments (docs/api.md, "Creating a payment"): a new order, priced and stored with its
 * first instruction, or a repeated create for an existing one (same instruction, refresh, switch, or
 * the first instruction of a one-time code). Runs inside one synchronous SQLite transaction (the
 * caller's), so concurrent identical creates cannot both insert; a rejection is thrown before
 * anything is written. This is the hot path of the gateway: no work here that a create does not need.
 */
import type { Payment } from '../../../shared/wire.js';
import type { Clock } from '../../platform/clock.js';
import type { IdSource } from '../../platform/ids.js';
import type { Asset, QuoteAsset } from '../catalog.js';
import { GatewayError, paramError } from '../errors.js';
import type { Payees } from '../payees.js';
import type { Instructions } from './instructions.js';
import type { OneTimeCodes } from './one-time.js';
import type { AskedTerms } from './param-rules.js';
import type { Pricing } from './pricing.js';
import type { Quote } from './quote.js';
import type { NewPayment, PaymentRow, PaymentsStore } from './store.js';
import { findExisting, refuseTerminal } from './terms.js';

export interface CreationDeps {
  store: PaymentsStore;
  payees: Payees;
  pricing: Pricing;
  instructions: Instructions;
  codes: OneTimeCodes;
  clock: Clock;
  ids: IdSource;
  mode: 'sandbox' | 'live';
  onChanged?: (traceId: string) => void;
}

/** A new order between pricing and storing. */
interface NewOrder {
  row: NewPayment;
  asset: Asset;
  isChain: boolean;
  priced: Quote;
  /** The asset the payee receives. */
  settlement: Asset;
  now: number;
}

export class PaymentCreation {
  constructor(private readonly deps: CreationDeps) {}

  /** Call inside a transaction. */
  create(asked: AskedTerms): Payment {
    if (!asked.traceId) return this.insertOrRepeat(asked);
    const existing = findExisting(this.deps.store, asked);
    if (existing) return this.repeat(existing, asked);
    const order = this.newOrder(asked);
    if (order.isChain) this.deps.instructions.admitNewAddress(order.asset);
    this.deps.store.insert(order.row);
    return this.storeFirstInstruction(order);
  }

  /**
   * The order is inserted "unless it exists" before anything is read of it. On a shop server's
   * PostgreSQL, looking it up first is a read SERIALIZABLE checking locks by index page, and two
   * processes creating orders whose ids sort together (a till's numbered orders) each read a page the
   * other wrote, so one of them was cancelled and ran again (docs/scaling.md, "Why creates add up
   * across processes"); on SQLite it saves the lookup a new order, the common create, never needed.
   * The unique (payee, order id) index keeps an order exactly once all the same. A create naming a
   * traceId reads first: it may name an order by its trace alone.
   */
  private insertOrRepeat(asked: AskedTerms): Payment {
    let order: NewOrder;
    try {
      order = this.newOrder(asked);
    } catch (error) {
      // A repeated create may leave out terms only a new order needs: the order it names answers it.
      const existing = error instanceof GatewayError ? findExisting(this.deps.store, asked) : undefined;
      if (!existing) throw error;
      return this.repeat(existing, asked);
    }
    if (!this.deps.store.insertIfNew(order.row)) {
      // The order exists (committed: one still being written by another process makes PostgreSQL
      // cancel this transaction, which then runs again and lands here).
      const existing = findExisting(this.deps.store, asked);
      if (!existing)
        throw new Error(`payment ${order.row.order_id ?? ''}: the insert met an order the lookup cannot see`);
      return this.repeat(existing, asked);
    }
    // After the insert, so a repeated create spends no deposit address; a refusal rolls the insert back.
    if (order.isChain) this.deps.instructions.admitNewAddress(order.asset);
    return this.storeFirstInstruction(order);
  }

  private repeat(payment: PaymentRow, asked: AskedTerms): Payment {
    refuseTerminal(payment);
    if (payment.is_one_time === 1 && payment.payment_asset_id === '')
      return this.deps.codes.firstInstruction(payment, asked);
    return this.deps.instructions.renew(payment, asked);
  }

  /** A new order, priced, not yet stored: every required term must be there. Reads only. */
  private newOrder(asked: AskedTerms): NewOrder {
    const { clock, pricing } = this.deps;
    const now = clock.now();
    if (!asked.payeeId) throw paramError('payeeId', 'is required');
    if (!asked.orderId && !asked.traceId) throw paramError('orderId', 'is required when traceId is not given');
    if (!asked.paymentAssetId) throw paramError('paymentAssetId', 'is required');
    if (!asked.quoteAssetId) throw paramError('quoteAssetId', 'is required');
    if (!this.deps.payees.get(asked.payeeId))
      throw GatewayError.of('userNotFound', `payeeId: ${asked.payeeId} is not a user of this gateway`);
    const quote = pricing.quoteAsset(asked.quoteAssetId);
    const asset = pricing.paymentAsset(asked.paymentAssetId);
    const isChain = asked.isChain ?? false;
    if (this.deps.mode === 'live' && !isChain)
      throw paramError(
        'isChain',
        `must be true: in live mode ${asset.symbol} is taken on chain (no wallet rail is configured)`,
      );
    if (isChain && !asset.onChainSupported)
      throw paramError('isChain', `${asset.symbol} (${asset.network}) cannot be paid on chain here`);
    const quoteAmount = asked.paymentAmount !== undefined ? '' : (asked.quoteAmount ?? '');
    const fixed = asked.paymentAmount ?? '';
    const strict = asked.strictMode ?? false;
    const settlement = pricing.settlement(asked.settlementAssetId ?? '', strict, asset, quote, quoteAmount);
    const priced = pricing.quoteFor(quote, quoteAmount, fixed, asset, settlement);
    const row = this.newRow(asked, asked.payeeId, quote, asset, priced, now);
    return { row, asset, isChain, priced, settlement, now };
  }

  /** The stored new order's first instruction. */
  private storeFirstInstruction({ row, asset, isChain, priced, settlement }: NewOrder): Payment {
    const { store, instructions } = this.deps;
    const instruction = instructions.make(
      row,
      asset,
      isChain,
      priced,
      settlement,
      priced.paymentAmount,
      row.current_client_id,
    );
    store.addInstruction(instruction);
    // No `created` event row: the payment row and this instruction are that record, and the history
    // rebuilds the step from them (PaymentsStore.events; docs/performance.md, "The created step is read,
    // not written").
    this.deps.onChanged?.(row.trace_id);
    return instructions.view(row, instruction);
  }

  /** The row of a new order, complete: the first instruction's id is known up front, so it goes in once. */
  private newRow(
    asked: AskedTerms,
    payeeId: string,
    quote: QuoteAsset,
    asset: Asset,
    priced: Quote,
    now: number,
  ): NewPayment {
    const { ids, pricing, instructions } = this.deps;
    const quoteAmount = asked.paymentAmount !== undefined ? '' : (asked.quoteAmount ?? '');
    return {
      trace_id: asked.traceId ?? ids.uuid(),
      payee_id: payeeId,
      order_id: asked.orderId ?? null,
      quote_asset_id: quote.id,
      quote_amount: priced.quoteAmount === '' ? '' : quoteAmount === '' ? priced.quoteAmount : quoteAmount,
      fixed_payment_amount: asked.paymentAmount ?? '',
      settlement_asset_id: asked.settlementAssetId ?? '',
      strict_mode: asked.strictMode ? 1 : 0,
      payment_asset_id: asset.assetId,
      is_chain: asked.isChain ? 1 : 0,
      remark: asked.remark ?? '',
      note: asked.note ?? '',
      settlement_memo: asked.settlementMemo ?? '',
      return_to: asked.returnTo ?? '',
      failed_return_to: asked.failedReturnTo ?? '',
      callback_url: asked.callbackUrl ?? '',
      callback_events: asked.callbackEvents ?? '',
      expired_at: instructions.capDeadline(asked.deadline ?? 0, asset, Math.floor(now / 1000)),
      is_one_time: 0,
      code_expires_at: 0,
      review_required: pricing.needsReview(priced.usdValue) ? 1 : 0,
      quote_usd_value: priced.usdValue,
      current_client_id: ids.uuid(),
      created_at: now,
      updated_at: now,
      status: 'unpaid',
      payable_amount: priced.paymentAmount === '' ? '0' : priced.paymentAmount,
    };
  }
}
