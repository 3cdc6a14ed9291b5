/**
 * The day review's net takings after refunds of an overpaid order (fresh-eye QA): 10 USD due, 13 USDT
 * received (3 beyond what was due, never takings), refunded wholly in two goes. Refunds return the
 * surplus first, as the gateway counts them against the money to resolve first; the order's takings go
 * only after it. It used to read "10 USD taken − 13 refunded = -3 USD net".
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, USDT, type TestGateway } from '../helpers/gateway.js';
import { openAsOwner, tillCommands, type TillCall } from '../helpers/till-commands.js';

let gw: TestGateway;
let call: TillCall;
const DESTINATION = randomUUID();

async function usdOfTheDay(): Promise<unknown> {
  const day = await call('owner.day');
  return day.refunds.perQuote.find((q: any) => q.quoteAssetId === 'usd');
}

beforeAll(async () => {
  gw = await startGateway();
  call = tillCommands(gw);
  await openAsOwner(call, '2468');
});
afterAll(() => gw.close());

describe('net takings after refunding an overpaid order', () => {
  it('the surplus is returned first, then the takings: wholly refunded, the order nets to zero', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '10',
      paymentAssetId: USDT,
      isChain: false,
    });
    await call('sandbox.payPart', { orderId: order.orderId, amount: '13' });
    await call('sandbox.advanceClock', { seconds: 60 });
    await expect
      .poll(async () => (await call('order.get', { orderId: order.orderId })).status, { timeout: 5000 })
      .toBe('success');
    const refund = (amount: string, reason: string) =>
      call('refund.create', { orderId: order.orderId, amount, destination: DESTINATION, reason });

    // 2 of the 3 over: nothing comes out of the takings yet.
    await refund('2', 'paid too much');
    expect(await usdOfTheDay()).toMatchObject({
      takings: '10',
      refundedFromTakings: '0',
      net: '10',
      returnedNotTakings: '2',
    });
    // The rest, 11: the last 1 of the surplus, then the 10 of takings.
    await refund('11', 'returned everything');
    expect(await usdOfTheDay()).toMatchObject({
      takings: '10',
      refundedFromTakings: '10',
      net: '0',
      returnedNotTakings: '3',
    });
  });
});
