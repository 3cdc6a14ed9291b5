/**
 * Fields a Go SDK of the hosted service decodes (docs/api.md, "Compatibility with existing clients"):
 * the payee's name, network id and avatar in `payments_result`, and in `settlement_assets` items
 * `isAvailable` always with `quoteSymbol`, `minQuoteAmount` and `maxQuoteAmount` for the quote asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { BTC, SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startGateway({ clock: new ManualClock(Date.UTC(2026, 10, 23, 12, 0, 0)) });
});
afterAll(async () => {
  await gw.close();
});

const settlementItems = async (query: Record<string, string>): Promise<any[]> => {
  const answer = await gw.get('/v1/setting/settlement_assets', { payeeId: SHOP, ...query });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data as any[];
};

describe('payments_result names the payee', () => {
  it('carries payee, payeeMixinNumber (a string) and payeeAvatarUrl', async () => {
    const created = await gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: 'go-sdk-1',
      quoteAssetId: 'usd',
      quoteAmount: '3',
      paymentAssetId: USDT,
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const result = await gw.get('/v1/payments_result', { traceId: created.body.data.traceId });
    expect(result.body.data).toMatchObject({
      payee: 'Corner Café (demo shop)',
      payeeMixinNumber: '7000101',
      payeeAvatarUrl: '',
    });
    expect(typeof result.body.data.payeeMixinNumber).toBe('string');
  });
});

describe('settlement_assets items', () => {
  it('send isAvailable without a quote, and USD limits as strings', async () => {
    const items = await settlementItems({});
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.isAvailable, item.symbol).toBe(true);
      expect(item.quoteSymbol).toBe('USD');
      expect(item.minQuoteAmount).toMatch(/^\d+(\.\d+)?$/);
      expect(item.maxQuoteAmount).toMatch(/^\d+(\.\d+)?$/);
    }
  });

  it('give the quote asset symbol and the asset limits in it', async () => {
    const items = await settlementItems({ quoteAssetId: 'eur' });
    const usdt = items.find((a) => a.assetId === USDT);
    expect(usdt).toMatchObject({ isAvailable: true, quoteSymbol: 'EUR' });
    const btc = items.find((a) => a.assetId === BTC);
    // BTC's payment limits at the bundled prices (64,000 USD; 1.08 USD per EUR), in EUR.
    expect(btc).toMatchObject({ isAvailable: true, minQuoteAmount: '0.6', maxQuoteAmount: '592592.59' });
  });

  it('with an amount: isAvailable says whether that quote can settle, limits stay strings', async () => {
    const items = await settlementItems({ quoteAssetId: 'usd', quoteAmount: '1000000' });
    expect(items.find((a) => a.assetId === USDT)).toMatchObject({ isAvailable: true, quoteSymbol: 'USD' });
    const btc = items.find((a) => a.assetId === BTC);
    expect(btc.isAvailable).toBe(false);
    expect(btc.maxQuoteAmount).toBe('640000');
  });
});
