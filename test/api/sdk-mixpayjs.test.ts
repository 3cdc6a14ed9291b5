/**
 * The published client SDK of the hosted service (mixpayjs 3.0.0), unchanged except for its base
 * URL, runs every call it has against our gateway over real HTTP.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC, SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

// The package is CommonJS (`module.exports = MixPay`); load it the way a Node integration would.
const MixPay = createRequire(import.meta.url)('mixpayjs') as (apiKey?: string) => any;
let gateway: TestGateway;
let client: any;

beforeAll(async () => {
  gateway = await startGateway();
  client = MixPay();
  // The one change an existing integration makes: the base URL.
  client.request.defaults.baseURL = `${gateway.url}/v1`;
});
afterAll(() => gateway.close());

describe('mixpayjs 3.0.0 against the local gateway', () => {
  it('looks up the payee by network id', async () => {
    const payee = await client.readPayeeId('7000101');
    expect(payee).toMatchObject({ payeeId: SHOP });
  });

  it('reads the quote, payment and settlement asset lists', async () => {
    const quotes = await client.readQuoteAssets(SHOP);
    expect(quotes.map((asset: any) => asset.assetId)).toEqual(expect.arrayContaining(['usd', USDT]));
    const payments = await client.readPaymentAssets(SHOP, 'usd', '12.5');
    const usdt = payments.find((asset: any) => asset.assetId === USDT);
    expect(usdt).toMatchObject({ symbol: 'USDT', onChainSupported: true });
    // With a quote, min = max = what the payer would pay for it.
    expect(usdt.minPaymentAmount).toBe(usdt.maxPaymentAmount);
    expect(Number(usdt.minPaymentAmount)).toBeGreaterThanOrEqual(12.5);
    const settlements = await client.readSettlementAssets(SHOP, 'usd', '12.5');
    expect(settlements.find((asset: any) => asset.assetId === USDT)).toMatchObject({
      isAsset: true,
      isAvailable: true,
    });
  });

  it('creates wallet and chain payments, reads their info, estimate and result', async () => {
    const wallet = await client.createMixinPayment({
      payeeId: SHOP,
      orderId: 'sdk-order-0001',
      quoteAssetId: 'usd',
      quoteAmount: '12.5',
      paymentAssetId: USDT,
      settlementAssetId: USDT,
    });
    expect(wallet).toMatchObject({ isChain: false, paymentAssetId: USDT, quoteAmount: '12.5' });
    expect(typeof wallet.traceId).toBe('string');
    expect(wallet.recipient).toBeTruthy();

    const info = await client.getPaymentInfo(wallet.traceId, wallet.clientId);
    expect(info).toMatchObject({
      traceId: wallet.traceId,
      clientId: wallet.clientId,
      paymentAmount: wallet.paymentAmount,
    });

    const estimate = await client.getPaymentEstimated(USDT, USDT, 'usd', '12.5');
    expect(estimate.paymentAmount).toBe(wallet.paymentAmount);

    const result = await client.getPaymentResult(wallet.traceId);
    expect(result).toMatchObject({ status: 'unpaid', traceId: wallet.traceId, payeeId: SHOP, failureCode: '0' });
    const byOrder = await client.getPaymentResult(undefined, 'sdk-order-0001', SHOP);
    expect(byOrder.traceId).toBe(wallet.traceId);

    const chain = await client.createChainPayment({
      payeeId: SHOP,
      orderId: 'sdk-order-0002',
      quoteAssetId: 'usd',
      quoteAmount: '20',
      paymentAssetId: BTC,
      settlementAssetId: USDT,
    });
    expect(chain).toMatchObject({ isChain: true, paymentAssetId: BTC });
    expect(chain.destination).toBeTruthy();
  });

  it('creates a one-time payment link, single-use and idempotent per order', async () => {
    const link = await client.createOneTimePaymentLink({
      payeeId: SHOP,
      orderId: 'sdk-order-0003',
      quoteAssetId: 'usd',
      quoteAmount: '8',
      settlementAssetId: USDT,
    });
    expect(link.code).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.info).toMatchObject({ orderId: 'sdk-order-0003', traceId: link.code, payeeId: SHOP, quoteAmount: '8' });
    const again = await client.createOneTimePaymentLink({
      payeeId: SHOP,
      orderId: 'sdk-order-0003',
      quoteAssetId: 'usd',
      quoteAmount: '8',
      settlementAssetId: USDT,
    });
    expect(again.code).toBe(link.code);
  });

  it('hands gateway errors to the SDK as its envelope, as the hosted service does', async () => {
    // On a non-2xx answer the SDK rejects with axios' error, whose response body is the envelope.
    const body = async (call: Promise<unknown>) => {
      const error: any = await call.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      return error?.response?.data ?? error;
    };
    const stored = gateway.count('payments');
    expect(await body(client.readPayeeId('99999999'))).toMatchObject({ success: false, code: 10001 });
    expect(
      await body(
        client.createMixinPayment({
          payeeId: SHOP,
          orderId: 'x',
          quoteAssetId: 'usd',
          quoteAmount: '1',
          paymentAssetId: USDT,
        }),
      ),
    ).toMatchObject({
      success: false,
      message: expect.stringContaining('orderId'),
    });
    expect(gateway.count('payments')).toBe(stored);
  });
});
