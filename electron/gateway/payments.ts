/**
 * Creating payments and their instructions: parameter rules (spec 4.2, 8 and house-rules),
 * identity and idempotency (orderId + payeeId, or traceId: one payment, never two), term
 * conflicts, instruction windows and refreshes, one-time codes, and cancellation.
 * Every create runs in one synchronous SQLite transaction, so concurrent identical creates
 * cannot both insert; a rejection is thrown before anything is written.
 */
import { compare, isZero, lt, parseAmount, remaining } from '../../shared/money.js';
import { isTerminal } from '../../shared/status.js';
import type { Payment } from '../../shared/wire.js';
import type { Clock } from '../platform/clock.js';
import type { IdSource } from '../platform/ids.js';
import { checkCallbackUrl } from './callbacks/address-policy.js';
import type { Asset, Catalog, Network, QuoteAsset } from './catalog.js';
import { sandboxDepositAddress } from './deposit-address.js';
import { GatewayError, paramError } from './errors.js';
import { ParamReader } from './params.js';
import type { Params } from './http.js';
import type { Payees } from './payees.js';
import type { InstructionRow, NewPayment, PaymentRow, PaymentsStore } from './payments-store.js';
import { priceQuote, quoteInAsset, type Quote } from './quote.js';
import { quotablePrice, type RateSource } from './rates.js';
import type { SettingsStore } from './settings.js';

export const WALLET_WINDOW_SECONDS = 60;
export const CHAIN_WINDOW_SECONDS = 600;
export const PROXY_WINDOW_SECONDS = 3600;
const MIN_AHEAD_SECONDS = 10;
const MAX_AHEAD_SECONDS = 2880 * 60;
const ONE_TIME_DEFAULT_SECONDS = 24 * 3600;
const ORDER_ID = /^[A-Za-z0-9_-]{6,36}$/;
const OPTIONAL_EVENTS = new Set(['settle', 'pending', 'paid_less']);

export interface PaymentsDeps {
  store: PaymentsStore;
  catalog: Catalog;
  payees: Payees;
  rates: RateSource;
  settings: SettingsStore;
  clock: Clock;
  ids: IdSource;
  mode: 'sandbox' | 'live';
  /** The gateway's wallet receiving account (recipient of wallet payments). */
  recipient: string;
  /** Secret mixed into sandbox deposit addresses. */
  addressSecret: string;
  /** Origins callbacks may go to despite the live-mode address policy (merchant list + the till's own). */
  callbackAllowlist?: () => readonly string[];
  /** A real rail's deposit address for an asset (live mode), or undefined where the sandbox's applies. */
  depositAddress?: (asset: Asset, traceId: string) => { destination: string; tag: string } | undefined;
  /** Live mode: whether a real rail carries the asset (only then may a payment in it get an address). */
  liveRail?: (asset: Asset) => boolean;
  /** Live mode: counts one NEW deposit address against the requesting client; throws 1429 when its budget is spent. */
  spendAddressBudget?: () => void;
  /** Origin for one-time checkout links when no public origin is set. */
  origin: () => string;
  realNow: () => number;
  /** Called after a payment row changed (the result watchers, the scheduler). */
  onChanged?: (traceId: string) => void;
}

/** Terms as asked in a request; undefined = not given. */
interface AskedTerms {
  payeeId?: string;
  orderId?: string;
  traceId?: string;
  quoteAssetId?: string;
  quoteAmount?: string;
  paymentAmount?: string;
  paymentAssetId?: string;
  settlementAssetId?: string;
  strictMode?: boolean;
  isChain?: boolean;
  remark?: string;
  note?: string;
  settlementMemo?: string;
  returnTo?: string;
  failedReturnTo?: string;
  callbackUrl?: string;
  callbackEvents?: string;
  /** Deadline asked (unix seconds), the earlier of expiredTimestamp and expireSeconds. */
  deadline?: number;
}

const nowSeconds = (clock: Clock): number => Math.floor(clock.now() / 1000);

/** Live money never goes to a sandbox address: nobody holds its key. */
const noLiveRail = (asset: Asset): GatewayError =>
  GatewayError.of(
    'assetNotFound',
    `paymentAssetId: ${asset.symbol} (${asset.network}) has no live rail on this gateway; it cannot be paid until its chain is configured`,
  );

export class Payments {
  /** Wrapped once (better-sqlite3 builds a wrapper per transaction() call); a savepoint when nested. */
  private readonly createTx: (asked: AskedTerms) => Payment;

  constructor(private readonly deps: PaymentsDeps) {
    this.createTx = deps.store.db.transaction((asked: AskedTerms) => this.createLocked(asked));
  }

  // ---- parameter reading (no writes) ----

  private readDeadline(p: ParamReader): number | undefined {
    const now = nowSeconds(this.deps.clock);
    const check = (name: string, at: number): number => {
      const ahead = at - now;
      if (ahead <= MIN_AHEAD_SECONDS)
        throw GatewayError.of('expirationTooSoon', `${name}: must be more than ${MIN_AHEAD_SECONDS} seconds ahead`);
      if (ahead >= MAX_AHEAD_SECONDS)
        throw GatewayError.of('expirationTooLate', `${name}: must be less than 2880 minutes ahead`);
      return at;
    };
    const candidates: number[] = [];
    const ts = p.integer('expiredTimestamp');
    if (ts !== undefined) {
      // Some clients send a duration: 11..172799 reads as seconds from now (house rule).
      candidates.push(check('expiredTimestamp', ts > MIN_AHEAD_SECONDS && ts < MAX_AHEAD_SECONDS ? now + ts : ts));
    }
    const secs = p.integer('expireSeconds');
    if (secs !== undefined) candidates.push(check('expireSeconds', now + secs));
    return candidates.length > 0 ? Math.min(...candidates) : undefined;
  }

  private readCallback(p: ParamReader): { url?: string; events?: string } {
    const url = p.text('callbackUrl', 2048);
    if (url !== undefined) {
      const verdict = checkCallbackUrl(
        url,
        this.deps.mode,
        this.deps.callbackAllowlist?.() ?? this.deps.settings.get().callbackAllowlist,
      );
      if (!verdict.ok)
        throw verdict.reason === 'invalid_url'
          ? paramError('callbackUrl', 'must be a valid HTTPS URL')
          : GatewayError.of('callbackNotHttps', verdict.message);
    }
    const events = p.raw('callbackEvent');
    if (events !== undefined) {
      const list = events.split('|').map((e) => e.trim());
      if (list.some((e) => !OPTIONAL_EVENTS.has(e)) || new Set(list).size !== list.length) {
        throw GatewayError.of(
          'invalidCallbackEvent',
          'callbackEvent: must be settle, pending or paid_less, several joined with |',
        );
      }
      return { url, events: [...OPTIONAL_EVENTS].filter((e) => list.includes(e)).join('|') };
    }
    return { url };
  }

  private readUrl(p: ParamReader, name: string): string | undefined {
    const value = p.text(name, 2048);
    if (value !== undefined && !/^https?:\/\/\S+$/i.test(value)) throw paramError(name, 'must be an http(s) URL');
    return value;
  }

  /** Reads and format-checks every parameter of a create, in the spec's table order. */
  private readCreate(params: Params): AskedTerms {
    const p = new ParamReader(params);
    const payeeId = p.uuid('payeeId');
    const orderId = p.raw('orderId');
    if (orderId !== undefined && !ORDER_ID.test(orderId))
      throw paramError('orderId', 'must be 6 to 36 letters, digits, - or _');
    const traceId = p.uuid('traceId');
    const paymentAssetId = p.raw('paymentAssetId')?.toLowerCase();
    const settlementAssetId = p.raw('settlementAssetId')?.toLowerCase();
    const strictMode = p.bool('strictMode');
    const quoteAssetId = p.raw('quoteAssetId')?.toLowerCase();
    const quoteAmount = p.amount('quoteAmount');
    const paymentAmount = p.amount('paymentAmount');
    const isChain = p.bool('isChain');
    p.uuid('clientId');
    const remark = p.text('remark', 50);
    const note = p.text('note', 50);
    const settlementMemo = p.text('settlementMemo', 200);
    const returnTo = this.readUrl(p, 'returnTo');
    const failedReturnTo = this.readUrl(p, 'failedReturnTo');
    const callback = this.readCallback(p);
    const deadline = this.readDeadline(p);
    return {
      payeeId,
      orderId,
      traceId,
      paymentAssetId,
      settlementAssetId,
      strictMode,
      quoteAssetId,
      quoteAmount,
      paymentAmount,
      isChain,
      remark,
      note,
      settlementMemo,
      returnTo,
      failedReturnTo,
      callbackUrl: callback.url,
      callbackEvents: callback.events,
      deadline,
    };
  }

  // ---- catalogue checks ----

  private quoteAsset(id: string): QuoteAsset {
    const quote = this.deps.catalog.quoteAsset(id, this.deps.mode);
    if (!quote) throw GatewayError.of('quoteAssetNotSupported', `quoteAssetId: ${id} is not a supported quote asset`);
    return quote;
  }

  private paymentAsset(id: string): Asset {
    const asset = this.deps.catalog.asset(id, this.deps.mode);
    if (asset) return asset;
    const known = this.deps.catalog.assets.get(id.toLowerCase());
    if (this.deps.mode === 'live' && known) throw noLiveRail(known);
    throw GatewayError.of('assetNotFound', `paymentAssetId: ${id} is not an asset this gateway accepts`);
  }

  private usd = (key: string, param: string): string => {
    const s = this.deps.settings.get();
    return quotablePrice(
      this.deps.rates,
      key,
      { maxAgeMs: s.rateMaxAgeSeconds * 1000, realNow: this.deps.realNow },
      param,
    );
  };

  /** Settlement assets the gateway can deliver (all payment assets but proxy methods). */
  settlementAssets(): Asset[] {
    return this.deps.catalog.paymentAssets(this.deps.mode).filter((a) => !this.deps.catalog.network(a.network)?.proxy);
  }

  /** Whether `asset` can be delivered for this quote (its limits cover the quote's value). */
  settlementAvailable(asset: Asset, quote: QuoteAsset | undefined, quoteAmount: string | undefined): boolean {
    if (!quote || !quoteAmount) return true;
    const amount = quoteInAsset(quote, quoteAmount, asset, this.usd);
    return !lt(amount, asset.minPaymentAmount) && compare(amount, asset.maxPaymentAmount) <= 0;
  }

  /** Resolves the settlement asset per strictMode (house rules); records the effective one. */
  private settlement(asked: string, strict: boolean, payment: Asset, quote: QuoteAsset, quoteAmount: string): Asset {
    if (asked === '') return payment;
    // On a real chain the funds settle at the merchant's own addresses: in what the payer pays.
    if (this.deps.mode === 'live' && asked !== payment.assetId) {
      if (strict)
        throw GatewayError.of(
          'assetNotFound',
          `settlementAssetId: on this rail payments settle in the payment asset (${payment.symbol}); strictMode refuses ${asked}`,
        );
      return payment;
    }
    const known = this.deps.catalog.asset(asked, this.deps.mode);
    if (!known)
      throw GatewayError.of('assetNotFound', `settlementAssetId: ${asked} is not an asset this gateway knows`);
    const deliverable =
      this.settlementAssets().some((a) => a.assetId === known.assetId) &&
      this.settlementAvailable(known, quote, quoteAmount || undefined);
    if (deliverable) return known;
    if (strict)
      throw GatewayError.of(
        'assetNotFound',
        `settlementAssetId: the gateway cannot settle in ${known.symbol} (${known.network}) for this payment and strictMode is on`,
      );
    return payment;
  }

  private checkPaymentLimits(asset: Asset, amount: string, param: string): void {
    if (amount === '') return;
    if (lt(amount, asset.minPaymentAmount))
      throw GatewayError.of(
        'amountTooLow',
        `${param}: ${amount} ${asset.symbol} is below the minimum of ${asset.minPaymentAmount}`,
      );
    if (compare(amount, asset.maxPaymentAmount) > 0)
      throw GatewayError.of(
        'amountTooHigh',
        `${param}: ${amount} ${asset.symbol} is above the maximum of ${asset.maxPaymentAmount}`,
      );
  }

  private checkQuoteLimits(quote: QuoteAsset, amount: string | undefined): void {
    if (amount === undefined || amount === '') return;
    const [, frac = ''] = amount.split('.');
    if (frac.length > quote.decimalDigit)
      throw paramError('quoteAmount', `must have at most ${quote.decimalDigit} decimal places for ${quote.symbol}`);
    if (lt(amount, quote.minQuoteAmount))
      throw GatewayError.of(
        'amountTooLow',
        `quoteAmount: ${amount} ${quote.symbol} is below the minimum of ${quote.minQuoteAmount}`,
      );
    if (compare(amount, quote.maxQuoteAmount) > 0)
      throw GatewayError.of(
        'amountTooHigh',
        `quoteAmount: ${amount} ${quote.symbol} is above the maximum of ${quote.maxQuoteAmount}`,
      );
  }

  /** Quote for a payment asset, with all amount rules checked. */
  private quoteFor(quote: QuoteAsset, quoteAmount: string, fixed: string, payment: Asset, settlement: Asset): Quote {
    if (fixed !== '') {
      const [, frac = ''] = fixed.split('.');
      if (frac.length > payment.precision)
        throw paramError(
          'paymentAmount',
          `must have at most ${payment.precision} decimal places for ${payment.symbol}`,
        );
      this.checkPaymentLimits(payment, fixed, 'paymentAmount');
    } else this.checkQuoteLimits(quote, quoteAmount);
    const priced = priceQuote({
      quote,
      quoteAmount,
      fixedPaymentAmount: fixed,
      payment,
      settlement,
      usd: this.usd,
      spreadPercent: this.deps.settings.get().spreadPercent,
    });
    if (fixed === '') this.checkPaymentLimits(payment, priced.paymentAmount, 'quoteAmount');
    return priced;
  }

  // ---- instructions ----

  /** Live mode, before anything is written: a new deposit address must come from a real rail, within the client's budget. */
  private admitNewAddress(asset: Asset): void {
    if (this.deps.mode !== 'live') return;
    if (!this.deps.liveRail?.(asset)) throw noLiveRail(asset);
    this.deps.spendAddressBudget?.();
  }

  private newDeposit(asset: Asset, network: Network, traceId: string): { destination: string; tag: string } {
    const real = this.deps.depositAddress?.(asset, traceId);
    if (real) return real;
    if (this.deps.mode === 'live') throw noLiveRail(asset);
    return sandboxDepositAddress(network, traceId, this.deps.addressSecret);
  }

  private newInstruction(
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

  /** The Payment object of spec 2.2 for an instruction. */
  paymentView(
    payment: Pick<PaymentRow, 'payee_id' | 'trace_id' | 'quote_asset_id' | 'quote_amount' | 'order_id'>,
    instruction: InstructionRow,
  ): Payment {
    const { catalog, mode } = this.deps;
    const asset = catalog.asset(instruction.payment_asset_id, mode) ?? catalog.assets.get(instruction.payment_asset_id);
    const settlement = catalog.assets.get(instruction.settlement_asset_id);
    const quote = catalog.quoteAsset(payment.quote_asset_id, mode);
    const view: Payment = {
      isChain: instruction.is_chain === 1,
      expire: instruction.expire,
      seconds: instruction.seconds,
      payeeId: payment.payee_id,
      traceId: payment.trace_id,
      clientId: instruction.client_id,
      paymentAssetId: instruction.payment_asset_id,
      paymentAssetSymbol: asset?.symbol ?? '',
      paymentAmount: instruction.payment_amount,
      settlementAssetId: instruction.settlement_asset_id,
      settlementAssetSymbol: settlement?.symbol ?? '',
      estimatedSettlementAmount: instruction.estimated_settlement_amount,
      quoteAssetId: payment.quote_asset_id,
      quoteAssetSymbol: quote?.symbol ?? payment.quote_asset_id.toUpperCase(),
      quoteAmount: payment.quote_amount,
      memo: instruction.memo,
      recipient: instruction.recipient,
      destination: instruction.destination,
      tag: instruction.tag,
    };
    if (payment.order_id) view.orderId = payment.order_id;
    return view;
  }

  // ---- create ----

  /** POST /v1/payments. */
  create(params: Params): Payment {
    const asked = this.readCreate(params);
    // Inside a caller's transaction (the group commit) the caller owns atomicity: a savepoint here would
    // copy every page the create touches into SQLite's sub-journal.
    return this.deps.store.db.inTransaction ? this.createLocked(asked) : this.createTx(asked);
  }

  private findExisting(asked: AskedTerms): PaymentRow | undefined {
    const { store } = this.deps;
    const byTrace = asked.traceId ? store.get(asked.traceId) : undefined;
    const byOrder = asked.orderId && asked.payeeId ? store.getByOrder(asked.payeeId, asked.orderId) : undefined;
    if (byTrace && byOrder && byTrace.trace_id !== byOrder.trace_id) {
      throw GatewayError.of('termsConflict', 'traceId: this traceId belongs to another order than orderId');
    }
    return byTrace ?? byOrder;
  }

  private refuseTerminal(payment: PaymentRow): void {
    if (payment.status === 'success')
      throw GatewayError.of('orderCompleted', `traceId: the order ${payment.trace_id} has already been paid`);
    if (payment.status === 'failed')
      throw GatewayError.of(
        'orderFailed',
        `traceId: the order ${payment.trace_id} has ${payment.failure_code === '40000' ? 'expired' : 'failed'} (${payment.failure_reason}); create a new order`,
      );
  }

  /** Other terms than the payment asset / chain choice must match the order as created. */
  private checkSameTerms(payment: PaymentRow, asked: AskedTerms): void {
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

  private createLocked(asked: AskedTerms): Payment {
    const { store, clock, ids } = this.deps;
    const now = clock.now();
    const existing = this.findExisting(asked);
    if (existing) return this.continueExisting(existing, asked);

    // A new order: every required term must be there.
    if (!asked.payeeId) throw paramError('payeeId', 'is required');
    if (!asked.orderId && !asked.traceId) throw paramError('orderId', 'is required when traceId is not given');
    if (!asked.paymentAssetId) throw paramError('paymentAssetId', 'is required');
    if (!asked.quoteAssetId) throw paramError('quoteAssetId', 'is required');
    if (!this.deps.payees.get(asked.payeeId))
      throw GatewayError.of('userNotFound', `payeeId: ${asked.payeeId} is not a user of this gateway`);
    const quote = this.quoteAsset(asked.quoteAssetId);
    const asset = this.paymentAsset(asked.paymentAssetId);
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
    const settlement = this.settlement(
      asked.settlementAssetId ?? '',
      asked.strictMode ?? false,
      asset,
      quote,
      quoteAmount,
    );
    const priced = this.quoteFor(quote, quoteAmount, fixed, asset, settlement);
    const deadline = this.capDeadline(asked.deadline ?? 0, asset, Math.floor(now / 1000));
    const traceId = asked.traceId ?? ids.uuid();
    const row: NewPayment = {
      trace_id: traceId,
      payee_id: asked.payeeId,
      order_id: asked.orderId ?? null,
      quote_asset_id: quote.id,
      quote_amount: priced.quoteAmount === '' ? '' : quoteAmount === '' ? priced.quoteAmount : quoteAmount,
      fixed_payment_amount: fixed,
      settlement_asset_id: asked.settlementAssetId ?? '',
      strict_mode: asked.strictMode ? 1 : 0,
      payment_asset_id: asset.assetId,
      is_chain: isChain ? 1 : 0,
      remark: asked.remark ?? '',
      note: asked.note ?? '',
      settlement_memo: asked.settlementMemo ?? '',
      return_to: asked.returnTo ?? '',
      failed_return_to: asked.failedReturnTo ?? '',
      callback_url: asked.callbackUrl ?? '',
      callback_events: asked.callbackEvents ?? '',
      expired_at: deadline,
      is_one_time: 0,
      code_expires_at: 0,
      review_required: this.needsReview(priced.usdValue) ? 1 : 0,
      quote_usd_value: priced.usdValue,
      // The first instruction's id is known up front, so the row goes in once, complete.
      current_client_id: ids.uuid(),
      created_at: now,
      updated_at: now,
      status: 'unpaid',
      payable_amount: priced.paymentAmount === '' ? '0' : priced.paymentAmount,
    };
    if (isChain) this.admitNewAddress(asset);
    store.insert(row);
    const instruction = this.newInstruction(
      row,
      asset,
      isChain,
      priced,
      settlement,
      priced.paymentAmount,
      row.current_client_id,
    );
    store.addInstruction(instruction);
    store.event(traceId, now, 'created', '', 'unpaid', {
      orderId: row.order_id,
      clientId: instruction.client_id,
      paymentAssetId: asset.assetId,
      paymentAmount: priced.paymentAmount,
      isChain,
    });
    this.deps.onChanged?.(traceId);
    return this.paymentView(row, instruction);
  }

  private needsReview(usdValue: string): boolean {
    return !isZero(usdValue) && compare(usdValue, this.deps.settings.get().reviewThresholdUsd) >= 0;
  }

  /** Proxy methods (Lightning) have at most a 60-minute window from the order's creation. */
  private capDeadline(deadline: number, asset: Asset, createdSeconds: number): number {
    const proxy = this.deps.catalog.network(asset.network)?.proxy ?? false;
    if (!proxy) return deadline;
    const cap = createdSeconds + PROXY_WINDOW_SECONDS;
    return deadline === 0 ? cap : Math.min(deadline, cap);
  }

  /** A repeated create for an existing order: same instruction, a refreshed one, or a switch. */
  private continueExisting(payment: PaymentRow, asked: AskedTerms): Payment {
    this.refuseTerminal(payment);
    if (payment.is_one_time === 1 && payment.payment_asset_id === '')
      return this.firstInstructionForCode(payment, asked);
    this.checkSameTerms(payment, asked);
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
      return this.paymentView(payment, current);
    }
    return this.issueInstruction(
      { ...payment, ...changes },
      wantAsset,
      wantChain,
      switching ? 'switched' : 'refreshed',
      changes,
    );
  }

  /** Makes a new instruction for an open order (refresh, switch, or first one of a code). */
  private issueInstruction(
    payment: PaymentRow,
    assetId: string,
    isChain: boolean,
    kind: string,
    extra: Partial<PaymentRow> = {},
  ): Payment {
    const { store, clock } = this.deps;
    const now = clock.now();
    const asset = this.paymentAsset(assetId);
    if (isChain && !asset.onChainSupported)
      throw paramError('isChain', `${asset.symbol} (${asset.network}) cannot be paid on chain here`);
    const quote = this.quoteAsset(payment.quote_asset_id);
    const settlement = this.settlement(
      payment.settlement_asset_id,
      payment.strict_mode === 1,
      asset,
      quote,
      payment.quote_amount,
    );
    let priced: Quote;
    let payable: string;
    let dueNow: string;
    if (payment.amount_locked === 1) {
      // Once money is recognised the amount due is locked: the window renews, the price does not.
      const current = store.current(payment.trace_id);
      priced = {
        price: current?.price ?? '',
        quoteAmount: payment.quote_amount,
        paymentAmount: payment.payable_amount,
        estimatedSettlementAmount: current?.estimated_settlement_amount ?? '',
        usdValue: payment.quote_usd_value,
      };
      payable = payment.payable_amount;
      dueNow = isZero(payable) ? '' : remaining(payable, this.paidSoFar(payment.trace_id));
    } else {
      const fixed = payment.fixed_payment_amount;
      priced = this.quoteFor(quote, fixed !== '' ? '' : payment.quote_amount, fixed, asset, settlement);
      payable = priced.paymentAmount === '' ? '0' : priced.paymentAmount;
      dueNow = priced.paymentAmount;
    }
    // A refresh keeps the payment's address on this network; only a new one is admitted (before any write).
    if (isChain && !store.deposit(payment.trace_id, asset.network)) this.admitNewAddress(asset);
    const instruction = this.newInstruction(payment, asset, isChain, priced, settlement, dueNow);
    store.addInstruction(instruction);
    const createdS = Math.floor(payment.created_at / 1000);
    const expiredAt = this.capDeadline(payment.expired_at, asset, createdS);
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
      paymentAssetId: asset.assetId,
      paymentAmount: dueNow,
      isChain,
    });
    this.deps.onChanged?.(payment.trace_id);
    return this.paymentView({ ...payment, ...changes } as PaymentRow, instruction);
  }

  /** Recognised amount so far; the result module overrides this once transactions exist. */
  paidSoFar: (traceId: string) => string = () => '0';

  private firstInstructionForCode(payment: PaymentRow, asked: AskedTerms): Payment {
    const { clock } = this.deps;
    if (Math.floor(clock.now() / 1000) >= payment.code_expires_at) {
      throw GatewayError.of('orderFailed', `traceId: the one-time code ${payment.trace_id} has expired`);
    }
    this.checkSameTerms(payment, asked);
    if (!asked.paymentAssetId) throw paramError('paymentAssetId', 'is required');
    return this.issueInstruction(payment, asked.paymentAssetId, asked.isChain ?? false, 'first');
  }

  // ---- other endpoints ----

  private resolve(params: Params): PaymentRow {
    const p = new ParamReader(params);
    const traceId = p.uuid('traceId');
    const orderId = p.raw('orderId');
    const payeeId = p.uuid('payeeId');
    if (traceId) {
      const payment = this.deps.store.get(traceId);
      if (!payment) throw GatewayError.of('orderNotFound', `traceId: no payment ${traceId}`);
      return payment;
    }
    if (orderId && payeeId) {
      const payment = this.deps.store.getByOrder(payeeId, orderId);
      if (!payment) throw GatewayError.of('orderNotFound', `orderId: no payment ${orderId} for payee ${payeeId}`);
      return payment;
    }
    if (orderId) throw paramError('payeeId', 'is required with orderId');
    throw paramError('traceId', 'is required (or orderId with payeeId)');
  }

  /** The payment row for a query by traceId or orderId + payeeId (10062 when unknown). */
  find(params: Params): PaymentRow {
    return this.resolve(params);
  }

  /** GET /v1/payments_info: the instruction asked for (clientId) or the current one. */
  info(params: Params): Payment {
    const payment = this.resolve(params);
    const clientId = new ParamReader(params).uuid('clientId');
    const instruction = clientId ? this.deps.store.instruction(clientId) : this.deps.store.current(payment.trace_id);
    if (!instruction || instruction.trace_id !== payment.trace_id) {
      throw GatewayError.of(
        clientId ? 'orderNotFound' : 'orderNotFound',
        clientId
          ? `clientId: no instruction ${clientId} for this trace`
          : `traceId: the one-time code ${payment.trace_id} has no payment instruction yet`,
      );
    }
    return this.paymentView(payment, instruction);
  }

  /** POST /v1/payments/refresh: a new instruction window for an open order. */
  refresh(params: Params): Payment {
    return this.deps.store.db.transaction(() => {
      const payment = this.resolve(params);
      this.refuseTerminal(payment);
      if (payment.payment_asset_id === '')
        throw GatewayError.of(
          'traceUnavailable',
          `traceId: the one-time code ${payment.trace_id} has no payment instruction to refresh`,
        );
      return this.issueInstruction(payment, payment.payment_asset_id, payment.is_chain === 1, 'refreshed');
    })();
  }

  /** GET /v1/payments_estimated: the figures a create would give. */
  estimate(params: Params): Record<string, string> {
    const p = new ParamReader(params);
    const paymentAssetId = p.required('paymentAssetId').toLowerCase();
    const settlementAssetId = p.raw('settlementAssetId')?.toLowerCase() ?? '';
    const quoteAssetId = p.required('quoteAssetId').toLowerCase();
    const quoteAmount = p.amount('quoteAmount');
    const paymentAmount = p.amount('paymentAmount');
    const strict = p.bool('strictMode') ?? false;
    const quote = this.quoteAsset(quoteAssetId);
    const asset = this.paymentAsset(paymentAssetId);
    const qa = paymentAmount !== undefined ? '' : (quoteAmount ?? '');
    if (qa === '' && paymentAmount === undefined) throw paramError('quoteAmount', 'is required (or paymentAmount)');
    const settlement = this.settlement(settlementAssetId, strict, asset, quote, qa);
    const priced = this.quoteFor(quote, qa, paymentAmount ?? '', asset, settlement);
    return {
      price: priced.price,
      estimatedSettlementAmount: priced.estimatedSettlementAmount,
      settlementAssetId: settlement.assetId,
      settlementAssetSymbol: settlement.symbol,
      paymentAssetId: asset.assetId,
      paymentAssetSymbol: asset.symbol,
      paymentAmount: priced.paymentAmount,
      quoteAssetSymbol: quote.symbol,
      quoteAssetId: quote.id,
      quoteAmount: priced.quoteAmount,
    };
  }

  /** POST /v1/one_time_payment: a single-use code (= the trace) with its terms; idempotent. */
  oneTime(params: Params): { code: string; info: Record<string, string | number> } {
    const asked = this.readCreate(params);
    return this.deps.store.db.transaction(() => {
      const { store, clock, ids } = this.deps;
      const now = clock.now();
      const existing = this.findExisting(asked);
      let payment: NewPayment;
      if (existing) {
        if (existing.is_one_time !== 1)
          throw GatewayError.of(
            'traceUnavailable',
            'traceId: this order already has a payment; it cannot become a one-time code',
          );
        this.checkSameTerms(existing, asked);
        payment = existing;
      } else {
        if (!asked.payeeId) throw paramError('payeeId', 'is required');
        if (!asked.quoteAssetId) throw paramError('quoteAssetId', 'is required');
        if (!this.deps.payees.get(asked.payeeId))
          throw GatewayError.of('userNotFound', `payeeId: ${asked.payeeId} is not a user of this gateway`);
        const quote = this.quoteAsset(asked.quoteAssetId);
        this.checkQuoteLimits(quote, asked.quoteAmount);
        if (asked.settlementAssetId && !this.deps.catalog.asset(asked.settlementAssetId, this.deps.mode)) {
          throw GatewayError.of(
            'assetNotFound',
            `settlementAssetId: ${asked.settlementAssetId} is not an asset this gateway knows`,
          );
        }
        const nowS = Math.floor(now / 1000);
        const codeEnds = asked.deadline ?? nowS + ONE_TIME_DEFAULT_SECONDS;
        payment = {
          trace_id: asked.traceId ?? ids.uuid(),
          payee_id: asked.payeeId,
          order_id: asked.orderId ?? null,
          quote_asset_id: quote.id,
          quote_amount: asked.quoteAmount ?? '',
          fixed_payment_amount: '',
          settlement_asset_id: asked.settlementAssetId ?? '',
          strict_mode: asked.strictMode ? 1 : 0,
          payment_asset_id: '',
          is_chain: 0,
          remark: asked.remark ?? '',
          note: asked.note ?? '',
          settlement_memo: asked.settlementMemo ?? '',
          return_to: asked.returnTo ?? '',
          failed_return_to: asked.failedReturnTo ?? '',
          callback_url: asked.callbackUrl ?? '',
          callback_events: asked.callbackEvents ?? '',
          expired_at: asked.deadline ?? 0,
          is_one_time: 1,
          code_expires_at: codeEnds,
          review_required: 0,
          quote_usd_value: '0',
          current_client_id: '',
          created_at: now,
          updated_at: now,
          status: 'unpaid',
          payable_amount: '',
        };
        if (payment.quote_amount !== '') {
          const usdValue = parseAmount(
            priceQuote({
              quote,
              quoteAmount: payment.quote_amount,
              fixedPaymentAmount: '',
              payment: this.fallbackAsset(),
              settlement: this.fallbackAsset(),
              usd: this.usd,
              spreadPercent: '0',
            }).usdValue,
          );
          payment.quote_usd_value = usdValue;
          payment.review_required = this.needsReview(usdValue) ? 1 : 0;
        }
        store.insert(payment); // the result columns start at their defaults in the schema
        store.event(payment.trace_id, now, 'one_time_code', '', 'unpaid', { codeExpiresAt: codeEnds });
        this.deps.onChanged?.(payment.trace_id);
      }
      const origin = this.deps.settings.get().publicOrigin || this.deps.origin();
      return {
        code: payment.trace_id,
        info: {
          orderId: payment.order_id ?? '',
          traceId: payment.trace_id,
          payeeId: payment.payee_id,
          quoteAmount: payment.quote_amount,
          quoteAssetId: payment.quote_asset_id,
          settlementAssetId: payment.settlement_asset_id,
          expiredAt: payment.code_expires_at,
          checkoutUrl: `${origin}/code/${payment.trace_id}`,
        },
      };
    })();
  }

  /**
   * POST /v1/payments/cancel (merchant): any open status ends `failed` 40032; a terminal one is
   * refused with 10032. `applyCancel` is how the change is made (the result state machine).
   */
  cancel(params: Params, applyCancel: (payment: PaymentRow) => void): PaymentRow {
    return this.deps.store.db.transaction(() => {
      const payment = this.resolve(params);
      if (isTerminal(payment.status))
        throw GatewayError.of(
          'cannotCancel',
          `traceId: the payment is already ${payment.status} and cannot be cancelled`,
        );
      applyCancel(payment);
      const after = this.deps.store.get(payment.trace_id);
      if (!after) throw new Error('payment vanished during cancel');
      return after;
    })();
  }

  private fallbackAsset(): Asset {
    const first = this.deps.catalog.paymentAssets('sandbox')[0];
    if (!first) throw new Error('empty catalogue');
    return first;
  }
}
