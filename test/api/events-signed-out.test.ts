/**
 * A window (or the host's page) hears an order's news only while someone who may read orders is
 * signed in on it: after the lock, sales rung up at another window do not reach it. In-process
 * with the real till and sandbox gateway; the listener is the one both transports use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { eventsFor } from '../../electron/bridge/events.js';
import { silentLogger } from '../../electron/platform/logger.js';
import type { PosEventMessage } from '../../shared/posapi.js';
import { startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
const sale = { quoteAssetId: 'usd', quoteAmount: '2.50', paymentAssetId: USDT, isChain: false };

async function on(connection: string, command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(gw.core.pos, command, args, silentLogger, connection);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}

beforeAll(async () => {
  gw = await startGateway();
  await on('window:1', 'settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
});
afterAll(() => gw.close());

describe('PosApi events by session', () => {
  it('stop reaching a window once it is locked, and come back when someone signs in', async () => {
    const heard: PosEventMessage[] = [];
    const unsubscribe = gw.core.events.subscribe(eventsFor(gw.core.pos, 'window:2', (m) => heard.push(m)));
    const ordersHeard = () =>
      heard.flatMap((m) => (m.event === 'order.updated' ? [(m.payload as { orderId: string }).orderId] : []));

    const first = await on('window:1', 'order.create', sale);
    await on('window:1', 'sandbox.payInFull', { orderId: first.orderId });
    await on('window:1', 'order.get', { orderId: first.orderId });
    expect(ordersHeard()).not.toContain(first.orderId); // nobody signed in on window 2

    await on('window:2', 'staff.signIn', { accountId: 'owner', pin: '2468' });
    const second = await on('window:1', 'order.create', sale);
    await on('window:1', 'sandbox.payInFull', { orderId: second.orderId });
    await on('window:1', 'order.get', { orderId: second.orderId });
    expect(ordersHeard()).toContain(second.orderId);

    await on('window:2', 'staff.lock');
    const third = await on('window:1', 'order.create', sale);
    await on('window:1', 'sandbox.payInFull', { orderId: third.orderId });
    await on('window:1', 'order.get', { orderId: third.orderId });
    expect(ordersHeard()).not.toContain(third.orderId);
    unsubscribe();
  });
});
