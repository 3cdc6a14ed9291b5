/**
 * Conformance of the /v1 API over real HTTP: every endpoint, every parameter rule, the exact
 * JSON types existing clients depend on, idempotency, and that rejections store nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EstimateSchema,
  OneTimePaymentSchema,
  PaymentAssetItemSchema,
  PaymentResultSchema,
  PaymentSchema,
  QuoteAssetItemSchema,
  SettlementAssetItemSchema,
} from '../../shared/wire.js';
import { ManualClock } from '../../electron/platform/clock.js';
import { BTC, BTC_LN, ETH, SHOP, startGateway, USDT, XIN, type TestGateway } from '../helpers/gateway.js';
import { testEngine } from '../helpers/engine.js';
import { FOLLOW_EVERY_MS } from '../../electron/gateway/meta-follower.js';

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const T0S = T0 / 1000;
let gw: TestGateway;
let clock: ManualClock;
let seq = 0;
const orderId = (): string => `order-${(++seq).toString().padStart(6, '0')}`;
const base = (extra: Record<string, unknown> = {}) => ({
  payeeId: SHOP,
  orderId: orderId(),
  paymentAssetId: USDT,
  quoteAssetId: 'usd',
  quoteAmount: '12.50',
  ...extra,
});

beforeAll(async () => {
  clock = new ManualClock(T0);
  gw = await startGateway({ clock });
});
afterAll(async () => {
  await gw.close();
});

function expectError(answer: { status: number; body: any }, code: number, http: number, param?: string) {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: false, code, data: [] });
  expect(answer.status).toBe(http);
  expect(typeof answer.body.timestampMs).toBe('number');
  if (param) expect(answer.body.message).toContain(param);
}

describe('payee lookup', () => {
  it('finds users of this gateway by network id on both paths, and only them', async () => {
    for (const path of ['/v1/user/network_uuid/7000101', '/v1/user/mixin_uuid/7000101']) {
      const answer = await gw.get(path);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        code: 0,
        success: true,
        message: '',
        data: { payeeId: SHOP, fullName: 'Corner Café (demo shop)' },
      });
    }
    expectError(await gw.get('/v1/user/network_uuid/99999999'), 10001, 404, 'network_id');
    expectError(await gw.get('/v1/user/network_uuid/abc'), 10011, 400, 'network_id');
  });

  it('registers payees with the merchant key (and sandbox users without one)', async () => {
    expectError(await gw.post('/v1/payees', { networkId: '8000001', fullName: 'Tea House' }), 2000, 401);
    const registered = await gw.post(
      '/v1/payees',
      { networkId: '8000001', fullName: 'Tea House' },
      { headers: { authorization: `Bearer ${gw.merchantKey}` } },
    );
    expect(registered.body.data).toMatchObject({ networkId: '8000001', fullName: 'Tea House' });
    expect((await gw.get('/v1/user/network_uuid/8000001')).body.data.payeeId).toBe(registered.body.data.payeeId);
    const user = await gw.post('/v1/sandbox/users', { networkId: '8000002', fullName: 'Carol' });
    expect(user.body.data).toEqual({ payeeId: expect.stringMatching(/^[0-9a-f-]{36}$/), networkId: '8000002' });
    expectError(await gw.post('/v1/sandbox/users', { networkId: 'x1', fullName: 'Bad' }), 10011, 400, 'networkId');
    expectError(await gw.post('/v1/sandbox/users', { networkId: '8000003', fullName: '' }), 10011, 400, 'fullName');
  });
});

describe('asset lists', () => {
  it('payment_assets: items with exact types; with a quote, min = max = the amount, "0" when the asset cannot pay it', async () => {
    const plain = (await gw.get('/v1/setting/payment_assets', { payeeId: SHOP })).body.data as unknown[];
    expect(plain.length).toBeGreaterThanOrEqual(9);
    for (const item of plain) PaymentAssetItemSchema.strict().parse(item);
    const btc = (plain as any[]).find((a) => a.assetId === BTC);
    expect(btc).toMatchObject({
      symbol: 'BTC',
      network: 'Bitcoin',
      onChainSupported: true,
      minPaymentAmount: '0.00001',
      maxPaymentAmount: '10',
    });
    expect((plain as any[]).find((a) => a.assetId === BTC_LN)).toMatchObject({ network: 'Lightning' });

    const quoted = (
      await gw.get('/v1/setting/payment_assets', { payeeId: SHOP, quoteAssetId: 'usd', quoteAmount: '12.5' })
    ).body.data as any[];
    expect(quoted.find((a) => a.assetId === BTC)).toMatchObject({
      minPaymentAmount: '0.00019532',
      maxPaymentAmount: '0.00019532',
    });
    expect(quoted.find((a) => a.assetId === USDT)).toMatchObject({
      minPaymentAmount: '12.5',
      maxPaymentAmount: '12.5',
    });
    const big = (await gw.get('/v1/setting/payment_assets', { quoteAssetId: 'usd', quoteAmount: '100000' })).body
      .data as any[];
    expect(big.find((a) => a.assetId === BTC_LN).maxPaymentAmount).toBe('0');
    expect(big.find((a) => a.assetId === USDT).maxPaymentAmount).toBe('100000');
    expectError(
      await gw.get('/v1/setting/payment_assets', { quoteAssetId: 'zzz', quoteAmount: '1' }),
      10003,
      400,
      'quoteAssetId',
    );
    expectError(
      await gw.get('/v1/setting/payment_assets', { quoteAssetId: 'usd', quoteAmount: '-1' }),
      10011,
      400,
      'quoteAmount',
    );
  });

  it('quote_assets: fiat codes with isAsset 0 and crypto with isAsset 1 and a chainAsset', async () => {
    const items = (await gw.get('/v1/setting/quote_assets', { payeeId: SHOP })).body.data as any[];
    for (const item of items) QuoteAssetItemSchema.strict().parse(item);
    expect(items.find((q) => q.assetId === 'usd')).toEqual({
      symbol: 'USD',
      iconUrl: '',
      minQuoteAmount: '0.01',
      maxQuoteAmount: '1000000',
      decimalDigit: 2,
      isAsset: 0,
      assetId: 'usd',
    });
    expect(items.find((q) => q.assetId === 'jpy')).toMatchObject({ decimalDigit: 0 });
    const btc = items.find((q) => q.assetId === BTC);
    expect(btc).toMatchObject({ isAsset: 1, decimalDigit: 8, chainAsset: { id: BTC, symbol: 'BTC' } });
  });

  it('settlement_assets: isAsset true, isAvailable always, min/max never ""', async () => {
    const plain = (await gw.get('/v1/setting/settlement_assets', { payeeId: SHOP })).body.data as any[];
    for (const item of plain) {
      SettlementAssetItemSchema.strict().parse(item);
      expect(item.isAsset).toBe(true);
      expect(item.isAvailable).toBe(true);
      expect(item.minQuoteAmount).not.toBe('');
    }
    expect(plain.some((a) => a.assetId === BTC_LN)).toBe(false);
    // 1,000,000 USD: USDT's limit covers it exactly; BTC's (10 BTC = 640,000 USD) does not.
    const quoted = (
      await gw.get('/v1/setting/settlement_assets', { payeeId: SHOP, quoteAssetId: 'usd', quoteAmount: '1000000' })
    ).body.data as any[];
    expect(quoted.find((a) => a.assetId === USDT).isAvailable).toBe(true);
    expect(quoted.find((a) => a.assetId === BTC).isAvailable).toBe(false);
    expect(quoted.every((a) => typeof a.isAvailable === 'boolean')).toBe(true);
  });
});

describe('create payment', () => {
  it('answers a wallet payment with exactly the keys of the payment object', async () => {
    const answer = await gw.post('/v1/payments', base({ isChain: false }));
    expect(answer.status).toBe(200);
    const payment = PaymentSchema.strict().parse(answer.body.data);
    expect(Object.keys(answer.body.data).sort()).toEqual([...Object.keys(PaymentSchema.shape)].sort());
    expect(payment).toMatchObject({
      isChain: false,
      seconds: 60,
      expire: T0S + 60,
      payeeId: SHOP,
      paymentAssetId: USDT,
      paymentAssetSymbol: 'USDT',
      paymentAmount: '12.5',
      settlementAssetId: USDT,
      quoteAssetId: 'usd',
      quoteAssetSymbol: 'USD',
      quoteAmount: '12.5',
      destination: '',
      tag: '',
    });
    expect(payment.recipient).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(payment.memo, 'base64').toString()).toBe(`payment|${payment.clientId}`);
    expect(payment.traceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8]/);
  });

  it('answers an on-chain payment with a deposit address unique to the payment', async () => {
    const a = PaymentSchema.parse(
      (await gw.post('/v1/payments', base({ isChain: true, paymentAssetId: ETH }))).body.data,
    );
    const b = PaymentSchema.parse(
      (await gw.post('/v1/payments', base({ isChain: true, paymentAssetId: ETH }))).body.data,
    );
    expect(a).toMatchObject({ isChain: true, seconds: 600, memo: '', recipient: '', tag: '' });
    expect(a.destination).toMatch(/^0x[0-9a-f]{40}$/);
    expect(b.destination).not.toBe(a.destination);
    const btc = PaymentSchema.parse(
      (await gw.post('/v1/payments', base({ isChain: true, paymentAssetId: BTC }))).body.data,
    );
    expect(btc.destination).toMatch(/^bc1q/);
    expectError(await gw.post('/v1/payments', base({ isChain: true, paymentAssetId: XIN })), 10011, 400, 'isChain');
  });

  it('accepts form, JSON, JSON as text/plain or without a type, and query strings on a POST; lenient booleans; ignores unknown parameters', async () => {
    const form = await gw.post(
      '/v1/payments',
      base({
        isChain: '1',
        isTemp: 'true',
        linkId: '0',
        tagname: 'x',
        cancelUrl: 'https://x',
        from: 'web',
        settlementMethod: 'mixin',
      }),
      { form: true },
    );
    expect(form.body.data.isChain).toBe(true);
    const textPlain = await fetch(`${gw.url}/v1/payments`, {
      method: 'POST',
      body: JSON.stringify(base({ isChain: 'true' })),
      headers: { 'content-type': 'text/plain' },
    });
    expect(((await textPlain.json()) as any).data.isChain).toBe(true);
    const untyped = await fetch(`${gw.url}/v1/payments`, {
      method: 'POST',
      body: JSON.stringify(base({ isChain: 1 })),
    });
    expect(((await untyped.json()) as any).data.isChain).toBe(true);
    const query = await fetch(
      `${gw.url}/v1/payments?${new URLSearchParams(base({ isChain: 'false' }) as Record<string, string>)}`,
      { method: 'POST' },
    );
    expect(((await query.json()) as any).data).toMatchObject({ isChain: false, quoteAmount: '12.5' });
    const jsonBool = await gw.post('/v1/payments', base({ isChain: false, strictMode: 0 }));
    expect(jsonBool.body.success).toBe(true);
  });

  it('prices with the current rate, rounds the payer amount up, honours paymentAmount, open amounts and a spread', async () => {
    const btc = PaymentSchema.parse((await gw.post('/v1/payments', base({ paymentAssetId: BTC }))).body.data);
    expect(btc.paymentAmount).toBe('0.00019532'); // 12.5 / 64000 = 0.0001953125, rounded up
    expect(btc.estimatedSettlementAmount).toBe('0.00019531'); // settlement rounds down
    const fixed = PaymentSchema.parse(
      (await gw.post('/v1/payments', base({ paymentAssetId: BTC, paymentAmount: '0.001', quoteAmount: '99' }))).body
        .data,
    );
    expect(fixed).toMatchObject({ paymentAmount: '0.001', quoteAmount: '64' });
    const open = PaymentSchema.parse(
      (await gw.post('/v1/payments', { payeeId: SHOP, orderId: orderId(), paymentAssetId: USDT, quoteAssetId: 'usd' }))
        .body.data,
    );
    expect(open).toMatchObject({ paymentAmount: '', quoteAmount: '' });
    const eur = PaymentSchema.parse(
      (await gw.post('/v1/payments', base({ quoteAssetId: 'EUR', quoteAmount: '10' }))).body.data,
    );
    expect(eur).toMatchObject({ quoteAssetId: 'eur', paymentAmount: '10.8' });
    const auth = { headers: { authorization: `Bearer ${gw.merchantKey}` } };
    expect((await gw.post('/v1/merchant/settings', { spreadPercent: '1' }, auth)).body.data.spreadPercent).toBe('1');
    const spread = PaymentSchema.parse((await gw.post('/v1/payments', base({ paymentAssetId: BTC }))).body.data);
    expect(spread.paymentAmount).toBe('0.00019727'); // 0.0001953125 * 1.01 = 0.000197265625, up
    expectError(await gw.post('/v1/merchant/settings', { spreadPercent: 'lots' }, auth), 10011, 400, 'spreadPercent');
    await gw.post('/v1/merchant/settings', { spreadPercent: '0' }, auth);
  });

  it('settles in what the payer pays without settlementAssetId; strictMode refuses what cannot be delivered', async () => {
    expect((await gw.post('/v1/payments', base({ paymentAssetId: BTC }))).body.data.settlementAssetId).toBe(BTC);
    expect((await gw.post('/v1/payments', base({ settlementAssetId: BTC }))).body.data).toMatchObject({
      settlementAssetId: BTC,
      estimatedSettlementAmount: '0.00019531',
    });
    // Lightning cannot be a settlement asset.
    expectError(
      await gw.post('/v1/payments', base({ settlementAssetId: BTC_LN, strictMode: true })),
      10002,
      400,
      'settlementAssetId',
    );
    expect(
      (await gw.post('/v1/payments', base({ settlementAssetId: BTC_LN, strictMode: false }))).body.data
        .settlementAssetId,
    ).toBe(USDT);
    expectError(
      await gw.post('/v1/payments', base({ settlementAssetId: '00000000-0000-4000-8000-00000000dead' })),
      10002,
      400,
      'settlementAssetId',
    );
  });

  it('gives the same figures from payments_estimated as a create', async () => {
    const estimate = EstimateSchema.strict().parse(
      (
        await gw.get('/v1/payments_estimated', {
          paymentAssetId: BTC,
          settlementAssetId: USDT,
          quoteAssetId: 'usd',
          quoteAmount: '12.5',
        })
      ).body.data,
    );
    const created = PaymentSchema.parse(
      (await gw.post('/v1/payments', base({ paymentAssetId: BTC, settlementAssetId: USDT }))).body.data,
    );
    expect(estimate).toMatchObject({
      price: '64000',
      paymentAmount: created.paymentAmount,
      estimatedSettlementAmount: created.estimatedSettlementAmount,
      settlementAssetSymbol: 'USDT',
      quoteAmount: '12.5',
    });
    expectError(
      await gw.get('/v1/payments_estimated', { paymentAssetId: BTC, quoteAssetId: 'usd' }),
      10011,
      400,
      'quoteAmount',
    );
  });
});

describe('every bad parameter is refused with its code, naming it, storing nothing', () => {
  const cases: [string, Record<string, unknown>, number, number, string][] = [
    ['payeeId missing', { payeeId: '' }, 10011, 400, 'payeeId'],
    ['payeeId not a UUID', { payeeId: 'shop' }, 10011, 400, 'payeeId'],
    ['payee unknown', { payeeId: '00000000-0000-4000-8000-0000000000ff' }, 10001, 404, 'payeeId'],
    ['no orderId and no traceId', { orderId: '' }, 10011, 400, 'orderId'],
    ['orderId too short', { orderId: 'abc12' }, 10011, 400, 'orderId'],
    ['orderId too long', { orderId: 'a'.repeat(37) }, 10011, 400, 'orderId'],
    ['orderId with a space', { orderId: 'order 0001' }, 10011, 400, 'orderId'],
    ['traceId not a UUID', { traceId: 'trace-1' }, 10011, 400, 'traceId'],
    ['paymentAssetId missing', { paymentAssetId: '' }, 10011, 400, 'paymentAssetId'],
    [
      'paymentAssetId unknown',
      { paymentAssetId: '00000000-0000-4000-8000-00000000beef' },
      10002,
      400,
      'paymentAssetId',
    ],
    ['quoteAssetId missing', { quoteAssetId: '' }, 10011, 400, 'quoteAssetId'],
    ['quoteAssetId unsupported', { quoteAssetId: 'xyz' }, 10003, 400, 'quoteAssetId'],
    ['quoteAmount zero', { quoteAmount: '0' }, 10011, 400, 'quoteAmount'],
    ['quoteAmount negative', { quoteAmount: '-5' }, 10011, 400, 'quoteAmount'],
    ['quoteAmount not a number', { quoteAmount: 'ten' }, 10011, 400, 'quoteAmount'],
    ['quoteAmount exponent', { quoteAmount: '1e3' }, 10011, 400, 'quoteAmount'],
    ['quoteAmount beyond precision', { quoteAmount: '12.505' }, 10011, 400, 'quoteAmount'],
    [
      'quoteAmount below minimum',
      { quoteAmount: '0.000001', quoteAssetId: BTC, paymentAssetId: BTC },
      10004,
      400,
      'quoteAmount',
    ],
    ['quoteAmount above maximum', { quoteAmount: '1000001' }, 10005, 400, 'quoteAmount'],
    ['payer amount above the asset maximum', { quoteAmount: '700000', paymentAssetId: BTC }, 10005, 400, 'quoteAmount'],
    ['paymentAmount beyond precision', { paymentAmount: '1.0000001' }, 10011, 400, 'paymentAmount'],
    ['paymentAmount below minimum', { paymentAmount: '0.001' }, 10004, 400, 'paymentAmount'],
    ['isChain not boolean', { isChain: 'maybe' }, 10011, 400, 'isChain'],
    ['strictMode not boolean', { strictMode: 'yes please' }, 10011, 400, 'strictMode'],
    ['clientId not a UUID', { clientId: 'c-1' }, 10011, 400, 'clientId'],
    ['remark too long', { remark: 'r'.repeat(51) }, 10011, 400, 'remark'],
    ['note too long', { note: 'n'.repeat(51) }, 10011, 400, 'note'],
    ['settlementMemo too long', { settlementMemo: 'm'.repeat(201) }, 10011, 400, 'settlementMemo'],
    ['returnTo not a URL', { returnTo: 'home' }, 10011, 400, 'returnTo'],
    ['callbackUrl over http', { callbackUrl: 'http://shop.example/cb' }, 10061, 400, 'callbackUrl'],
    ['callbackUrl not a URL', { callbackUrl: 'not a url' }, 10011, 400, 'callbackUrl'],
    ['callbackEvent unknown', { callbackEvent: 'confirming' }, 10131, 400, 'callbackEvent'],
    ['callbackEvent with success', { callbackEvent: 'settle|success' }, 10131, 400, 'callbackEvent'],
    ['expiredTimestamp too near', { expiredTimestamp: String(T0S + 5) }, 10063, 400, 'expiredTimestamp'],
    ['expiredTimestamp in the past', { expiredTimestamp: String(T0S - 100) }, 10063, 400, 'expiredTimestamp'],
    ['expiredTimestamp too far', { expiredTimestamp: String(T0S + 2880 * 60) }, 10064, 400, 'expiredTimestamp'],
    ['expiredTimestamp duration too short', { expiredTimestamp: '10' }, 10063, 400, 'expiredTimestamp'],
    ['expiredTimestamp not a number', { expiredTimestamp: 'soon' }, 10011, 400, 'expiredTimestamp'],
    ['expireSeconds too short', { expireSeconds: '10' }, 10063, 400, 'expireSeconds'],
    ['expireSeconds too long', { expireSeconds: String(2880 * 60) }, 10064, 400, 'expireSeconds'],
  ];
  for (const [name, change, code, http, param] of cases) {
    it(name, async () => {
      const before = {
        payments: gw.count('payments'),
        instructions: gw.count('instructions'),
        events: gw.count('payment_events'),
      };
      expectError(await gw.post('/v1/payments', base(change)), code, http, param);
      expect({
        payments: gw.count('payments'),
        instructions: gw.count('instructions'),
        events: gw.count('payment_events'),
      }).toEqual(before);
    });
  }
});

describe('idempotency and terms', () => {
  it('returns the same instruction while it lasts and a refreshed one after expire, never a second payment', async () => {
    const request = base({ paymentAssetId: BTC });
    const first = PaymentSchema.parse((await gw.post('/v1/payments', request)).body.data);
    const again = PaymentSchema.parse((await gw.post('/v1/payments', request)).body.data);
    expect(again).toEqual(first);
    const byTrace = PaymentSchema.parse(
      (await gw.post('/v1/payments', { ...request, orderId: undefined, traceId: first.traceId })).body.data,
    );
    expect(byTrace.clientId).toBe(first.clientId);
    await gw.post(
      '/v1/rates',
      { key: BTC, usdPrice: '50000' },
      { headers: { authorization: `Bearer ${gw.merchantKey}` } },
    );
    clock.advance(61_000);
    const refreshed = PaymentSchema.parse((await gw.post('/v1/payments', request)).body.data);
    expect(refreshed.traceId).toBe(first.traceId);
    expect(refreshed.clientId).not.toBe(first.clientId);
    expect(refreshed.expire).toBe(first.expire + 61);
    expect(refreshed.paymentAmount).toBe('0.00025'); // new quote at the new price
    await gw.post(
      '/v1/rates',
      { key: BTC, usdPrice: '64000' },
      { headers: { authorization: `Bearer ${gw.merchantKey}` } },
    );
    // Every instruction stays matched to its trace.
    expect(
      (await gw.get('/v1/payments_info', { traceId: first.traceId, clientId: first.clientId })).body.data.clientId,
    ).toBe(first.clientId);
    expect((await gw.get('/v1/payments_info', { traceId: first.traceId })).body.data.clientId).toBe(refreshed.clientId);
    expectError(
      await gw.get('/v1/payments_info', { traceId: first.traceId, clientId: '00000000-0000-4000-8000-000000000abc' }),
      10062,
      404,
      'clientId',
    );
  });

  it('lets the payer switch asset or method on an unpaid order, refuses other changes with 10084', async () => {
    const request = base();
    const first = PaymentSchema.parse((await gw.post('/v1/payments', request)).body.data);
    const switched = PaymentSchema.parse(
      (await gw.post('/v1/payments', { ...request, paymentAssetId: ETH, isChain: true })).body.data,
    );
    expect(switched).toMatchObject({ traceId: first.traceId, paymentAssetId: ETH, isChain: true });
    expect(switched.clientId).not.toBe(first.clientId);
    expect(switched.destination).toMatch(/^0x/);
    for (const change of [
      { quoteAmount: '13' },
      { quoteAssetId: 'eur' },
      { settlementAssetId: BTC },
      { payeeId: 'a1b2c3d4-0002-4000-8000-000000000002', traceId: first.traceId },
    ]) {
      expectError(await gw.post('/v1/payments', { ...request, ...change }), 10084, 409);
    }
    const other = PaymentSchema.parse((await gw.post('/v1/payments', base())).body.data);
    expectError(await gw.post('/v1/payments', { ...request, traceId: other.traceId }), 10084, 409, 'traceId');
  });

  it('50 concurrent identical creates give exactly one payment', async () => {
    const request = base({ paymentAssetId: ETH });
    const before = gw.count('payments');
    const answers = await Promise.all(Array.from({ length: 50 }, () => gw.post('/v1/payments', request)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.traceId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.data.clientId)).size).toBe(1);
    expect(gw.count('payments')).toBe(before + 1);
  });

  it('refreshes with payments/refresh: new clientId and window, same trace', async () => {
    const first = PaymentSchema.parse((await gw.post('/v1/payments', base())).body.data);
    const refreshed = PaymentSchema.parse(
      (await gw.post('/v1/payments/refresh', { traceId: first.traceId })).body.data,
    );
    expect(refreshed.traceId).toBe(first.traceId);
    expect(refreshed.clientId).not.toBe(first.clientId);
    expectError(
      await gw.post('/v1/payments/refresh', { traceId: '00000000-0000-4000-8000-00000000f00d' }),
      10062,
      404,
      'traceId',
    );
  });
});

describe('results', () => {
  it('answers every field with its JSON type, by traceId or orderId + payeeId, with parts on request', async () => {
    const request = base();
    const payment = PaymentSchema.parse((await gw.post('/v1/payments', request)).body.data);
    const byTrace = (await gw.get('/v1/payments_result', { traceId: payment.traceId })).body.data;
    PaymentResultSchema.strict().parse(byTrace);
    expect(byTrace).toMatchObject({
      status: 'unpaid',
      traceId: payment.traceId,
      payeeId: SHOP,
      quoteAmount: '12.5',
      quoteSymbol: 'USD',
      paymentAmount: '0',
      payableAmount: '12.5',
      payableSymbol: 'USDT',
      failureCode: '0',
      failureReason: '',
      confirmations: -1,
      date: 0,
      expiredAt: 0,
      settleStatus: '',
      settleAmount: '',
      settleAsset: '',
    });
    expect(typeof byTrace.failureCode).toBe('string');
    expect(byTrace.transactions).toBeUndefined();
    const byOrder = (
      await gw.get('/v1/payments_result', { orderId: request.orderId, payeeId: SHOP, with: 'payment,transactions' })
    ).body.data;
    expect(byOrder).toMatchObject({
      traceId: payment.traceId,
      transactions: [],
      payment: { isMultiPay: false, isFullyPaid: false, totalTransactionsAmount: '0' },
    });
    expectError(
      await gw.get('/v1/payments_result', { traceId: '00000000-0000-4000-8000-00000000aaaa' }),
      10062,
      404,
      'traceId',
    );
    expectError(await gw.get('/v1/payments_result', { orderId: 'nope-nope', payeeId: SHOP }), 10062, 404, 'orderId');
    expectError(await gw.get('/v1/payments_result', {}), 10011, 400, 'traceId');
    expectError(await gw.get('/v1/payments_result', { orderId: request.orderId }), 10011, 400, 'payeeId');
  });

  it('reads deadlines: absolute or a duration, the earlier of two, only shorter later, Lightning capped at 60 minutes', async () => {
    const abs = await gw.post('/v1/payments', base({ expiredTimestamp: String(T0S + 3600) }));
    const now = Math.floor(clock.now() / 1000);
    const res = async (traceId: string) => (await gw.get('/v1/payments_result', { traceId })).body.data;
    expect((await res(abs.body.data.traceId)).expiredAt).toBe(T0S + 3600);
    const rel = await gw.post('/v1/payments', base({ expiredTimestamp: '600' }));
    expect((await res(rel.body.data.traceId)).expiredAt).toBe(now + 600);
    const both = await gw.post('/v1/payments', base({ expiredTimestamp: String(now + 900), expireSeconds: '300' }));
    expect((await res(both.body.data.traceId)).expiredAt).toBe(now + 300);
    const request = base({ expireSeconds: '1200' });
    const created = await gw.post('/v1/payments', request);
    await gw.post('/v1/payments', { ...request, expireSeconds: '2400' }); // cannot extend
    expect((await res(created.body.data.traceId)).expiredAt).toBe(now + 1200);
    await gw.post('/v1/payments', { ...request, expireSeconds: '600' }); // can shorten
    expect((await res(created.body.data.traceId)).expiredAt).toBe(now + 600);
    const ln = await gw.post('/v1/payments', base({ paymentAssetId: BTC_LN, isChain: true }));
    expect((await res(ln.body.data.traceId)).expiredAt).toBe(now + 3600);
    expect(ln.body.data.destination).toMatch(/^lnbcrt1p/);
    const lnLong = await gw.post('/v1/payments', base({ paymentAssetId: BTC_LN, expireSeconds: '7200' }));
    expect((await res(lnLong.body.data.traceId)).expiredAt).toBe(now + 3600);
  });
});

describe('one-time payments', () => {
  it('creates a single-use code that is the trace, idempotently, on both paths', async () => {
    const request = {
      payeeId: SHOP,
      orderId: orderId(),
      quoteAssetId: 'usd',
      quoteAmount: '20',
      settlementAssetId: USDT,
      isTemp: true,
      linkId: '0',
    };
    const answer = OneTimePaymentSchema.parse((await gw.post('/v1/one_time_payment', request)).body.data);
    expect(answer.code).toBe(answer.info.traceId);
    expect(answer.info).toMatchObject({
      orderId: request.orderId,
      payeeId: SHOP,
      quoteAmount: '20',
      quoteAssetId: 'usd',
      settlementAssetId: USDT,
      expiredAt: Math.floor(clock.now() / 1000) + 86400,
      checkoutUrl: `${gw.url}/code/${answer.code}`,
    });
    const again = OneTimePaymentSchema.parse((await gw.post('/one_time_payment', request)).body.data);
    expect(again.code).toBe(answer.code);
    const byTrace = await gw.post('/v1/one_time_payment', {
      payeeId: SHOP,
      traceId: answer.code,
      quoteAssetId: 'usd',
      quoteAmount: '20',
    });
    expect(byTrace.body.data.code).toBe(answer.code);
    const given = '3f2b1c0d-1111-4222-8333-444455556666';
    expect(
      (await gw.post('/v1/one_time_payment', { payeeId: SHOP, traceId: given, quoteAssetId: 'usd', quoteAmount: '5' }))
        .body.data.code,
    ).toBe(given);

    const before = (await gw.get('/v1/payments_result', { traceId: answer.code })).body.data;
    expect(before).toMatchObject({
      status: 'unpaid',
      paymentAssetId: '',
      paymentAmount: '',
      payableAmount: '',
      paymentSymbol: '',
    });
    expectError(await gw.get('/v1/payments_info', { traceId: answer.code }), 10062, 404);
    // The payer turns the code into an instruction; the other terms come from the code.
    const paid = PaymentSchema.parse(
      (await gw.post('/v1/payments', { traceId: answer.code, paymentAssetId: BTC })).body.data,
    );
    expect(paid).toMatchObject({
      traceId: answer.code,
      payeeId: SHOP,
      quoteAmount: '20',
      paymentAmount: '0.0003125',
      settlementAssetId: USDT,
      orderId: request.orderId,
    });
    expect((await gw.get('/v1/payments_result', { traceId: answer.code })).body.data).toMatchObject({
      paymentAssetId: BTC,
      payableAmount: '0.0003125',
      paymentAmount: '0',
    });
    expectError(
      await gw.post('/v1/one_time_payment', {
        payeeId: SHOP,
        quoteAssetId: 'usd',
        quoteAmount: '1',
        callbackUrl: 'http://x.example',
      }),
      10061,
      400,
      'callbackUrl',
    );
  });
});

describe('merchant operations', () => {
  it('cancels with the merchant key only; a terminal payment cannot be cancelled or re-created', async () => {
    const request = base();
    const payment = PaymentSchema.parse((await gw.post('/v1/payments', request)).body.data);
    expectError(await gw.post('/v1/payments/cancel', { traceId: payment.traceId }), 2000, 401);
    expectError(
      await gw.post(
        '/v1/payments/cancel',
        { traceId: payment.traceId },
        { headers: { authorization: 'Bearer wrong' } },
      ),
      2000,
      401,
    );
    const auth = { headers: { authorization: `Bearer ${gw.merchantKey}` } };
    const cancelled = await gw.post('/v1/payments/cancel', { orderId: request.orderId, payeeId: SHOP }, auth);
    expect(cancelled.body.data).toMatchObject({ status: 'failed', failureCode: '40032' });
    expectError(await gw.post('/v1/payments/cancel', { traceId: payment.traceId }, auth), 10032, 409);
    expectError(await gw.post('/v1/payments', request), 10065, 409, 'traceId');
    expectError(await gw.post('/v1/payments/refresh', { traceId: payment.traceId }), 10065, 409);
  });

  it('never quotes with a stale live price', async () => {
    // The rates are changed as another process would; on a shop server's PostgreSQL the gateway
    // follows such changes within FOLLOW_EVERY_MS (rates.ts), on gateway.db at once.
    const followed = () =>
      new Promise((resolve) => setTimeout(resolve, testEngine() === 'postgres' ? FOLLOW_EVERY_MS + 100 : 0));
    gw.sql("UPDATE rates SET source = 'live', updated_at = ? WHERE rate_key = ?", Date.now() - 3600_000, ETH);
    await followed();
    expectError(await gw.post('/v1/payments', base({ paymentAssetId: ETH })), 10002, 400, 'stale');
    gw.sql("UPDATE rates SET source = 'live', updated_at = ? WHERE rate_key = ?", Date.now(), ETH);
    await followed();
    expect((await gw.post('/v1/payments', base({ paymentAssetId: ETH }))).body.success).toBe(true);
    gw.sql("UPDATE rates SET source = 'bundled' WHERE rate_key = ?", ETH);
    await followed();
  });
});
