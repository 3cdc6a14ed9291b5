/**
 * The /v1 routes: thin adapters from HTTP to the gateway's modules. Parameters come from
 * `requestParams` (query + any body shape); answers go out in the envelope via `sendOk`;
 * errors are thrown as GatewayError and mapped by the error handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { compare, lt } from '../../shared/money.js';
import type { Clock } from '../platform/clock.js';
import type { Catalog } from './catalog.js';
import { GatewayError, paramError } from './errors.js';
import { requestParams, sendOk, type Params } from './http.js';
import { isMerchantAuthorized } from './merchant-key.js';
import { ParamReader } from './params.js';
import type { Payees } from './payees.js';
import type { Payments } from './payments.js';
import { priceQuote } from './quote.js';
import { RateLimiter } from './rate-limit.js';
import type { DbRates } from './rates.js';
import type { SettingsStore } from './settings.js';

export interface RouteDeps {
  clock: Clock;
  mode: 'sandbox' | 'live';
  catalog: Catalog;
  payees: Payees;
  payments: Payments;
  rates: DbRates;
  settings: SettingsStore;
  merchantKey: string;
  version: string;
  realNow: () => number;
  /** The result of a payment, as GET /v1/payments_result answers it. */
  result: (params: Params) => unknown;
  cancel: (params: Params) => unknown;
  /** Extra item fields for assets on a real rail (EVM: chainId, contract). */
  assetExtras?: (assetId: string) => Record<string, unknown> | undefined;
  /** Runs a write in the next group commit (electron/platform/group-commit.ts). */
  write: <T>(work: () => T) => Promise<T>;
  /** Extra route groups (results, sandbox, callbacks) register themselves here. */
  extra: ((app: FastifyInstance, helpers: RouteHelpers) => void)[];
}

export interface RouteHelpers {
  merchantOnly: (request: FastifyRequest) => void;
  ok: (reply: FastifyReply, data: unknown) => FastifyReply;
}

export function registerGatewayRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { clock, mode, catalog, payees, payments } = deps;
  const ok = (reply: FastifyReply, data: unknown): FastifyReply => sendOk(reply, clock, data);
  const merchantOnly = (request: FastifyRequest): void => {
    if (!isMerchantAuthorized(request.headers.authorization, deps.merchantKey)) {
      throw GatewayError.of(
        'merchantKey',
        'Authorization: a valid merchant key is required (Authorization: Bearer <merchant key>)',
      );
    }
  };
  const limiter = new RateLimiter(120);
  // A callback-style hook: an async one costs a promise per request on the hottest path.
  app.addHook('onRequest', (request, _reply, done) => {
    const limited =
      (request.url.startsWith('/v1') || request.url.startsWith('/one_time_payment')) &&
      !RateLimiter.isLoopback(request.ip) &&
      !limiter.take(request.ip);
    done(limited ? GatewayError.of('rateLimited', 'Too many requests; slow down and retry') : undefined);
  });

  app.get('/v1/health', async (_q, reply) => ok(reply, { status: 'ok', mode, version: deps.version }));

  // Payee lookup (public, no limit). `fullName` is an extra field the till shows.
  const lookup = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const payee = payees.lookup(request.params.id.trim());
    return ok(reply, { payeeId: payee.payeeId, fullName: payee.fullName });
  };
  app.get('/v1/user/network_uuid/:id', lookup);
  app.get('/v1/user/mixin_uuid/:id', lookup);

  // Asset lists.
  const chainAsset = (id: string) => {
    const a = catalog.assets.get(id);
    return { id, name: a?.name ?? '', symbol: a?.symbol ?? '', iconUrl: a?.iconUrl ?? '' };
  };
  const readQuote = (params: Params) => {
    const p = new ParamReader(params);
    p.uuid('payeeId');
    const quoteAssetId = p.raw('quoteAssetId')?.toLowerCase();
    const quoteAmount = p.amount('quoteAmount');
    const quote = quoteAssetId ? catalog.quoteAsset(quoteAssetId, mode) : undefined;
    if (quoteAssetId && !quote)
      throw GatewayError.of('quoteAssetNotSupported', `quoteAssetId: ${quoteAssetId} is not a supported quote asset`);
    return { quote, quoteAmount };
  };
  const usd = (key: string, param: string): string => {
    const rate = deps.rates.usdPrice(key);
    if (!rate) throw GatewayError.of('assetNotFound', `${param}: no price is available for ${key}`);
    return rate.usdPrice;
  };

  app.get('/v1/setting/payment_assets', async (request, reply) => {
    const { quote, quoteAmount } = readQuote(requestParams(request));
    const items = catalog.paymentAssets(mode).map((a) => {
      let min = a.minPaymentAmount;
      let max = a.maxPaymentAmount;
      if (quote && quoteAmount) {
        // For a given quote: the amount this asset would pay, if its limits allow it ("0" = cannot pay it).
        const amount = priceQuote({
          quote,
          quoteAmount,
          fixedPaymentAmount: '',
          payment: a,
          settlement: a,
          usd,
          spreadPercent: deps.settings.get().spreadPercent,
        }).paymentAmount;
        const payable = !lt(amount, a.minPaymentAmount) && compare(amount, a.maxPaymentAmount) <= 0;
        min = payable ? amount : a.minPaymentAmount;
        max = payable ? amount : '0';
      }
      // Beyond the spec's fields, a real rail's assets carry what a payment URI needs (chainId, contract).
      return {
        name: a.name,
        symbol: a.symbol,
        iconUrl: a.iconUrl,
        assetId: a.assetId,
        network: a.network,
        onChainSupported: a.onChainSupported,
        minPaymentAmount: min,
        maxPaymentAmount: max,
        chainAsset: chainAsset(a.chainAssetId),
        ...deps.assetExtras?.(a.assetId),
      };
    });
    return ok(reply, items);
  });

  app.get('/v1/setting/quote_assets', async (request, reply) => {
    new ParamReader(requestParams(request)).uuid('payeeId');
    const items = catalog.quoteAssets(mode).map((q) => ({
      symbol: q.symbol,
      iconUrl: q.kind === 'crypto' ? q.asset.iconUrl : '',
      minQuoteAmount: q.minQuoteAmount,
      maxQuoteAmount: q.maxQuoteAmount,
      decimalDigit: q.decimalDigit,
      isAsset: q.kind === 'crypto' ? 1 : 0,
      assetId: q.id,
      ...(q.kind === 'crypto' ? { chainAsset: chainAsset(q.asset.chainAssetId) } : {}),
    }));
    return ok(reply, items);
  });

  app.get('/v1/setting/settlement_assets', async (request, reply) => {
    const { quote, quoteAmount } = readQuote(requestParams(request));
    const items = payments.settlementAssets().map((a) => {
      const base = {
        name: a.name,
        symbol: a.symbol,
        iconUrl: a.iconUrl,
        assetId: a.assetId,
        network: a.network,
        isAsset: true as const,
        chainAsset: chainAsset(a.chainAssetId),
      };
      if (!quote || !quoteAmount) return base;
      return { ...base, isAvailable: payments.settlementAvailable(a, quote, quoteAmount) };
    });
    return ok(reply, items);
  });

  // Payments.
  // Writes go through the group commit; reads answer from the committed state at once.
  const { write } = deps;
  app.post('/v1/payments', async (request, reply) => {
    const params = requestParams(request);
    return ok(reply, await write(() => payments.create(params)));
  });
  app.get('/v1/payments_info', async (request, reply) => ok(reply, payments.info(requestParams(request))));
  app.post('/v1/payments/refresh', async (request, reply) => {
    const params = requestParams(request);
    return ok(reply, await write(() => payments.refresh(params)));
  });
  app.get('/v1/payments_estimated', async (request, reply) => ok(reply, payments.estimate(requestParams(request))));
  app.get('/v1/payments_result', async (request, reply) => ok(reply, deps.result(requestParams(request))));
  const oneTime = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = requestParams(request);
    return ok(reply, await write(() => payments.oneTime(params)));
  };
  app.post('/v1/one_time_payment', oneTime);
  app.post('/one_time_payment', oneTime);

  // Merchant operations.
  app.post('/v1/payments/cancel', async (request, reply) => {
    merchantOnly(request);
    const params = requestParams(request);
    return ok(reply, await write(() => deps.cancel(params)));
  });
  app.post('/v1/payees', async (request, reply) => {
    merchantOnly(request);
    const p = new ParamReader(requestParams(request));
    return ok(reply, payees.register(p.required('networkId'), p.required('fullName'), clock.now()));
  });
  app.get('/v1/merchant/settings', async (request, reply) => {
    merchantOnly(request);
    return ok(reply, deps.settings.get());
  });
  app.post('/v1/merchant/settings', async (request, reply) => {
    merchantOnly(request);
    try {
      return ok(reply, deps.settings.update(request.body ?? {}));
    } catch (error) {
      if (error instanceof ZodError) {
        const issue = error.issues[0];
        throw paramError(issue?.path.join('.') || 'settings', issue?.message ?? 'invalid');
      }
      throw error;
    }
  });
  app.get('/v1/rates', async (_request, reply) =>
    ok(
      reply,
      [...catalog.fiats.keys(), ...catalog.assets.keys()].map((key) => ({ key, ...deps.rates.usdPrice(key) })),
    ),
  );
  app.post('/v1/rates', async (request, reply) => {
    merchantOnly(request);
    const p = new ParamReader(requestParams(request));
    const key = p.required('key').toLowerCase();
    if (!catalog.fiats.has(key) && !catalog.assets.has(key))
      throw paramError('key', `${key} is neither a fiat code nor an asset id of this gateway`);
    const usdPrice = p.price('usdPrice');
    if (!usdPrice) throw paramError('usdPrice', 'is required');
    deps.rates.set(key, usdPrice, 'merchant', deps.realNow());
    return ok(reply, { key, ...deps.rates.usdPrice(key) });
  });

  // Sandbox users (sandbox mode only).
  if (mode === 'sandbox') {
    app.post('/v1/sandbox/users', async (request, reply) => {
      const p = new ParamReader(requestParams(request));
      const payee = payees.register(p.required('networkId'), p.required('fullName'), clock.now());
      return ok(reply, { payeeId: payee.payeeId, networkId: payee.networkId });
    });
  }

  for (const register of deps.extra) register(app, { merchantOnly, ok });
}
