/**
 * paymentAmount and surplusAmount over real HTTP (docs/api.md, "Amounts and surplus"): paymentAmount
 * is never more than payableAmount, surplusAmount is every other amount of the payment asset received
 * for the order, so the two add up to exactly what the payer sent: 10 due and 15 sent -> 10 + 5;
 * 4 then 10 -> 10 + 4; 10 then 3 -> 10 + 3. Also on chain: while confirming, after a reorg, at the
 * deadline, and with `with=payment,transactions` telling the same story.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { add } from '../../shared/money.js';
import { BTC, SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
let seq = 0;
const orderId = (): string => `sur-${(++seq).toString().padStart(6, '0')}`;

beforeAll(async () => {
  gw = await startGateway({ clock: new ManualClock(Date.UTC(2026, 10, 23, 12, 0, 0)) });
});
afterAll(() => gw.close());

async function ok(answer: Promise<{ status: number; body: any }>): Promise<any> {
  const { body } = await answer;
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
}

/** A wallet payment of exactly `due` USDT (USDT is priced 1:1 to the USD quote). */
const wallet = (due: string, extra: Record<string, unknown> = {}) =>
  ok(
    gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      quoteAssetId: 'usd',
      quoteAmount: due,
      paymentAssetId: USDT,
      ...extra,
    }),
  );
const chain = (paymentAmount: string, extra: Record<string, unknown> = {}) =>
  ok(
    gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      quoteAssetId: 'usd',
      paymentAmount,
      paymentAssetId: BTC,
      isChain: true,
      ...extra,
    }),
  );
const pay = (payment: any, amount: string) =>
  ok(
    gw.post('/v1/sandbox/transfers', {
      recipient: payment.recipient,
      asset: USDT,
      amount,
      trace: randomUUID(),
      memo: payment.memo,
    }),
  );
const deposit = (payment: any, amount: string) =>
  ok(gw.post('/v1/sandbox/deposits', { destination: payment.destination, tag: payment.tag, asset: BTC, amount }));
const mine = (count: number) => ok(gw.post('/v1/sandbox/blocks', { network: 'Bitcoin', count }));
const advance = (seconds: number) => ok(gw.post('/v1/sandbox/clock', { advanceSeconds: seconds }));
const result = (traceId: string) => ok(gw.get('/v1/payments_result', { traceId, with: 'payment,transactions' }));

/** The figures of a result, and a check that they tell one consistent story. */
async function figures(
  traceId: string,
): Promise<{ status: string; paid: string; surplus: string; total: string; sent: string }> {
  const r = await result(traceId);
  const sent = (r.transactions as any[])
    .filter((t) => t.paymentAssetId === r.paymentAssetId)
    .reduce((sum: string, t: any) => add(sum, t.paymentAmount), '0');
  expect(add(r.paymentAmount, r.surplusAmount), 'paymentAmount + surplusAmount = totalTransactionsAmount').toBe(
    r.payment.totalTransactionsAmount,
  );
  expect(r.surplusStatus).toBe(r.surplusAmount === '0' ? 'no' : 'recorded');
  return {
    status: r.status,
    paid: r.paymentAmount,
    surplus: r.surplusAmount,
    total: r.payment.totalTransactionsAmount,
    sent,
  };
}

describe('wallet payments', () => {
  it('10 due, 15 sent -> paymentAmount 10, surplusAmount 5', async () => {
    const payment = await wallet('10');
    await pay(payment, '15');
    expect(await figures(payment.traceId)).toEqual({
      status: 'pending',
      paid: '10',
      surplus: '5',
      total: '15',
      sent: '15',
    });
    await advance(10);
    expect(await figures(payment.traceId)).toMatchObject({ status: 'success', paid: '10', surplus: '5' });
    const settled = await result(payment.traceId);
    expect(settled).toMatchObject({
      settleAmount: '10',
      payableAmount: '10',
      payment: { isFullyPaid: true, isMultiPay: false },
    });
  });

  it('4 then 10 sent -> 10 + 4 (the top-up that crosses the amount due is split)', async () => {
    const payment = await wallet('10');
    await pay(payment, '4');
    expect(await figures(payment.traceId)).toEqual({
      status: 'paid_less',
      paid: '4',
      surplus: '0',
      total: '4',
      sent: '4',
    });
    await pay(payment, '10');
    expect(await figures(payment.traceId)).toEqual({
      status: 'pending',
      paid: '10',
      surplus: '4',
      total: '14',
      sent: '14',
    });
  });

  it('10 then 3 sent -> 10 + 3 (a whole transfer after full payment is surplus)', async () => {
    const payment = await wallet('10');
    await pay(payment, '10');
    await pay(payment, '3');
    expect(await figures(payment.traceId)).toEqual({
      status: 'pending',
      paid: '10',
      surplus: '3',
      total: '13',
      sent: '13',
    });
  });

  it('an open amount recognises everything the payer sent', async () => {
    const payment = await wallet('');
    await pay(payment, '7.5');
    expect(await figures(payment.traceId)).toEqual({
      status: 'pending',
      paid: '7.5',
      surplus: '0',
      total: '7.5',
      sent: '7.5',
    });
  });
});

describe('on-chain payments', () => {
  it('a transaction seen (unconfirmed) crossing the amount due is split at once, and stays split when confirmed', async () => {
    const payment = await chain('0.001');
    await deposit(payment, '0.0015');
    expect(await figures(payment.traceId)).toEqual({
      status: 'confirming',
      paid: '0.001',
      surplus: '0.0005',
      total: '0.0015',
      sent: '0.0015',
    });
    await mine(2);
    expect(await figures(payment.traceId)).toEqual({
      status: 'pending',
      paid: '0.001',
      surplus: '0.0005',
      total: '0.0015',
      sent: '0.0015',
    });
  });

  it('a reorg of the transaction that made the split undoes it: the other one counts again in full', async () => {
    const payment = await chain('0.001');
    const first = await deposit(payment, '0.0006');
    await deposit(payment, '0.0008');
    expect(await figures(payment.traceId)).toEqual({
      status: 'confirming',
      paid: '0.001',
      surplus: '0.0004',
      total: '0.0014',
      sent: '0.0014',
    });
    await ok(gw.post('/v1/sandbox/reorg', { txid: first.txid }));
    const after = await result(payment.traceId);
    expect(after).toMatchObject({
      status: 'confirming',
      paymentAmount: '0.0008',
      surplusAmount: '0',
      payment: { totalTransactionsAmount: '0.0008' },
    });
    await mine(2);
    expect(await figures(payment.traceId)).toMatchObject({ status: 'paid_less', paid: '0.0008', surplus: '0' });
  });

  it('two transactions confirming at different heights: the figures stay 0.001 + 0.0004 throughout', async () => {
    const payment = await chain('0.001');
    await deposit(payment, '0.0004');
    await mine(1);
    await deposit(payment, '0.001');
    await mine(1); // the first confirms (0.0004 of 0.001), the second has 1 of 2
    expect(await figures(payment.traceId)).toEqual({
      status: 'confirming',
      paid: '0.001',
      surplus: '0.0004',
      total: '0.0014',
      sent: '0.0014',
    });
    await mine(1);
    expect(await figures(payment.traceId)).toEqual({
      status: 'pending',
      paid: '0.001',
      surplus: '0.0004',
      total: '0.0014',
      sent: '0.0014',
    });
  });

  it('the deadline while confirming: money sent after it is surplus, and the split holds when judged', async () => {
    const payment = await chain('0.001', { expireSeconds: 300 });
    await deposit(payment, '0.0012');
    await advance(301);
    await deposit(payment, '0.0003');
    expect(await figures(payment.traceId)).toEqual({
      status: 'confirming',
      paid: '0.001',
      surplus: '0.0005',
      total: '0.0015',
      sent: '0.0015',
    });
    await mine(2);
    expect(await figures(payment.traceId)).toMatchObject({ status: 'pending', paid: '0.001', surplus: '0.0005' });
  });

  it('a late transaction that a reorg takes away is no longer surplus (in the result and the stored copy)', async () => {
    const payment = await chain('0.001');
    await deposit(payment, '0.001');
    await mine(2);
    const late = await deposit(payment, '0.0002');
    expect(late.booked).toBe('surplus');
    expect(await figures(payment.traceId)).toEqual({
      status: 'pending',
      paid: '0.001',
      surplus: '0.0002',
      total: '0.0012',
      sent: '0.0012',
    });
    await ok(gw.post('/v1/sandbox/reorg', { txid: late.txid }));
    expect(await figures(payment.traceId)).toMatchObject({
      status: 'pending',
      paid: '0.001',
      surplus: '0',
      total: '0.001',
    });
    expect(
      gw.count(`payments WHERE trace_id = '${payment.traceId}' AND surplus_amount = '0' AND surplus_status = 'no'`),
    ).toBe(1);
  });

  it('paid_less, then a top-up crossing the amount due', async () => {
    const payment = await chain('0.001');
    await deposit(payment, '0.0007');
    await mine(2);
    expect(await figures(payment.traceId)).toMatchObject({ status: 'paid_less', paid: '0.0007', surplus: '0' });
    await deposit(payment, '0.0007');
    expect(await figures(payment.traceId)).toEqual({
      status: 'confirming',
      paid: '0.001',
      surplus: '0.0004',
      total: '0.0014',
      sent: '0.0014',
    });
    await mine(2);
    expect(await figures(payment.traceId)).toEqual({
      status: 'pending',
      paid: '0.001',
      surplus: '0.0004',
      total: '0.0014',
      sent: '0.0014',
    });
  });
});
