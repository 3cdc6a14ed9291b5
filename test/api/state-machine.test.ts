/**
 * The result state machine over real HTTP, driven only through the sandbox API and the sandbox
 * clock: every status change and every rule of docs/api.md's "Deadlines and windows", "Results and
 * statuses", "Amounts and surplus" and "One-time payments".
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { add, compare, subtract } from '../../shared/money.js';
import { BTC, BTC_LN, ETH, SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
let gw: TestGateway;
let clock: ManualClock;
let seq = 0;
const orderId = (): string => `sm-${(++seq).toString().padStart(6, '0')}`;

beforeAll(async () => {
  clock = new ManualClock(T0);
  gw = await startGateway({ clock });
});
afterAll(() => gw.close());

async function ok(answer: Promise<{ status: number; body: any }>): Promise<any> {
  const { status, body } = await answer;
  expect(body.success, JSON.stringify(body)).toBe(true);
  expect(status).toBe(200);
  return body.data;
}

const createWallet = (extra: Record<string, unknown> = {}) =>
  ok(
    gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      quoteAssetId: 'usd',
      quoteAmount: '20',
      paymentAssetId: USDT,
      settlementAssetId: USDT,
      ...extra,
    }),
  );
const createChain = (asset: string, extra: Record<string, unknown> = {}) =>
  ok(
    gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      quoteAssetId: 'usd',
      quoteAmount: '20',
      paymentAssetId: asset,
      settlementAssetId: USDT,
      isChain: true,
      ...extra,
    }),
  );
const pay = (payment: any, amount: string, trace: string = randomUUID(), asset: string = payment.paymentAssetId) =>
  ok(gw.post('/v1/sandbox/transfers', { recipient: payment.recipient, asset, amount, trace, memo: payment.memo }));
const deposit = (payment: any, amount: string, asset: string = payment.paymentAssetId) =>
  ok(gw.post('/v1/sandbox/deposits', { destination: payment.destination, tag: payment.tag, asset, amount }));
const mine = (network: string, count: number) => ok(gw.post('/v1/sandbox/blocks', { network, count }));
const advance = (seconds: number) => ok(gw.post('/v1/sandbox/clock', { advanceSeconds: seconds }));
const result = (traceId: string, withParts = 'payment,transactions') =>
  ok(gw.get('/v1/payments_result', { traceId, with: withParts }));

describe('wallet payments (final at once, no confirming)', () => {
  it('unpaid -> pending on full payment, -> success when settlement is done (10 s of sandbox time)', async () => {
    const payment = await createWallet();
    expect((await result(payment.traceId)).status).toBe('unpaid');
    await pay(payment, payment.paymentAmount);
    const paid = await result(payment.traceId);
    expect(paid).toMatchObject({
      status: 'pending',
      settleStatus: 'pending',
      settleAmount: '',
      confirmations: -1,
      paymentAmount: payment.paymentAmount,
      payableAmount: payment.paymentAmount,
    });
    expect(paid.payment).toEqual({
      isMultiPay: false,
      isFullyPaid: true,
      totalTransactionsAmount: payment.paymentAmount,
      // The rate that priced it (README "Price sources"): the sandbox's bundled USDT price.
      price: '1',
      priceSource: 'USDT bundled',
      priceAt: expect.any(Number),
      receivedQuoteAmount: payment.paymentAmount,
    });
    expect(paid.transactions).toHaveLength(1);
    expect(paid.date).toBe(T0 / 1000 + (clock.now() - T0) / 1000);
    await advance(9);
    expect((await result(payment.traceId)).status).toBe('pending');
    await advance(1);
    const settled = await result(payment.traceId);
    expect(settled).toMatchObject({
      status: 'success',
      settleStatus: 'success',
      settleAmount: payment.paymentAmount,
      settleAsset: USDT,
      settleSymbol: 'USDT',
      failureCode: '0',
    });
  });

  it('paid_less on a short payment; a top-up with a new trace completes it; the same trace twice counts once', async () => {
    const payment = await createWallet();
    const part = '5';
    const trace = randomUUID();
    await pay(payment, part, trace);
    const short = await result(payment.traceId);
    expect(short).toMatchObject({ status: 'paid_less', paymentAmount: '5', payableAmount: payment.paymentAmount });
    expect(short.payment.isFullyPaid).toBe(false);
    const again = await pay(payment, part, trace);
    expect(again.isNew).toBe(false);
    expect((await result(payment.traceId)).paymentAmount).toBe('5');
    // A refresh now asks only for the rest, at the locked amount.
    const refreshed = await ok(gw.post('/v1/payments/refresh', { traceId: payment.traceId }));
    expect(refreshed.paymentAmount).toBe(subtract(payment.paymentAmount, part));
    await pay(refreshed, refreshed.paymentAmount);
    const done = await result(payment.traceId);
    expect(done).toMatchObject({ status: 'pending', paymentAmount: payment.paymentAmount });
    expect(done.payment).toMatchObject({ isMultiPay: true, isFullyPaid: true });
  });

  it('records money beyond what is due as surplus, and money after the end as surplus without reopening', async () => {
    const payment = await createWallet();
    await pay(payment, add(payment.paymentAmount, '1.5'));
    const over = await result(payment.traceId);
    // paymentAmount is never more than payableAmount: the 1.5 beyond it is surplus only (docs/api.md, "Amounts and surplus").
    expect(over).toMatchObject({
      status: 'pending',
      paymentAmount: payment.paymentAmount,
      surplusAmount: '1.5',
      surplusStatus: 'recorded',
    });
    expect(over.payment.totalTransactionsAmount).toBe(add(payment.paymentAmount, '1.5'));
    await advance(10);
    expect((await result(payment.traceId)).status).toBe('success');
    const late = await pay(payment, '2');
    expect(late.booked).toBe('surplus');
    const after = await result(payment.traceId);
    expect(after).toMatchObject({ status: 'success', paymentAmount: payment.paymentAmount, surplusAmount: '3.5' });
    expect(after.transactions).toHaveLength(2);
  });

  it('keeps a transfer of the wrong asset, never counting it', async () => {
    const payment = await createWallet();
    const wrong = await pay(payment, '1', randomUUID(), ETH);
    expect(wrong.booked).toBe('wrong_asset');
    expect(await result(payment.traceId)).toMatchObject({ status: 'unpaid', paymentAmount: '0' });
  });
});

describe('on-chain payments', () => {
  it('unpaid -> confirming when seen; confirmations count up per block; -> pending at the required count', async () => {
    const payment = await createChain(BTC);
    const seen = await deposit(payment, payment.paymentAmount);
    expect(seen.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await result(payment.traceId)).toMatchObject({
      status: 'confirming',
      confirmations: 0,
      paymentAmount: payment.paymentAmount,
    });
    await mine('Bitcoin', 1);
    expect(await result(payment.traceId)).toMatchObject({ status: 'confirming', confirmations: 1 });
    await mine('Bitcoin', 1);
    const confirmed = await result(payment.traceId);
    expect(confirmed).toMatchObject({ status: 'pending', confirmations: 2, txid: seen.txid });
    expect(confirmed.blockExplorerUrl).toContain(seen.txid);
    expect(confirmed.transactions[0]).toMatchObject({ requiredConfirms: 2, confirmations: 2, txid: seen.txid });
    await advance(10);
    expect(await result(payment.traceId)).toMatchObject({ status: 'success', confirmations: -1 });
  });

  it('confirming -> paid_less when the confirmed total is short; a top-up goes back to confirming, then pending', async () => {
    const payment = await createChain(ETH);
    const part = '0.001';
    await deposit(payment, part);
    await mine('Ethereum', 6);
    expect(await result(payment.traceId)).toMatchObject({ status: 'paid_less', paymentAmount: part });
    await deposit(payment, subtract(payment.paymentAmount, part));
    expect((await result(payment.traceId)).status).toBe('confirming');
    await mine('Ethereum', 6);
    expect(await result(payment.traceId)).toMatchObject({ status: 'pending', paymentAmount: payment.paymentAmount });
  });

  it('a reorg takes an unconfirmed transaction away: it no longer counts', async () => {
    const payment = await createChain(BTC);
    const seen = await deposit(payment, payment.paymentAmount);
    expect((await result(payment.traceId)).status).toBe('confirming');
    const gone = await ok(gw.post('/v1/sandbox/reorg', { txid: seen.txid }));
    expect(gone).toMatchObject({ txid: seen.txid, status: 'unpaid' });
    expect(await result(payment.traceId)).toMatchObject({ status: 'unpaid', paymentAmount: '0' });
    await mine('Bitcoin', 2);
    expect((await result(payment.traceId)).status).toBe('unpaid');
    expect((await gw.post('/v1/sandbox/reorg', { txid: seen.txid })).body.message).toContain('txid');
  });

  it('mines automatically when the demo setting is on (off by default)', async () => {
    const auth = { headers: { authorization: `Bearer ${gw.merchantKey}` } };
    const payment = await createChain(BTC);
    await deposit(payment, payment.paymentAmount);
    await advance(600);
    expect((await result(payment.traceId)).status).toBe('confirming');
    await ok(gw.post('/v1/merchant/settings', { sandboxAutoMineSeconds: 60 }, auth));
    await advance(1); // the setting takes effect from now
    await advance(120);
    expect((await result(payment.traceId)).status).toBe('pending');
    await ok(gw.post('/v1/merchant/settings', { sandboxAutoMineSeconds: 0 }, auth));
  });

  it('lists the simulated networks with their heights, Lightning included', async () => {
    const networks = await ok(gw.get('/v1/sandbox/networks'));
    expect(networks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ network: 'Bitcoin', requiredConfirmations: 2 }),
        expect.objectContaining({ network: 'Lightning', requiredConfirmations: 0 }),
      ]),
    );
    const before = networks.find((n: any) => n.network === 'Dogecoin').height;
    await mine('Dogecoin', 3);
    const after = await ok(gw.get('/v1/sandbox/networks'));
    expect(after.find((n: any) => n.network === 'Dogecoin').height).toBe(before + 3);
  });

  it('refuses bad sandbox input naming the field', async () => {
    const payment = await createChain(BTC);
    const bad = await gw.post('/v1/sandbox/blocks', { network: 'Nowhere', count: 1 });
    expect(bad.body).toMatchObject({ success: false, code: 10011 });
    expect(bad.body.message).toContain('network');
    expect(
      (await gw.post('/v1/sandbox/deposits', { destination: 'not-ours', asset: BTC, amount: '1' })).body.message,
    ).toContain('destination');
    expect(
      (await gw.post('/v1/sandbox/deposits', { destination: payment.destination, asset: BTC, amount: '-1' })).body
        .message,
    ).toContain('amount');
    expect((await gw.post('/v1/sandbox/clock', { advanceSeconds: '-5' })).body.message).toContain('advanceSeconds');
    expect(
      (
        await gw.post('/v1/sandbox/transfers', {
          recipient: 'x',
          asset: USDT,
          amount: '1',
          trace: randomUUID(),
          memo: 'x',
        })
      ).body.message,
    ).toContain('recipient');
  });
});

describe('cancellation', () => {
  it('any open status -> failed 40032; a terminal one is refused with 10032 (HTTP 409)', async () => {
    const auth = { headers: { authorization: `Bearer ${gw.merchantKey}` } };
    const unpaid = await createWallet();
    const cancelled = await ok(gw.post('/v1/payments/cancel', { traceId: unpaid.traceId }, auth));
    expect(cancelled).toMatchObject({ status: 'failed', failureCode: '40032' });
    const confirming = await createChain(BTC);
    await deposit(confirming, confirming.paymentAmount);
    expect(await ok(gw.post('/v1/payments/cancel', { traceId: confirming.traceId }, auth))).toMatchObject({
      status: 'failed',
      failureCode: '40032',
    });
    const again = await gw.post('/v1/payments/cancel', { traceId: unpaid.traceId }, auth);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(10032);
    // Terminal means terminal: a confirmation arriving later changes nothing.
    await mine('Bitcoin', 2);
    expect((await result(confirming.traceId)).status).toBe('failed');
  });
});

describe('review (quote at or above 10,000 USD)', () => {
  const review = (traceId: string, decision: string, reason = 'checked') =>
    gw.post(
      '/v1/payments/review',
      { traceId, decision, reason },
      { headers: { authorization: `Bearer ${gw.merchantKey}` } },
    );

  it('pending -> auditing once fully paid; nothing settles while auditing; approval -> success at once', async () => {
    const payment = await createWallet({ quoteAmount: '10000' });
    await pay(payment, payment.paymentAmount);
    expect(await result(payment.traceId)).toMatchObject({ status: 'auditing', settleStatus: 'pending' });
    await advance(3600);
    expect((await result(payment.traceId)).status).toBe('auditing');
    const approved = await review(payment.traceId, 'approve', 'ID checked');
    expect(approved.body.data).toMatchObject({ status: 'success', settleStatus: 'success' });
    const history = gw.count(
      `payment_events WHERE trace_id = '${payment.traceId}' AND kind = 'review' AND to_status = 'success'`,
    );
    expect(history).toBe(1);
    expect(
      gw.count(
        `payments WHERE trace_id = '${payment.traceId}' AND reviewed_by = 'merchant' AND review_reason = 'ID checked' AND reviewed_at = ${clock.now()}`,
      ),
    ).toBe(1);
  });

  it('auditing -> failed 10095 on rejection; deciding twice or on another status is refused', async () => {
    const payment = await createWallet({ quoteAmount: '25000' });
    await pay(payment, payment.paymentAmount);
    const rejected = await review(payment.traceId, 'reject', 'suspicious');
    expect(rejected.body.data).toMatchObject({ status: 'failed', failureCode: '10095', settleStatus: '' });
    const twice = await review(payment.traceId, 'approve');
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(10032);
    expect((await review(payment.traceId, 'maybe')).body.message).toContain('decision');
    const noKey = await gw.post('/v1/payments/review', { traceId: payment.traceId, decision: 'approve' });
    expect(noKey.body.code).toBe(2000);
  });
});

describe('deadlines', () => {
  it('no deadline: the payer has unlimited time', async () => {
    const payment = await createWallet();
    await advance(30 * 86400);
    expect((await result(payment.traceId)).status).toBe('unpaid');
  });

  it('nothing recognised at the deadline -> failed 40000 "Payment overtime"', async () => {
    const payment = await createWallet({ expireSeconds: 60 });
    await advance(59);
    expect((await result(payment.traceId)).status).toBe('unpaid');
    await advance(1);
    expect(await result(payment.traceId)).toMatchObject({
      status: 'failed',
      failureCode: '40000',
      failureReason: 'Payment overtime',
    });
    // A late payment is kept as surplus; the order stays failed.
    expect((await pay(payment, payment.paymentAmount)).booked).toBe('surplus');
    expect(await result(payment.traceId)).toMatchObject({ status: 'failed', surplusAmount: payment.paymentAmount });
  });

  it('paid_less at the deadline -> failed 40024', async () => {
    const payment = await createWallet({ expireSeconds: 120 });
    await pay(payment, '1');
    await advance(121);
    expect(await result(payment.traceId)).toMatchObject({ status: 'failed', failureCode: '40024' });
  });

  it('confirming at the deadline waits for confirmations: enough -> pending', async () => {
    const payment = await createChain(BTC, { expireSeconds: 300 });
    await deposit(payment, payment.paymentAmount);
    await advance(400);
    expect((await result(payment.traceId)).status).toBe('confirming');
    await mine('Bitcoin', 2);
    expect((await result(payment.traceId)).status).toBe('pending');
  });

  it('confirming at the deadline, then not enough confirmed -> failed 40024', async () => {
    const payment = await createChain(BTC, { expireSeconds: 300 });
    await deposit(payment, '0.00001');
    await advance(301);
    expect((await result(payment.traceId)).status).toBe('confirming');
    await mine('Bitcoin', 2);
    expect(await result(payment.traceId)).toMatchObject({ status: 'failed', failureCode: '40024' });
  });

  it('still confirming 24 h after the deadline -> failed 40000', async () => {
    const payment = await createChain(ETH, { expireSeconds: 300 });
    await deposit(payment, payment.paymentAmount);
    await advance(301);
    await advance(23 * 3600);
    expect((await result(payment.traceId)).status).toBe('confirming');
    await advance(3600);
    expect(await result(payment.traceId)).toMatchObject({ status: 'failed', failureCode: '40000' });
  });

  it('pending and auditing are not affected by the deadline', async () => {
    const pending = await createWallet({ expireSeconds: 60 });
    await ok(
      gw.post(
        '/v1/merchant/settings',
        { sandboxSettlementSeconds: 600 },
        { headers: { authorization: `Bearer ${gw.merchantKey}` } },
      ),
    );
    await pay(pending, pending.paymentAmount);
    await advance(120);
    expect((await result(pending.traceId)).status).toBe('pending');
    await ok(
      gw.post(
        '/v1/merchant/settings',
        { sandboxSettlementSeconds: 10 },
        { headers: { authorization: `Bearer ${gw.merchantKey}` } },
      ),
    );
    await advance(600);
    expect((await result(pending.traceId)).status).toBe('success');
  });

  it('proxy methods (Lightning) are capped at 60 minutes', async () => {
    const payment = await createChain(BTC_LN);
    const before = await result(payment.traceId);
    expect(before.expiredAt).toBe(Math.floor(clock.now() / 1000) + 3600);
    await advance(3599);
    expect((await result(payment.traceId)).status).toBe('unpaid');
    await advance(1);
    expect(await result(payment.traceId)).toMatchObject({ status: 'failed', failureCode: '40000' });
  });

  it('a Lightning payment is final at once (0 confirmations)', async () => {
    const payment = await createChain(BTC_LN);
    await deposit(payment, payment.paymentAmount);
    expect((await result(payment.traceId)).status).toBe('pending');
  });
});

describe('one-time codes and callbacks of transitions', () => {
  it('a code with a callbackUrl that expires before any instruction -> failed 40000 and a fail callback is scheduled', async () => {
    const code = await ok(
      gw.post('/v1/one_time_payment', {
        payeeId: SHOP,
        orderId: orderId(),
        quoteAssetId: 'usd',
        quoteAmount: '9',
        settlementAssetId: USDT,
        expireSeconds: 60,
        callbackUrl: 'https://shop.example/callback',
      }),
    );
    await advance(61);
    expect(await result(code.code)).toMatchObject({ status: 'failed', failureCode: '40000' });
    expect(gw.count(`callback_deliveries WHERE trace_id = '${code.code}' AND event = 'fail'`)).toBe(1);
  });

  it('enqueues success always, and pending / paid_less / settle only when subscribed', async () => {
    const url = 'https://shop.example/callback';
    const plain = await createWallet({ callbackUrl: url });
    await pay(plain, '1');
    await pay(plain, subtract(plain.paymentAmount, '1'));
    await advance(10);
    expect(gw.count(`callback_deliveries WHERE trace_id = '${plain.traceId}'`)).toBe(1);
    expect(gw.count(`callback_deliveries WHERE trace_id = '${plain.traceId}' AND event = 'success'`)).toBe(1);

    const all = await createChain(BTC, { callbackUrl: url, callbackEvent: 'settle|pending|paid_less' });
    await deposit(all, '0.00001');
    await mine('Bitcoin', 2);
    await deposit(all, all.paymentAmount);
    await mine('Bitcoin', 2);
    await advance(10);
    const events = ['pending', 'paid_less', 'success', 'settle'].map((e) =>
      gw.count(`callback_deliveries WHERE trace_id = '${all.traceId}' AND event = '${e}'`),
    );
    // pending on entering confirming (twice) and on pending; one paid_less; success; settle.
    expect(events).toEqual([3, 1, 1, 1]);
    expect(compare((await result(all.traceId)).surplusAmount, '0')).toBe(1);
  });
});

describe('sandbox clock', () => {
  it('answers the gateway clock and only moves forward', async () => {
    const now = await ok(gw.get('/v1/sandbox/clock'));
    expect(now.nowMs).toBe(clock.now());
    const moved = await advance(5);
    expect(moved.nowMs).toBe(now.nowMs + 5000);
    expect((await gw.post('/v1/sandbox/clock', { advanceSeconds: 0 })).body.code).toBe(10011);
  });
});
