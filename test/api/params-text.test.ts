/**
 * Text parameters and bounds over real HTTP (docs/api.md, "Input rules": text is valid
 * UTF-8 without control characters and without bidirectional overrides; limits in characters).
 * Controls and bidi overrides in a remark would reach the payer's screen and the merchant's reports
 * (a U+202E can make "paid 100" read as "001 diap"); each is refused with 10011 naming the parameter
 * and nothing is stored. Unbounded sizes (memos, digits, prices) are refused too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
let seq = 0;
const orderId = (): string => `txt-${(++seq).toString().padStart(6, '0')}`;
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

const BAD_TEXT: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['BEL', 'a\u0007b'],
  ['ESC (terminal escapes)', 'a\u001b[31mb'],
  ['a newline inside', 'line one\nline two'],
  ['DEL', 'a\u007fb'],
  ['C1 NEL', 'a\u0085b'],
  ['C1 CSI', 'a\u009bb'],
  ['RIGHT-TO-LEFT OVERRIDE', 'paid \u202e001'],
  ['LEFT-TO-RIGHT EMBEDDING', 'a\u202ab'],
  ['RIGHT-TO-LEFT ISOLATE', 'a\u2067b'],
  ['POP DIRECTIONAL ISOLATE', 'a\u2069b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', 'a\udc00b'],
];

describe('text parameters of a create', () => {
  it.each(BAD_TEXT)('refuses %s in remark, note and settlementMemo, storing nothing', async (_label, text) => {
    const before = gw.count('payments');
    for (const param of ['remark', 'note', 'settlementMemo']) {
      const answer = await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        paymentAssetId: USDT,
        quoteAssetId: 'usd',
        quoteAmount: '5',
        [param]: text,
      });
      expectParamError(answer, param);
      expectParamError(
        await gw.post('/v1/one_time_payment', {
          payeeId: SHOP,
          orderId: orderId(),
          quoteAssetId: 'usd',
          quoteAmount: '5',
          [param]: text,
        }),
        param,
      );
    }
    expect(gw.count('payments')).toBe(before);
  });

  it('keeps ordinary text of any script, emoji and marks, counting characters not UTF-16 units', async () => {
    const base = 'Café ☕ 東京 مرحبا ';
    const remark = base + '🙂'.repeat(50 - [...base].length);
    expect([...remark]).toHaveLength(50);
    const answer = await gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      paymentAssetId: USDT,
      quoteAssetId: 'usd',
      quoteAmount: '5',
      remark,
      note: 'ZWJ family 👨‍👩‍👧 and an RLM \u200f mark',
    });
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  });
});

describe('names of payees', () => {
  it.each(BAD_TEXT)('refuses %s in fullName (merchant and sandbox registration)', async (_label, text) => {
    const before = gw.count('payees');
    expectParamError(
      await gw.post('/v1/payees', { networkId: String(8100000 + ++seq), fullName: `Shop ${text}` }, auth()),
      'fullName',
    );
    expectParamError(
      await gw.post('/v1/sandbox/users', { networkId: String(8100000 + ++seq), fullName: `Shop ${text}` }),
      'fullName',
    );
    expect(gw.count('payees')).toBe(before);
  });
});

describe('bounds', () => {
  it('refuses a sandbox transfer memo over 200 characters, even when it matches no payment (it would be kept)', async () => {
    const payment = (
      await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        paymentAssetId: USDT,
        quoteAssetId: 'usd',
        quoteAmount: '5',
      })
    ).body.data;
    const before = gw.count('transactions');
    expectParamError(
      await gw.post('/v1/sandbox/transfers', {
        recipient: payment.recipient,
        asset: USDT,
        amount: '1',
        trace: randomUUID(),
        memo: 'm'.repeat(60 * 1024),
      }),
      'memo',
    );
    expectParamError(
      await gw.post('/v1/sandbox/transfers', {
        recipient: payment.recipient,
        asset: USDT,
        amount: '1',
        trace: randomUUID(),
        memo: 'm'.repeat(201),
      }),
      'memo',
    );
    expectParamError(
      await gw.post('/v1/sandbox/transfers', {
        recipient: payment.recipient,
        asset: USDT,
        amount: '1',
        trace: randomUUID(),
        memo: 'a\u0000b',
      }),
      'memo',
    );
    expect(gw.count('transactions')).toBe(before);
    const kept = await gw.post('/v1/sandbox/transfers', {
      recipient: payment.recipient,
      asset: USDT,
      amount: '1',
      trace: randomUUID(),
      memo: 'm'.repeat(200),
    });
    expect(kept.body.data).toMatchObject({ booked: 'unmatched' });
  });

  it('refuses amounts with more than 18 integer digits (400 digits were accepted)', async () => {
    const payment = (
      await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        paymentAssetId: USDT,
        quoteAssetId: 'usd',
        quoteAmount: '5',
      })
    ).body.data;
    const before = gw.count('transactions');
    expectParamError(
      await gw.post('/v1/sandbox/transfers', {
        recipient: payment.recipient,
        asset: USDT,
        amount: '9'.repeat(400),
        trace: randomUUID(),
        memo: 'x',
      }),
      'amount',
    );
    expectParamError(
      await gw.post('/v1/sandbox/transfers', {
        recipient: payment.recipient,
        asset: USDT,
        amount: '1'.repeat(19),
        trace: randomUUID(),
        memo: 'x',
      }),
      'amount',
    );
    expect(gw.count('transactions')).toBe(before);
    expectParamError(
      await gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: orderId(),
        paymentAssetId: USDT,
        quoteAssetId: 'usd',
        quoteAmount: '1'.repeat(19),
      }),
      'quoteAmount',
    );
    expectParamError(
      await gw.get('/v1/setting/payment_assets', { quoteAssetId: 'usd', quoteAmount: `0.${'0'.repeat(30)}1` }),
      'quoteAmount',
    );
  });

  it('refuses prices outside 1e-12 .. 1e12 or with more than 30 significant digits; keeps sane ones', async () => {
    const before = (await gw.get('/v1/rates')).body.data.find((r: any) => r.key === 'eur');
    for (const usdPrice of [
      `0.${'0'.repeat(100)}1`,
      '7'.repeat(60_000),
      '1000000000001',
      '0.0000000000009',
      `1.${'1'.repeat(30)}`,
      '0',
    ]) {
      expectParamError(await gw.post('/v1/rates', { key: 'eur', usdPrice }, auth()), 'usdPrice');
    }
    expect((await gw.get('/v1/rates')).body.data.find((r: any) => r.key === 'eur')).toEqual(before);
    for (const usdPrice of ['0.000000000001', '1000000000000', `1.${'2'.repeat(29)}`, '1.08']) {
      const set = await gw.post('/v1/rates', { key: 'eur', usdPrice }, auth());
      expect(set.body.data, usdPrice).toMatchObject({ key: 'eur', usdPrice });
    }
  });
});
