/**
 * Offline and back: the till talks to a "hosted" gateway through a fault-injecting proxy. Orders
 * made while it is down are kept as queued; when the link returns (through 500s, a 1429, a
 * response dropped half-way and a 30 s stall) every order is created once, in order, ends with
 * the gateway's result, and the till never exceeds 60 requests a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { startCore, type Core } from '../../electron/compose.js';
import { silentLogger } from '../../electron/platform/logger.js';
import type { PosEventMessage } from '../../shared/posapi.js';
import { peakPerMinute, startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { tempDataDir } from '../helpers/host.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
let core: Core;
let proxy: FaultProxy;
const events: PosEventMessage[] = [];

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(core.pos, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}
async function gateway(path: string, body?: object): Promise<any> {
  const response = await fetch(
    `${core.url}${path}`,
    body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : undefined,
  );
  return ((await response.json()) as any).data;
}

beforeAll(async () => {
  core = await startCore({ dataDir: tempDataDir('pd-offline-'), shell: 'host', port: 0, logger: silentLogger });
  core.events.subscribe((m) => events.push(m));
  proxy = await startFaultProxy(core.url);
  await call('settings.save', { payeeNetworkId: '7000101', gateway: { kind: 'hosted', baseUrl: proxy.url } });
});
afterAll(async () => {
  await core.close();
  await proxy.close();
});

describe('offline orders', () => {
  it('queues orders while the gateway is unreachable and creates each exactly once, in order, when it returns', async () => {
    await call('assets.quote'); // the quote list is known before the link goes down
    proxy.setDown('refuse');
    const orders = [];
    for (const amount of ['4', '5', '6'])
      orders.push(
        await call('order.create', { quoteAssetId: 'usd', quoteAmount: amount, paymentAssetId: USDT, isChain: false }),
      );
    expect(orders.map((o) => o.status)).toEqual(['queued', 'queued', 'queued']);
    expect(orders.every((o) => o.instruction === null)).toBe(true);
    const offline = events.filter((e) => e.event === 'connection.changed').at(-1);
    expect(offline?.payload).toMatchObject({ online: false, queued: 3 });

    // The link comes back through every kind of trouble.
    proxy.queue('http500', 'http500', 'rate1429', 'drop', 'delay30s');
    proxy.setDown(null);
    for (const order of orders) {
      await expect
        .poll(async () => (await call('order.get', { orderId: order.orderId })).status, {
          timeout: 45_000,
          interval: 250,
        })
        .toBe('unpaid');
    }
    expect(events.filter((e) => e.event === 'connection.changed').at(-1)?.payload).toMatchObject({
      online: true,
      queued: 0,
    });

    // Exactly one gateway payment per order, with the till's own identifiers.
    for (const order of orders) {
      const result = await gateway(`/v1/payments_result?orderId=${order.orderId}&payeeId=${order.payeeId}`);
      expect(result.traceId).toBe(order.traceId);
    }
    // Created in the order they were taken.
    const firstCreates = [
      ...new Map(
        proxy.log
          .filter((e) => e.method === 'POST' && e.path === '/v1/payments')
          .map((e) => [JSON.parse(e.body).orderId as string, e.at]),
      ).entries(),
    ];
    const firstSeen = orders.map(
      (o) => proxy.log.find((e) => e.path === '/v1/payments' && JSON.parse(e.body).orderId === o.orderId)!.at,
    );
    expect([...firstSeen].sort((a, b) => a - b)).toEqual(firstSeen);
    expect(firstCreates).toHaveLength(3);
  }, 90_000);

  it('brings open orders up to date after the link returns, and never exceeds 60 requests a minute', async () => {
    const list = await call('order.list', {});
    for (const order of list) {
      const instruction = order.instruction;
      await gateway('/v1/sandbox/transfers', {
        recipient: instruction.recipient,
        asset: USDT,
        amount: instruction.paymentAmount,
        trace: crypto.randomUUID(),
        memo: instruction.memo,
      });
    }
    proxy.setDown('refuse');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    proxy.setDown(null);
    for (const order of list) {
      await expect
        .poll(async () => (await call('order.get', { orderId: order.orderId })).status, {
          timeout: 45_000,
          interval: 500,
        })
        .toBe('pending');
    }
    expect(peakPerMinute(proxy.log)).toBeLessThanOrEqual(60);
  }, 90_000);
});
