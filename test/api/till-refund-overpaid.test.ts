/**
 * A whole overpaid order refunded at the till (fresh-eye QA of this session, finding 1): 10 USD due,
 * the payer sends 4 then 9 USDT (3 over), a manager refunds all 13. The refund is asked with its payout,
 * nothing is left to resolve, and the shop's money-to-resolve list and the order's details still answer
 * (a negative amount used to make the gateway answer 500 for every payment of the shop).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, USDT, type TestGateway } from '../helpers/gateway.js';
import { openAsOwner, tillCommands, type TillCall } from '../helpers/till-commands.js';

let gw: TestGateway;
let call: TillCall;
// A wallet payment is refunded to a wallet user.
const DESTINATION = randomUUID();

beforeAll(async () => {
  gw = await startGateway();
  call = tillCommands(gw);
  await openAsOwner(call, '2468');
});
afterAll(() => gw.close());

describe('a whole overpaid order refunded at the till', () => {
  it('asks the refund with its payout; nothing is left to resolve; the list and the details still answer', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '10',
      paymentAssetId: USDT,
      isChain: false,
    });
    await call('sandbox.payPart', { orderId: order.orderId, amount: '4' });
    await call('sandbox.payPart', { orderId: order.orderId, amount: '9' });
    const before = (await call('owner.toResolve')).find((i: any) => i.tillOrderId === order.orderId);
    expect(before.toResolve).toEqual([expect.objectContaining({ assetId: USDT, amount: '3' })]);

    const asked = await call('refund.create', {
      orderId: order.orderId,
      amount: '13',
      destination: DESTINATION,
      reason: 'customer returned everything',
    });
    expect(asked.resolve.toResolve).toEqual([]);
    expect(asked.refunds).toHaveLength(1);
    expect(asked.refunds[0]).toMatchObject({ status: 'to_send', amount: '13' });
    expect(asked.refunds[0].payoutUri).toContain(`recipient=${DESTINATION}`);

    const open = await call('owner.toResolve');
    expect(open.map((i: any) => i.tillOrderId)).not.toContain(order.orderId);
    const detail = await call('owner.order', { orderId: order.orderId });
    expect(detail.transactions).toHaveLength(2);
    const refunds = await call('refund.detail', { orderId: order.orderId });
    expect(refunds.resolve.toResolve).toEqual([]);
    expect(refunds.refunds.map((r: any) => r.amount)).toEqual(['13']);
  });
});
