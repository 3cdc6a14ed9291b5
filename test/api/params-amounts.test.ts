/**
 * Amount parameters over real HTTP (docs/api.md, "Input rules"): an amount is a decimal number
 * or a string holding one. Any other JSON type is refused with 10011 naming the parameter, never read
 * as "absent" (which would make an open-amount payment that any transfer completes). Only a missing
 * parameter or the empty string is absent; a blank string is not a number.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC, ETH, SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
let seq = 0;
const orderId = (): string => `amt-${(++seq).toString().padStart(6, '0')}`;
const auth = () => ({ headers: { authorization: `Bearer ${gw.merchantKey}` } });

beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

function expectParamError(answer: { status: number; body: any }, param: string): void {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: false, code: 10011, data: [] });
  expect(answer.status).toBe(400);
  expect(answer.body.message).toContain(param);
}

/** JSON values that are not amounts; each must be refused, never taken as "not given". */
const NOT_AMOUNTS: [string, unknown][] = [
  ['an object', {}],
  ['an object with a value', { value: '10' }],
  ['an array', ['10']],
  ['an empty array', []],
  ['null', null],
  ['true', true],
  ['false', false],
  ['a blank string', '   '],
  ['a tab', '\t'],
];

describe('create, one-time payment and estimate', () => {
  it.each(NOT_AMOUNTS)('refuses quoteAmount as %s, storing nothing', async (_label, value) => {
    const before = gw.count('payments');
    expectParamError(
      await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        paymentAssetId: USDT,
        quoteAssetId: 'usd',
        quoteAmount: value,
      }),
      'quoteAmount',
    );
    expectParamError(
      await gw.post('/v1/one_time_payment', {
        payeeId: SHOP,
        orderId: orderId(),
        quoteAssetId: 'usd',
        quoteAmount: value,
      }),
      'quoteAmount',
    );
    expect(gw.count('payments')).toBe(before);
  });

  it.each(NOT_AMOUNTS)('refuses paymentAmount as %s, storing nothing', async (_label, value) => {
    const before = gw.count('payments');
    expectParamError(
      await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        paymentAssetId: USDT,
        quoteAssetId: 'usd',
        quoteAmount: '10',
        paymentAmount: value,
      }),
      'paymentAmount',
    );
    expect(gw.count('payments')).toBe(before);
  });

  it('refuses a JSON type that is not an amount in the body even when the query string has one (the body wins)', async () => {
    const query = new URLSearchParams({ quoteAmount: '10' });
    const answer = await gw.post(`/v1/payments?${query}`, {
      payeeId: SHOP,
      orderId: orderId(),
      paymentAssetId: USDT,
      quoteAssetId: 'usd',
      quoteAmount: null,
    });
    expectParamError(answer, 'quoteAmount');
  });

  it('refuses an amount given twice in a query string', async () => {
    const answer = await gw.get(
      `/v1/payments_estimated?paymentAssetId=${USDT}&quoteAssetId=usd&quoteAmount=1&quoteAmount=1000`,
    );
    expectParamError(answer, 'quoteAmount');
  });

  it('keeps the empty string an open amount (docs/api.md, "Creating a payment": blank, the payer types the amount)', async () => {
    const open = await gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      paymentAssetId: USDT,
      quoteAssetId: 'usd',
      quoteAmount: '',
    });
    expect(open.body.data).toMatchObject({ paymentAmount: '', quoteAmount: '' });
    const absent = await gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      paymentAssetId: USDT,
      quoteAssetId: 'usd',
    });
    expect(absent.body.data).toMatchObject({ paymentAmount: '', quoteAmount: '' });
  });

  it('reads JSON numbers as the decimals they are, also in exponent range (1e-7)', async () => {
    const number = await gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      paymentAssetId: USDT,
      quoteAssetId: 'usd',
      quoteAmount: 12.5,
      isChain: true,
      strictMode: false,
    });
    expect(number.body.data).toMatchObject({ quoteAmount: '12.5', paymentAmount: '12.5', isChain: true });
    const tiny = await gw.get('/v1/payments_estimated', {
      paymentAssetId: ETH,
      quoteAssetId: 'usd',
      paymentAmount: String(1e-7),
    });
    expectParamError(tiny, 'paymentAmount'); // a query string carries text: "1e-7" is not a plain decimal
    const tinyJson = await gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      paymentAssetId: ETH,
      quoteAssetId: 'usd',
      paymentAmount: 1e-7,
    });
    expect(tinyJson.body).toMatchObject({ success: false, code: 10004 });
    expect(tinyJson.body.message).toContain('0.0000001 ETH is below the minimum');
  });

  it('estimate refuses blank amounts and an amount given twice (a GET carries only text)', async () => {
    const base = { paymentAssetId: BTC, quoteAssetId: 'usd' };
    expectParamError(await gw.get('/v1/payments_estimated', { ...base, quoteAmount: ' ' }), 'quoteAmount');
    expectParamError(await gw.get('/v1/payments_estimated', { ...base, paymentAmount: ' ' }), 'paymentAmount');
    expectParamError(
      await gw.get(`/v1/payments_estimated?paymentAssetId=${BTC}&quoteAssetId=usd&paymentAmount=0.001&paymentAmount=1`),
      'paymentAmount',
    );
  });
});

describe('asset lists, rates and the sandbox', () => {
  it('refuses a blank quoteAmount on the asset lists instead of listing unquoted limits', async () => {
    for (const path of ['/v1/setting/payment_assets', '/v1/setting/settlement_assets']) {
      expectParamError(await gw.get(path, { quoteAssetId: 'usd', quoteAmount: ' ' }), 'quoteAmount');
      expectParamError(await gw.get(`${path}?quoteAssetId=usd&quoteAmount=1&quoteAmount=2`), 'quoteAmount');
    }
  });

  it.each(NOT_AMOUNTS)('POST /v1/rates refuses usdPrice as %s', async (_label, value) => {
    expectParamError(await gw.post('/v1/rates', { key: 'eur', usdPrice: value }, auth()), 'usdPrice');
  });

  it.each(NOT_AMOUNTS)('sandbox transfers and deposits refuse amount as %s', async (_label, value) => {
    const payment = (
      await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        paymentAssetId: USDT,
        quoteAssetId: 'usd',
        quoteAmount: '10',
      })
    ).body.data;
    expectParamError(
      await gw.post('/v1/sandbox/transfers', {
        recipient: payment.recipient,
        asset: USDT,
        amount: value,
        trace: randomUUID(),
        memo: payment.memo,
      }),
      'amount',
    );
    const chain = (
      await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        paymentAssetId: BTC,
        quoteAssetId: 'usd',
        quoteAmount: '10',
        isChain: true,
      })
    ).body.data;
    expectParamError(
      await gw.post('/v1/sandbox/deposits', {
        destination: chain.destination,
        tag: chain.tag,
        asset: BTC,
        amount: value,
      }),
      'amount',
    );
    expect((await gw.get('/v1/payments_result', { traceId: payment.traceId })).body.data.status).toBe('unpaid');
  });
});
