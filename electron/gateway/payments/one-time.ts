/**
 * One-time payments (docs/api.md, "One-time payments"): a single-use code (= the trace) holding an
 * order's terms, idempotent like a create. The payer turns it into an instruction with a create
 * naming the code and a payment asset; a code whose life ends before that fails 40000 (the scheduler).
 */
import type { Payment } from '../../../shared/wire.js';
import type { Clock } from '../../platform/clock.js';
import type { IdSource } from '../../platform/ids.js';
import type { Catalog } from '../catalog.js';
import { GatewayError, paramError } from '../errors.js';
import type { Payees } from '../payees.js';
import type { SettingsStore } from '../settings.js';
import type { Instructions } from './instructions.js';
import type { AskedTerms } from './param-rules.js';
import type { Pricing } from './pricing.js';
import type { NewPayment, PaymentRow, PaymentsStore } from './store.js';
import { checkSameTerms, findExisting } from './terms.js';

const ONE_TIME_DEFAULT_SECONDS = 24 * 3600;

export interface OneTimeDeps {
  store: PaymentsStore;
  catalog: Catalog;
  payees: Payees;
  pricing: Pricing;
  instructions: Instructions;
  settings: SettingsStore;
  clock: Clock;
  ids: IdSource;
  mode: 'sandbox' | 'live';
  /** Origin for checkout links when no public origin is set. */
  origin: () => string;
  onChanged?: (traceId: string) => void;
}

export interface OneTimeCode {
  code: string;
  info: Record<string, string | number>;
}

export class OneTimeCodes {
  constructor(private readonly deps: OneTimeDeps) {}

  /** POST /v1/one_time_payment, inside a transaction: the code for these terms, made once. */
  create(asked: AskedTerms): OneTimeCode {
    const existing = findExisting(this.deps.store, asked);
    let payment: NewPayment;
    if (existing) {
      if (existing.is_one_time !== 1)
        throw GatewayError.of(
          'traceUnavailable',
          'traceId: this order already has a payment; it cannot become a one-time code',
        );
      checkSameTerms(existing, asked);
      payment = existing;
    } else payment = this.newCode(asked);
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
  }

  /** The payer's first create for a code: the code's terms with the payment asset the payer chose. */
  firstInstruction(payment: PaymentRow, asked: AskedTerms): Payment {
    if (Math.floor(this.deps.clock.now() / 1000) >= payment.code_expires_at) {
      throw GatewayError.of('orderFailed', `traceId: the one-time code ${payment.trace_id} has expired`);
    }
    checkSameTerms(payment, asked);
    if (!asked.paymentAssetId) throw paramError('paymentAssetId', 'is required');
    return this.deps.instructions.issue(payment, asked.paymentAssetId, asked.isChain ?? false, 'first');
  }

  private newCode(asked: AskedTerms): NewPayment {
    const { store, clock, ids, pricing } = this.deps;
    const now = clock.now();
    if (!asked.payeeId) throw paramError('payeeId', 'is required');
    if (!asked.quoteAssetId) throw paramError('quoteAssetId', 'is required');
    if (!this.deps.payees.get(asked.payeeId))
      throw GatewayError.of('userNotFound', `payeeId: ${asked.payeeId} is not a user of this gateway`);
    const quote = pricing.quoteAsset(asked.quoteAssetId);
    pricing.checkQuoteLimits(quote, asked.quoteAmount);
    if (asked.settlementAssetId && !this.deps.catalog.asset(asked.settlementAssetId, this.deps.mode)) {
      throw GatewayError.of(
        'assetNotFound',
        `settlementAssetId: ${asked.settlementAssetId} is not an asset this gateway knows`,
      );
    }
    const codeEnds = asked.deadline ?? Math.floor(now / 1000) + ONE_TIME_DEFAULT_SECONDS;
    const quoteAmount = asked.quoteAmount ?? '';
    const usdValue = quoteAmount === '' ? '0' : pricing.quoteUsdValue(quote, quoteAmount);
    const payment: NewPayment = {
      trace_id: asked.traceId ?? ids.uuid(),
      payee_id: asked.payeeId,
      order_id: asked.orderId ?? null,
      quote_asset_id: quote.id,
      quote_amount: quoteAmount,
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
      review_required: pricing.needsReview(usdValue) ? 1 : 0,
      quote_usd_value: usdValue,
      current_client_id: '',
      created_at: now,
      updated_at: now,
      status: 'unpaid',
      payable_amount: '',
    };
    store.insert(payment); // the result columns start at their defaults in the schema
    store.event(payment.trace_id, now, 'one_time_code', '', 'unpaid', { codeExpiresAt: codeEnds });
    this.deps.onChanged?.(payment.trace_id);
    return payment;
  }
}
