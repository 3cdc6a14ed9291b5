/**
 * The payments side of the API, by concern (docs/architecture.md, "Layout"): parameter rules
 * (param-rules.ts), identity and term conflicts (terms.ts), pricing (pricing.ts, the one path the
 * asset lists, the estimate and the create share), instructions and refresh (instructions.ts), new
 * orders (create.ts), one-time codes (one-time.ts) and cancel (cancel.ts). This class wires them and
 * holds the endpoints' transactions; each write runs in one synchronous SQLite transaction.
 */
import type { Payment } from '../../../shared/wire.js';
import type { Clock } from '../../platform/clock.js';
import type { IdSource } from '../../platform/ids.js';
import type { Catalog } from '../catalog.js';
import { GatewayError, paramError } from '../errors.js';
import type { Params } from '../http.js';
import { ParamReader } from '../params.js';
import type { Payees } from '../payees.js';
import type { Rails } from '../rails/rail.js';
import type { RateSource } from '../rates.js';
import type { ResultEngine } from '../results/engine.js';
import type { SettingsStore } from '../settings.js';
import { cancelPayment } from './cancel.js';
import { PaymentCreation } from './create.js';
import { Instructions } from './instructions.js';
import { OneTimeCodes, type OneTimeCode } from './one-time.js';
import { readCreate, type AskedTerms, type ParamRulesContext } from './param-rules.js';
import { Pricing } from './pricing.js';
import type { PaymentRow, PaymentsStore } from './store.js';
import { refuseTerminal, resolvePayment } from './terms.js';

export interface PaymentsDeps {
  store: PaymentsStore;
  catalog: Catalog;
  payees: Payees;
  rates: RateSource;
  settings: SettingsStore;
  engine: ResultEngine;
  rails: Rails;
  clock: Clock;
  ids: IdSource;
  mode: 'sandbox' | 'live';
  /** The gateway's wallet receiving account (recipient of wallet payments). */
  recipient: string;
  /** Origins callbacks may go to despite the live-mode address policy (merchant list + the till's own). */
  callbackAllowlist: () => readonly string[];
  /** Live mode: counts one NEW deposit address against the requesting client; throws 1429 when its budget is spent. */
  spendAddressBudget?: () => void;
  /** Origin for one-time checkout links when no public origin is set. */
  origin: () => string;
  /** Real wall-clock time (the age of live prices). */
  realNow: () => number;
  /** Called after a payment row changed (the result watchers, the scheduler). */
  onChanged?: (traceId: string) => void;
}

export class Payments {
  readonly pricing: Pricing;
  private readonly instructions: Instructions;
  private readonly codes: OneTimeCodes;
  private readonly creation: PaymentCreation;
  private readonly rules: ParamRulesContext;
  /** Wrapped once (better-sqlite3 builds a wrapper per transaction() call); a savepoint when nested. */
  private readonly createTx: (asked: AskedTerms) => Payment;

  constructor(private readonly deps: PaymentsDeps) {
    const { store, catalog, payees, settings, engine, clock, ids, mode, onChanged } = deps;
    const pricing = new Pricing({ catalog, rates: deps.rates, settings, mode, realNow: deps.realNow });
    const instructions = new Instructions({
      store,
      catalog,
      pricing,
      rails: deps.rails,
      clock,
      ids,
      mode,
      recipient: deps.recipient,
      spendAddressBudget: deps.spendAddressBudget,
      paidSoFar: (traceId) => engine.paidSoFar(traceId),
      onChanged,
    });
    const codes = new OneTimeCodes({
      store,
      catalog,
      payees,
      pricing,
      instructions,
      settings,
      clock,
      ids,
      mode,
      origin: deps.origin,
      onChanged,
    });
    this.pricing = pricing;
    this.instructions = instructions;
    this.codes = codes;
    this.creation = new PaymentCreation({ store, payees, pricing, instructions, codes, clock, ids, mode, onChanged });
    this.rules = { clock, mode, callbackAllowlist: deps.callbackAllowlist };
    this.createTx = store.db.transaction((asked: AskedTerms) => this.creation.create(asked));
  }

  /** POST /v1/payments. */
  create(params: Params): Payment {
    const asked = readCreate(params, this.rules);
    // Inside a caller's transaction (the group commit) the caller owns atomicity: a savepoint here would
    // copy every page the create touches into SQLite's sub-journal.
    return this.deps.store.db.inTransaction ? this.creation.create(asked) : this.createTx(asked);
  }

  /** The payment row for a query by traceId or orderId + payeeId (10062 when unknown). */
  find(params: Params): PaymentRow {
    return resolvePayment(this.deps.store, params);
  }

  /** GET /v1/payments_info: the instruction asked for (clientId) or the current one. */
  info(params: Params): Payment {
    const payment = this.find(params);
    const clientId = new ParamReader(params).uuid('clientId');
    const instruction = clientId ? this.deps.store.instruction(clientId) : this.deps.store.current(payment.trace_id);
    if (!instruction || instruction.trace_id !== payment.trace_id) {
      throw GatewayError.of(
        'orderNotFound',
        clientId
          ? `clientId: no instruction ${clientId} for this trace`
          : `traceId: the one-time code ${payment.trace_id} has no payment instruction yet`,
      );
    }
    return this.instructions.view(payment, instruction);
  }

  /** POST /v1/payments/refresh: a new instruction window for an open order. */
  refresh(params: Params): Payment {
    return this.deps.store.db.transaction(() => {
      const payment = this.find(params);
      refuseTerminal(payment);
      if (payment.payment_asset_id === '')
        throw GatewayError.of(
          'traceUnavailable',
          `traceId: the one-time code ${payment.trace_id} has no payment instruction to refresh`,
        );
      return this.instructions.issue(payment, payment.payment_asset_id, payment.is_chain === 1, 'refreshed');
    })();
  }

  /** GET /v1/payments_estimated: the figures a create would give, priced the same way. */
  estimate(params: Params): Record<string, string> {
    const { pricing } = this;
    const p = new ParamReader(params);
    const paymentAssetId = p.required('paymentAssetId').toLowerCase();
    const settlementAssetId = p.raw('settlementAssetId')?.toLowerCase() ?? '';
    const quoteAssetId = p.required('quoteAssetId').toLowerCase();
    const quoteAmount = p.amount('quoteAmount');
    const paymentAmount = p.amount('paymentAmount');
    const strict = p.bool('strictMode') ?? false;
    const quote = pricing.quoteAsset(quoteAssetId);
    const asset = pricing.paymentAsset(paymentAssetId);
    const qa = paymentAmount !== undefined ? '' : (quoteAmount ?? '');
    if (qa === '' && paymentAmount === undefined) throw paramError('quoteAmount', 'is required (or paymentAmount)');
    const settlement = pricing.settlement(settlementAssetId, strict, asset, quote, qa);
    const priced = pricing.quoteFor(quote, qa, paymentAmount ?? '', asset, settlement);
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
  oneTime(params: Params): OneTimeCode {
    const asked = readCreate(params, this.rules);
    return this.deps.store.db.transaction(() => this.codes.create(asked))();
  }

  /** POST /v1/payments/cancel (merchant): the payment after it ended `failed` 40032. */
  cancel(params: Params): PaymentRow {
    return cancelPayment(this.deps.store, this.deps.engine, params);
  }
}
