/**
 * The till's client of a gateway's /v1 API: the embedded one on loopback, or a hosted one. Every
 * answer is validated with the wire schemas. Hosted gateways allow 60 requests a minute: the client
 * paces itself and backs off on code 1429. Network trouble and timeouts are reported as
 * `GatewayUnreachable`, so the caller can keep the order and retry with the same identifiers.
 */
import { z } from 'zod';
import {
  EnvelopeSchema,
  PayeeLookupSchema,
  PaymentAssetItemSchema,
  PaymentResultSchema,
  PaymentSchema,
  QuoteAssetItemSchema,
  RailHealthSchema,
  SettlementAssetItemSchema,
  type Payment,
  type PaymentResult,
} from '../../../shared/wire.js';
import { MoneyToResolveSchema, RefundSchema } from '../../../shared/wire-refunds.js';
import { MerchantReportSchema } from '../shop/report-schema.js';

export class GatewayUnreachable extends Error {}

/** The gateway answered with an error envelope. */
export class GatewayRefused extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

export interface GatewayClientOptions {
  baseUrl: () => string;
  /** Hosted gateways are rate limited; the embedded one on loopback is not. */
  hosted: () => boolean;
  /**
   * The key for merchant operations on the gateway in use, or undefined when none may be sent
   * there (see key-policy.ts): such an operation is then refused before anything is sent.
   */
  merchantKey: () => string | undefined;
  /**
   * A shop server's till key for this till (docs/api.md, "Tills"), or undefined: sent with creates so
   * the payment records the till, and for a till's merchant operations when no merchant key is set.
   */
  tillKey?: () => string | undefined;
  timeoutMs?: number;
  /** Told after every exchange whether the gateway answered. */
  onContact?: (reachable: boolean) => void;
  /** Rate limit of a hosted gateway (requests per minute). */
  perMinute?: number;
  /** The gateway's clock at its answer (envelope timestampMs): the sandbox clock may run ahead. */
  onGatewayTime?: (gatewayMs: number) => void;
}

export interface CreatePaymentArgs {
  payeeId: string;
  orderId: string;
  traceId: string;
  quoteAssetId: string;
  quoteAmount: string;
  paymentAssetId: string;
  settlementAssetId: string;
  isChain: boolean;
  remark: string;
  callbackUrl: string;
  /** Seconds from now to the payment's deadline (docs/api.md, "Deadlines and windows"); absent: none. */
  expireSeconds?: number;
}

const DeliverySchema = z.object({
  deliveryId: z.string(),
  event: z.string(),
  url: z.string(),
  status: z.string(),
  nextAttemptAt: z.number().nullable(),
  attempts: z.array(
    z.object({
      at: z.number(),
      httpStatus: z.number(),
      durationMs: z.number(),
      error: z.string(),
      responseExcerpt: z.string(),
    }),
  ),
});
const RailsSchema = z.object({
  mode: z.string(),
  config: z.unknown(),
  health: z.array(RailHealthSchema),
});
/** GET/POST /v1/merchant/price-sources (README "Price sources"): checked before the owner sees it. */
const PricesSchema = z.object({
  mode: z.string(),
  config: z.unknown(),
  sources: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      lastOkAgeSeconds: z.number(),
      lastOkAt: z.number(),
      lastError: z.string(),
      failures: z.number().int(),
      nextAttemptInSeconds: z.number(),
      prices: z.array(
        z.object({
          key: z.string(),
          symbol: z.string(),
          usdPrice: z.string(),
          ageSeconds: z.number(),
          maxAgeSeconds: z.number(),
        }),
      ),
    }),
  ),
  prices: z.array(
    z.object({
      key: z.string(),
      symbol: z.string(),
      usdPrice: z.string(),
      source: z.string(),
      ageSeconds: z.number(),
      problem: z.string(),
    }),
  ),
  alerts: z.array(z.string()),
});
const NetworksSchema = z.array(
  z.object({ network: z.string(), requiredConfirmations: z.number().int(), height: z.number().int() }),
);
const TransferAnswerSchema = z.object({ txid: z.string(), traceId: z.string(), status: z.string() });
const MinedSchema = z.object({ network: z.string(), height: z.number().int() });
const ClockSchema = z.object({ nowMs: z.number() });

export class GatewayClient {
  private readonly sent: number[] = [];

  constructor(private readonly options: GatewayClientOptions) {}

  /**
   * Waits for a slot under a hosted gateway's per-minute limit. A shop server (a till key is set) does
   * not limit its own tills, so a till there never holds a sale back behind its own result polls.
   */
  private async pace(): Promise<void> {
    if (!this.options.hosted() || this.options.tillKey?.()) return;
    const limit = this.options.perMinute ?? 60;
    for (;;) {
      const now = Date.now();
      while (this.sent.length && now - this.sent[0]! > 60_000) this.sent.shift();
      if (this.sent.length < limit) {
        this.sent.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 60_000 - (now - this.sent[0]!) + 5));
    }
  }

  /** The Authorization header of a merchant operation; refuses when no key may be sent. */
  private authorization(path: string): { authorization: string } {
    const key = this.options.merchantKey() ?? this.options.tillKey?.();
    if (!key) {
      throw new GatewayRefused(
        2000,
        `${path} needs a merchant key, and none is set for this gateway (set the hosted gateway's own key in Setup; it is sent only over HTTPS)`,
        401,
      );
    }
    return { authorization: `Bearer ${key}` };
  }

  /** A create names its till with the till key when one is set; it needs no key otherwise. */
  private tillAuthorization(): { authorization: string } | Record<string, never> {
    const key = this.options.tillKey?.();
    return key ? { authorization: `Bearer ${key}` } : {};
  }

  private async request<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    params: Record<string, unknown> = {},
    merchant: boolean | 'till' = false,
  ): Promise<z.output<T>> {
    for (let attempt = 0; ; attempt++) {
      await this.pace();
      // Decided with the URL, per attempt: the setting may change while waiting or between retries.
      // Every request to a shop server carries the till key (it is how the server knows its own tills).
      const auth = merchant === true ? this.authorization(path) : this.tillAuthorization();
      const query =
        method === 'GET'
          ? new URLSearchParams(
              Object.entries(params)
                .filter(([, v]) => v !== undefined && v !== '')
                .map(([k, v]): [string, string] => [k, String(v)]),
            ).toString()
          : '';
      const url = `${this.options.baseUrl()}${path}${query ? `?${query}` : ''}`;
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json', ...auth },
          body: method === 'POST' ? JSON.stringify(params) : undefined,
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        this.options.onContact?.(false);
        throw new GatewayUnreachable(
          `The gateway did not answer (${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message})`,
        );
      }
      if (response.status >= 500) {
        // Overloaded or restarting: back off with jitter and try again; then treat it as
        // unreachable, so an order is kept and retried rather than given up.
        await response.body?.cancel();
        if (attempt < 3) {
          await new Promise((resolve) => setTimeout(resolve, (300 + Math.random() * 300) * 2 ** attempt));
          continue;
        }
        this.options.onContact?.(false);
        throw new GatewayUnreachable(`The gateway answered HTTP ${response.status}`);
      }
      let json: unknown;
      try {
        json = await response.json();
      } catch {
        this.options.onContact?.(false);
        throw new GatewayUnreachable(`The gateway answered ${response.status} without JSON`);
      }
      this.options.onContact?.(true);
      const envelope = json as { success?: boolean; code?: number; message?: string; timestampMs?: unknown };
      if (typeof envelope.timestampMs === 'number') this.options.onGatewayTime?.(envelope.timestampMs);
      if (envelope.success !== true) {
        const code = typeof envelope.code === 'number' ? envelope.code : -1;
        if (code === 1429 && attempt < 3) {
          await new Promise((resolve) => setTimeout(resolve, 2000 * 2 ** attempt));
          continue;
        }
        throw new GatewayRefused(code, envelope.message ?? `HTTP ${response.status}`, response.status);
      }
      const parsed = EnvelopeSchema(schema).safeParse(json);
      if (!parsed.success)
        throw new GatewayRefused(
          -1,
          `The gateway's answer to ${path} is not in the expected shape: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
          response.status,
        );
      return (parsed.data as { data: z.output<T> }).data;
    }
  }

  /** The shop server's report (docs/api.md, "Merchant report"): the merchant key, else the till key (its till). */
  merchantReport(query: Record<string, string | number>) {
    return this.request('GET', '/v1/merchant/report', MerchantReportSchema, query, true);
  }

  lookupPayee(networkId: string): Promise<{ payeeId: string; fullName?: string }> {
    return this.request(
      'GET',
      `/v1/user/network_uuid/${encodeURIComponent(networkId)}`,
      PayeeLookupSchema.extend({ fullName: z.string().optional() }),
    );
  }

  /** Registers the shop's payee (merchant key; docs/api.md, "Modes"). */
  registerPayee(networkId: string, fullName: string) {
    return this.request(
      'POST',
      '/v1/payees',
      z.object({ payeeId: z.string(), networkId: z.string(), fullName: z.string() }),
      { networkId, fullName },
      true,
    );
  }

  quoteAssets(payeeId: string) {
    return this.request('GET', '/v1/setting/quote_assets', z.array(QuoteAssetItemSchema), { payeeId });
  }

  paymentAssets(payeeId: string, quoteAssetId: string, quoteAmount?: string) {
    return this.request('GET', '/v1/setting/payment_assets', z.array(PaymentAssetItemSchema), {
      payeeId,
      quoteAssetId,
      quoteAmount,
    });
  }

  settlementAssets(payeeId: string) {
    return this.request('GET', '/v1/setting/settlement_assets', z.array(SettlementAssetItemSchema), { payeeId });
  }

  createPayment(args: CreatePaymentArgs): Promise<Payment> {
    const { callbackUrl, remark, settlementAssetId, ...rest } = args;
    const params = {
      ...rest,
      ...(settlementAssetId ? { settlementAssetId } : {}),
      ...(remark ? { remark } : {}),
      ...(callbackUrl ? { callbackUrl } : {}),
    };
    return this.request('POST', '/v1/payments', PaymentSchema, params, 'till');
  }

  refresh(traceId: string): Promise<Payment> {
    return this.request('POST', '/v1/payments/refresh', PaymentSchema, { traceId });
  }

  result(traceId: string): Promise<PaymentResult> {
    return this.request('GET', '/v1/payments_result', PaymentResultSchema, { traceId, with: 'payment,transactions' });
  }

  cancel(traceId: string): Promise<PaymentResult> {
    return this.request('POST', '/v1/payments/cancel', PaymentResultSchema, { traceId }, true);
  }

  /** The gateway's delivery log of a payment (merchant key). */
  callbacks(traceId: string) {
    return this.request('GET', '/v1/callbacks', z.array(DeliverySchema), { traceId }, true);
  }

  redeliver(deliveryId: string) {
    return this.request('POST', '/v1/callbacks/redeliver', DeliverySchema, { deliveryId }, true);
  }

  review(traceId: string, decision: 'approve' | 'reject', reason: string, by: string) {
    return this.request('POST', '/v1/payments/review', PaymentResultSchema, { traceId, decision, reason, by }, true);
  }

  // Refunds and money to resolve (merchant key; docs/api.md, "Refunds").
  resolve(traceId: string) {
    return this.request('GET', '/v1/payments/resolve', MoneyToResolveSchema, { traceId }, true);
  }
  toResolve() {
    return this.request('GET', '/v1/merchant/to_resolve', z.array(MoneyToResolveSchema), {}, true);
  }
  keep(params: Record<string, unknown>) {
    return this.request('POST', '/v1/payments/keep', MoneyToResolveSchema, params, true);
  }
  refunds(traceId: string) {
    return this.request('GET', '/v1/refunds', z.array(RefundSchema), { traceId }, true);
  }
  refund(refundId: string) {
    return this.request('GET', `/v1/refunds/${encodeURIComponent(refundId)}`, RefundSchema, {}, true);
  }
  createRefund(params: Record<string, unknown>) {
    return this.request('POST', '/v1/refunds', RefundSchema, params, true);
  }
  withdrawRefund(refundId: string, reason: string) {
    return this.request('POST', `/v1/refunds/${encodeURIComponent(refundId)}/withdraw`, RefundSchema, { reason }, true);
  }
  refundSent(refundId: string, txid: string) {
    return this.request('POST', `/v1/refunds/${encodeURIComponent(refundId)}/sent`, RefundSchema, { txid }, true);
  }
  sandboxSendRefund(refundId: string) {
    return this.request('POST', `/v1/sandbox/refunds/${encodeURIComponent(refundId)}/send`, RefundSchema);
  }

  rails() {
    return this.request('GET', '/v1/merchant/rails/evm', RailsSchema, {}, true);
  }

  saveRails(config: Record<string, unknown>) {
    return this.request('POST', '/v1/merchant/rails/evm', RailsSchema, config, true);
  }

  priceSources() {
    return this.request('GET', '/v1/merchant/price-sources', PricesSchema, {}, true);
  }

  savePriceSources(config: Record<string, unknown>) {
    return this.request('POST', '/v1/merchant/price-sources', PricesSchema, config, true);
  }

  // The sandbox network (embedded gateway in sandbox mode).
  sandboxTransfer(args: { recipient: string; asset: string; amount: string; trace: string; memo: string }) {
    return this.request('POST', '/v1/sandbox/transfers', TransferAnswerSchema, args);
  }
  sandboxDeposit(args: { destination: string; tag: string; asset: string; amount: string }) {
    return this.request('POST', '/v1/sandbox/deposits', TransferAnswerSchema, args);
  }
  sandboxMine(network: string, count: number) {
    return this.request('POST', '/v1/sandbox/blocks', MinedSchema, { network, count });
  }
  sandboxAdvance(seconds: number) {
    return this.request('POST', '/v1/sandbox/clock', ClockSchema, { advanceSeconds: seconds });
  }
  sandboxNetworks() {
    return this.request('GET', '/v1/sandbox/networks', NetworksSchema);
  }
}
