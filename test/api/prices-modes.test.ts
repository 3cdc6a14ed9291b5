/**
 * Bundled prices serve the sandbox only (README "Price sources"): a fresh live data directory with no
 * price source quotes nothing volatile (the price list, the asset lists and the create all say which
 * price is missing), a merchant-set fixed price is used as given, and the sandbox still quotes from
 * its bundled prices and keeps that rate with the payment.
 */
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { BTC, ETH, SHOP, setFixedPrices, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
const started: TestGateway[] = [];
afterAll(async () => {
  await Promise.all(started.map((gw) => gw.close()));
});
const auth = (gw: TestGateway) => ({ headers: { authorization: `Bearer ${gw.merchantKey}` } });

describe('a fresh live data directory', () => {
  it('has no price for any volatile asset or foreign currency, and says which is missing', async () => {
    const gw = await startGateway({ mode: 'live', railPollMs: 60_000 });
    started.push(gw);
    const rates = (await gw.get('/v1/rates')).body.data as any[];
    for (const rate of rates.filter((r) => r.key !== 'usd')) {
      expect(rate.usdPrice, rate.key).toBe('');
      expect(rate.source).toBe('none');
    }
    expect(rates.find((r) => r.key === ETH).problem).toMatch(/no live price for ETH/);
    expect(rates.find((r) => r.key === 'eur').problem).toMatch(/no live price for EUR/);
    expect(rates.find((r) => r.key === 'usd')).toMatchObject({ usdPrice: '1', problem: '' });
  });

  it('refuses a create (10002, naming the price) and lists the asset as unable to pay; a fixed price is used', async () => {
    const gw = await startGateway({ mode: 'live', railPollMs: 60_000 });
    started.push(gw);
    const shop = (await gw.post('/v1/payees', { networkId: '8500001', fullName: 'New Shop' }, auth(gw))).body.data
      .payeeId;
    // The rail is configured (its node is not reachable: that is accepted), so only the price is missing.
    const rail = await gw.post(
      '/v1/merchant/rails/evm',
      {
        xpub,
        chains: [
          {
            network: 'Ethereum',
            chainId: 1,
            rpcUrls: ['http://127.0.0.1:9'],
            requiredConfirmations: 3,
            assets: [
              { assetId: ETH, kind: 'native' },
              { assetId: USDT, kind: 'erc20', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
            ],
          },
        ],
      },
      auth(gw),
    );
    expect(rail.body.success, JSON.stringify(rail.body)).toBe(true);
    const terms = { payeeId: shop, quoteAssetId: 'usd', quoteAmount: '12.50', isChain: true };
    for (const [asset, symbol] of [
      [ETH, 'ETH'],
      [USDT, 'USDT'],
    ]) {
      const refused = await gw.post('/v1/payments', { ...terms, orderId: `no-price-${symbol}`, paymentAssetId: asset });
      expect(refused.body).toMatchObject({ success: false, code: 10002 });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`no live price for ${symbol}`);
    }
    expect(gw.count('payments')).toBe(0);
    const listed = (
      await gw.get('/v1/setting/payment_assets', { payeeId: shop, quoteAssetId: 'usd', quoteAmount: '12.50' })
    ).body.data as any[];
    expect(listed.map((a) => a.maxPaymentAmount)).toEqual(['0', '0']);
    const settlement = (await gw.get('/v1/setting/settlement_assets', { payeeId: shop })).body.data as any[];
    expect(settlement.every((a) => a.isAvailable === false)).toBe(true);
    // A stablecoin pegged at 1 USD on purpose: the merchant's fixed price.
    await setFixedPrices(gw, { [USDT]: '1' });
    const created = await gw.post('/v1/payments', { ...terms, orderId: 'fixed-usdt', paymentAssetId: USDT });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    expect(created.body.data.paymentAmount).toBe('12.5');
    const result = await gw.get('/v1/payments_result', { traceId: created.body.data.traceId, with: 'payment' });
    expect(result.body.data.payment).toMatchObject({ price: '1', priceSource: 'USDT merchant' });
  });

  it('refuses price sources in a sandbox (they apply in live mode)', async () => {
    const gw = await startGateway();
    started.push(gw);
    const answer = await gw.post('/v1/merchant/price-sources', { sources: [] }, auth(gw));
    expect(answer.body).toMatchObject({ success: false, code: 10011 });
    expect(answer.body.message).toMatch(/^mode: price sources apply in live mode/);
  });
});

describe('the sandbox', () => {
  it('keeps with each payment the rate in force when it was made, also after the owner sets a price', async () => {
    const gw = await startGateway();
    started.push(gw);
    const terms = { payeeId: SHOP, quoteAssetId: 'usd', quoteAmount: '32', paymentAssetId: ETH };
    const sourceOf = async (orderId: string) => {
      const created = await gw.post('/v1/payments', { ...terms, orderId });
      expect(created.body.success, JSON.stringify(created.body)).toBe(true);
      const result = await gw.get('/v1/payments_result', { traceId: created.body.data.traceId, with: 'payment' });
      return { amount: created.body.data.paymentAmount, ...result.body.data.payment };
    };
    expect(await sourceOf('rate-before')).toMatchObject({ amount: '0.01', price: '3200', priceSource: 'ETH bundled' });
    const set = await gw.post('/v1/rates', { key: ETH, usdPrice: '1600' }, auth(gw));
    expect(set.body.success, JSON.stringify(set.body)).toBe(true);
    expect(await sourceOf('rate-after')).toMatchObject({ amount: '0.02', price: '1600', priceSource: 'ETH merchant' });
    await gw.post('/v1/rates', { key: ETH, usdPrice: '3200' }, auth(gw));
    expect(await sourceOf('rate-again')).toMatchObject({ amount: '0.01', price: '3200', priceSource: 'ETH merchant' });
  });

  it('still quotes from its bundled prices and keeps that rate with the payment', async () => {
    const gw = await startGateway();
    started.push(gw);
    const rates = (await gw.get('/v1/rates')).body.data as any[];
    expect(rates.find((r) => r.key === BTC)).toMatchObject({ usdPrice: '64000', source: 'bundled', problem: '' });
    const created = await gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: 'sandbox-eth',
      quoteAssetId: 'usd',
      quoteAmount: '32',
      paymentAssetId: ETH,
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    expect(created.body.data.paymentAmount).toBe('0.01');
    const result = await gw.get('/v1/payments_result', { traceId: created.body.data.traceId, with: 'payment' });
    expect(result.body.data.payment).toMatchObject({
      price: '3200',
      priceSource: 'ETH bundled',
      receivedQuoteAmount: '0',
    });
    // The payer sends 0.015 ETH (0.005 more than due): the accountant's figure is all of it at 3200.
    const paid = await gw.post('/v1/sandbox/transfers', {
      recipient: created.body.data.recipient,
      memo: created.body.data.memo,
      asset: ETH,
      amount: '0.015',
      trace: '6f0c0c2e-1111-4c1d-9a57-000000000001',
    });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    const after = await gw.get('/v1/payments_result', { traceId: created.body.data.traceId, with: 'payment' });
    expect(after.body.data.payment).toMatchObject({ totalTransactionsAmount: '0.015', receivedQuoteAmount: '48' });
  });
});
