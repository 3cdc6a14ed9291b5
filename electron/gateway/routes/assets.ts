/**
 * The asset lists (docs/api.md, "Asset lists"). With a quote, each item says what it would pay for
 * it, priced by the same path as the estimate and the create (payments/pricing.ts): an asset without
 * a usable price, or outside its limits, is listed as unable to pay (`maxPaymentAmount` "0",
 * `isAvailable` false), never offered at a price a create would then refuse.
 */
import type { FastifyInstance } from 'fastify';
import type { Catalog, QuoteAsset } from '../catalog.js';
import { GatewayError } from '../errors.js';
import { requestParams, type Params } from '../http.js';
import { ParamReader } from '../params.js';
import type { Pricing } from '../payments/pricing.js';
import type { RouteHelpers } from '../routes.js';

export interface AssetRouteDeps {
  mode: 'sandbox' | 'live';
  catalog: Catalog;
  pricing: Pricing;
  /** Extra item fields for assets on a real rail (EVM: chainId, decimals, contract); live mode only. */
  assetExtras?: (assetId: string) => Record<string, unknown> | undefined;
}

export function registerAssetRoutes(app: FastifyInstance, helpers: RouteHelpers, deps: AssetRouteDeps): void {
  const { mode, catalog, pricing } = deps;
  const { ok } = helpers;
  const chainAsset = (id: string) => {
    const a = catalog.assets.get(id);
    return { id, name: a?.name ?? '', symbol: a?.symbol ?? '', iconUrl: a?.iconUrl ?? '' };
  };
  const readQuote = (params: Params): { quote: QuoteAsset | undefined; quoteAmount: string | undefined } => {
    const p = new ParamReader(params);
    p.uuid('payeeId');
    const quoteAssetId = p.raw('quoteAssetId')?.toLowerCase();
    const quoteAmount = p.amount('quoteAmount');
    const quote = quoteAssetId ? catalog.quoteAsset(quoteAssetId, mode) : undefined;
    if (quoteAssetId && !quote)
      throw GatewayError.of('quoteAssetNotSupported', `quoteAssetId: ${quoteAssetId} is not a supported quote asset`);
    return { quote, quoteAmount };
  };

  app.get('/v1/setting/payment_assets', async (request, reply) => {
    const { quote, quoteAmount } = readQuote(requestParams(request));
    const items = catalog.paymentAssets(mode).map((a) => {
      let min = a.minPaymentAmount;
      let max = a.maxPaymentAmount;
      if (quote && quoteAmount) {
        // For a given quote: the amount this asset would pay, if it can ("0" = cannot pay it).
        const amount = pricing.payableAmount(quote, quoteAmount, a);
        min = amount ?? a.minPaymentAmount;
        max = amount ?? '0';
      }
      // Beyond the API's fields, a real rail's assets carry what a payment URI needs (chainId, contract).
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
    // Without a quote currency the limits are given in USD, the gateway's unit of account.
    const usd = catalog.quoteAsset('usd', mode);
    if (!usd) throw new Error('the catalogue has no usd quote currency');
    // Existing clients decode every field of every item (docs/api.md, "Compatibility with existing clients").
    const asked = quote ?? usd;
    const items = pricing.settlementAssets().map((a) => {
      return {
        name: a.name,
        symbol: a.symbol,
        iconUrl: a.iconUrl,
        assetId: a.assetId,
        network: a.network,
        isAsset: true as const,
        chainAsset: chainAsset(a.chainAssetId),
        isAvailable: pricing.settlementAvailable(a, quote, quoteAmount),
        quoteSymbol: asked.symbol,
        ...pricing.quoteLimitsFor(a, asked),
      };
    });
    return ok(reply, items);
  });
}
