/**
 * A cashier abandons their own sale that nothing was paid on (order.abandon), over the host's real
 * HTTP bridge: the gateway cancels it, the audit log names who; another cashier's sale, or one that
 * money reached, is refused (the latter stays a manager's cancel, with their PIN).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDT } from '../helpers/gateway.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

let host: HostProcess;
let pos: PosHttp;
let ids: { cashier: string; manager: string };
const PINS = { owner: '2468', cashier: '1111', manager: '2222' };
const sale = { quoteAssetId: 'usd', quoteAmount: '6.40', paymentAssetId: USDT, isChain: false };

beforeAll(async () => {
  host = await startHost();
  pos = await posOverHttp(host);
  ids = await staffedTill(pos, PINS);
});
afterAll(() => host?.stop());

describe('order.abandon', () => {
  it("ends the cashier's own unpaid sale at the gateway, and logs who", async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const order = await pos.call('order.create', sale);
    const ended = await pos.call('order.abandon', { orderId: order.orderId });
    expect(ended.status).toBe('failed');
    expect((await pos.call('order.get', { orderId: order.orderId })).status).toBe('failed');
    await pos.signIn('owner', PINS.owner);
    const log = await pos.call('audit.list', { action: 'order.abandon' });
    expect(log.entries[0]).toMatchObject({ actorName: 'Cora Cashier', subject: order.orderId });
  });

  it("refuses another cashier's sale and one that money reached", async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const managers = await pos.call('order.create', sale);
    await pos.signIn(ids.cashier, PINS.cashier);
    const foreign = await pos.send('order.abandon', { orderId: managers.orderId });
    expect(foreign.error).toMatchObject({ code: 'not_found' });

    const paidPart = await pos.call('order.create', sale);
    await pos.call('sandbox.payPart', { orderId: paidPart.orderId, amount: '1' });
    await pos.call('order.get', { orderId: paidPart.orderId });
    const refused = await pos.send('order.abandon', { orderId: paidPart.orderId });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toMatch(/ask a manager/);
    expect((await pos.call('order.get', { orderId: paidPart.orderId })).status).not.toBe('failed');
    // The manager's cancel still works on it, with their PIN.
    await pos.signIn(ids.manager, PINS.manager);
    const cancelled = await pos.call('order.cancel', { orderId: paidPart.orderId, pin: PINS.manager });
    expect(cancelled.status).toBe('failed');
  });
});
