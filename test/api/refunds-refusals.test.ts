/**
 * The words of a refused refund over real HTTP (docs/api.md, "Refunds"; fresh-eye QA: a payment of
 * 7.5 USD paid 9.25 USDT in the sandbox, then refunds asked in USD): more than is left names both units
 * and, for an amount asked in the quote currency, what it came to and what is left in that currency;
 * a quote amount with more decimal places than its currency has is refused (it was refunded as 1.555
 * USDT and shown as "Worth 1.55 USD"); an amount below the asset's smallest unit names it. Each refusal
 * writes nothing, and the till shows the gateway's words as they are.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { ETH, setFixedPrices, SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
let seq = 0;
const orderId = (): string => `refusal-${(++seq).toString().padStart(6, '0')}`;
// A wallet payment is refunded to a wallet user.
const WALLET_USER = randomUUID();
const EVM_OK = '0x52908400098527886E0F7030069857D2E4169EE7';
const LEFT_6445 =
  'is more than what is left to refund of this payment: 6.445 USDT (6.44 USD); ' +
  'the total refunded never exceeds what was received';

beforeAll(async () => {
  gw = await startGateway();
  await setFixedPrices(gw, { [USDT]: '1' });
});
afterAll(() => gw.close());

const key = () => ({ headers: { authorization: `Bearer ${gw.merchantKey}` } });
async function ok(path: string, body: Record<string, unknown>, withKey = true): Promise<any> {
  const { body: answer } = await gw.post(path, body, withKey ? key() : {});
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.data;
}
/** What a refusal must leave as it was: refunds, payment events and callbacks, the payment's refunds and money to resolve. */
async function state(traceId: string) {
  const resolve = await fetch(`${gw.url}/v1/payments/resolve?traceId=${traceId}`, key()).then((r) => r.json());
  const refunds = await fetch(`${gw.url}/v1/refunds?traceId=${traceId}`, key()).then((r) => r.json());
  const rows = ['refunds', 'payment_events', 'callback_deliveries'].map((table) => gw.count(table));
  return { rows, resolve: (resolve as any).data, refunds: (refunds as any).data };
}

/** Refused with `code`, HTTP `status` and exactly `message`, and nothing written (`path`: the refunds route by default). */
async function refusedExactly(
  ask: Record<string, unknown>,
  code: number,
  status: number,
  message: string,
  path = '/v1/refunds',
) {
  const before = await state(ask.traceId as string);
  const answer = await gw.post(path, ask, key());
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: false, code, message });
  expect(answer.status).toBe(status);
  expect(await state(ask.traceId as string)).toEqual(before);
}

/** 7.5 USD paid 9.25 USDT by wallet: 1.75 USDT beyond what was due. */
async function overpaid(): Promise<any> {
  const payment = await ok('/v1/payments', {
    payeeId: SHOP,
    orderId: orderId(),
    quoteAssetId: 'usd',
    quoteAmount: '7.5',
    paymentAssetId: USDT,
  });
  await ok(
    '/v1/sandbox/transfers',
    { recipient: payment.recipient, asset: USDT, amount: '9.25', trace: randomUUID(), memo: payment.memo },
    false,
  );
  return payment;
}

/** The tester's payment: 7.5 USD, paid 9.25 USDT by wallet, 2.805 USDT refunded, 6.445 USDT left. */
async function paidWithRefundLeft6445(): Promise<string> {
  const payment = await overpaid();
  const first = await ok('/v1/refunds', {
    traceId: payment.traceId,
    amount: '2.805',
    destination: WALLET_USER,
    reason: 'part returned',
  });
  expect(first).toMatchObject({ amount: '2.805', originalPrice: '1' });
  return payment.traceId;
}

describe('a refund beyond what is left', () => {
  it('names the units; asked in USD, says what it came to in USDT and what is left in USD too', async () => {
    const traceId = await paidWithRefundLeft6445();
    const ask = { traceId, destination: WALLET_USER, reason: 'returned' };
    await refusedExactly(
      { ...ask, amount: '100', amountIn: 'quote_original' },
      10210,
      409,
      `amount: 100 USD (100 USDT at the payment's rate) ${LEFT_6445}`,
    );
    await refusedExactly(
      { ...ask, amount: '6.45', amountIn: 'quote_today' },
      10210,
      409,
      `amount: 6.45 USD (6.45 USDT at today's rate) ${LEFT_6445}`,
    );
    await refusedExactly(
      { ...ask, amount: '6.446' },
      10210,
      409,
      'amount: 6.446 USDT is more than what is left to refund of this payment: 6.445 USDT; ' +
        'the total refunded never exceeds what was received',
    );
    // What is left in USD is what may still be asked in USD.
    const rest = await ok('/v1/refunds', { ...ask, amount: '6.44', amountIn: 'quote_original' });
    expect(rest).toMatchObject({ amount: '6.44', quoteAsked: '6.44', quoteAtOriginalRate: '6.44' });
  });
});

describe('a refund asked in the quote currency', () => {
  it('with more decimal places than the currency has is refused, naming the field and the limit', async () => {
    const traceId = await paidWithRefundLeft6445();
    const ask = { traceId, destination: WALLET_USER, reason: 'returned' };
    const tooPrecise = (given: string) =>
      `amount: must have at most 2 decimal places for USD, the payment's quote currency (${given} was asked)`;
    await refusedExactly({ ...ask, amount: '1.555', amountIn: 'quote_original' }, 10011, 400, tooPrecise('1.555'));
    await refusedExactly({ ...ask, amount: '1.555', amountIn: 'quote_today' }, 10011, 400, tooPrecise('1.555'));
    await refusedExactly(
      { ...ask, amount: '0.000000001', amountIn: 'quote_original' },
      10011,
      400,
      tooPrecise('0.000000001'),
    );
    // In the asset its own precision counts: 1.555 USDT is an amount.
    expect(await ok('/v1/refunds', { ...ask, amount: '1.555' })).toMatchObject({ amount: '1.555' });
    expect(await ok('/v1/refunds', { ...ask, amount: '1.55', amountIn: 'quote_original' })).toMatchObject({
      amount: '1.55',
      quoteAsked: '1.55',
    });
  });

  it('below the smallest unit of the asset names the amount, its unit and that smallest unit', async () => {
    await setFixedPrices(gw, { [ETH]: '2000' });
    const payment = await ok('/v1/payments', {
      payeeId: SHOP,
      orderId: orderId(),
      quoteAssetId: 'usd',
      quoteAmount: '100',
      paymentAssetId: ETH,
      isChain: true,
    });
    await ok('/v1/sandbox/deposits', { destination: payment.destination, asset: ETH, amount: '0.05' }, false);
    // At 10^10 USD an ETH, 0.01 USD is 10^-12 ETH: less than ETH's 8 decimal places can say.
    await setFixedPrices(gw, { [ETH]: '10000000000' });
    await refusedExactly(
      { traceId: payment.traceId, amount: '0.01', amountIn: 'quote_today', destination: EVM_OK, reason: 'x' },
      10011,
      400,
      "amount: 0.01 USD is less than the smallest unit of ETH (0.00000001 ETH) at today's rate",
    );
    await setFixedPrices(gw, { [ETH]: '2000' });
  });
});

describe('keeping money to resolve beyond what is left', () => {
  it('names the amount asked and what is left, both with the unit; an unknown asset is named as such', async () => {
    // 7.5 USD paid 9.25 USDT: 1.75 USDT is left to resolve (the surplus).
    const payment = await overpaid();
    const keep = { traceId: payment.traceId, reason: 'a tip' };
    const KEEP = '/v1/payments/keep';
    await refusedExactly(
      { ...keep, amount: '1.76' },
      10011,
      400,
      'amount: 1.76 USDT is more than what is left to resolve of this payment: 1.75 USDT',
      KEEP,
    );
    await refusedExactly(
      { ...keep, assetId: ETH, amount: '1' },
      10011,
      400,
      'amount: 1 ETH is more than what is left to resolve of this payment: 0 ETH',
      KEEP,
    );
    const unknown = randomUUID();
    await refusedExactly(
      { ...keep, assetId: unknown, amount: '1' },
      10011,
      400,
      `assetId: ${unknown} is no asset of this gateway: nothing of it is left to resolve`,
      KEEP,
    );
    // Finer than the asset's smallest unit: a remainder no refund could pay out.
    await refusedExactly(
      { ...keep, amount: '0.000000000001' },
      10011,
      400,
      'amount: has more than 6 decimal places for USDT',
      KEEP,
    );
    // What is left may be kept; then nothing is.
    expect((await ok(KEEP, { ...keep, amount: '1.75' })).toResolve).toEqual([]);
    await refusedExactly(
      { ...keep, amount: '0.01' },
      10011,
      400,
      'amount: 0.01 USDT is more than what is left to resolve of this payment: 0 USDT',
      KEEP,
    );
  });
});

describe('at the till', () => {
  it("shows the gateway's refusals as they are, and asks nothing", async () => {
    const pos = async (command: string, args: unknown = {}) =>
      dispatchPosCommand(gw.core.pos, command, args, silentLogger);
    const call = async (command: string, args: unknown = {}): Promise<any> => {
      const outcome = await pos(command, args);
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
      return (outcome as { result: unknown }).result;
    };
    await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
    await call('staff.signIn', { accountId: 'owner', pin: '2468' });
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '7.5',
      paymentAssetId: USDT,
      isChain: false,
    });
    await call('sandbox.payPart', { orderId: order.orderId, amount: '9.25' });
    const ask = { orderId: order.orderId, destination: WALLET_USER, reason: 'returned', amountIn: 'quote_original' };
    const refusal = async (amount: string) => {
      const outcome = await pos('refund.create', { ...ask, amount });
      expect(outcome.ok).toBe(false);
      return (outcome as { error: { message: string } }).error.message;
    };
    expect(await refusal('100')).toBe(
      "amount: 100 USD (100 USDT at the payment's rate) is more than what is left to refund of this payment: " +
        '9.25 USDT (9.25 USD); the total refunded never exceeds what was received',
    );
    expect(await refusal('1.555')).toBe(
      "amount: must have at most 2 decimal places for USD, the payment's quote currency (1.555 was asked)",
    );
    const kept = await pos('refund.keep', { orderId: order.orderId, amount: '1.76', reason: 'a tip' });
    expect(kept.ok).toBe(false);
    expect((kept as { error: { message: string } }).error.message).toBe(
      'amount: 1.76 USDT is more than what is left to resolve of this payment: 1.75 USDT',
    );
    expect((await call('refund.detail', { orderId: order.orderId })).refunds).toEqual([]);
  });
});
