/**
 * The till's main process over its PosApi (the same dispatcher both transports use), against the
 * real embedded gateway on loopback: setup, orders written ahead, QR URIs, the watcher and the
 * callback receiver, sandbox actions, cancel, and recovery when the gateway connection drops after
 * the order was written and before the answer came back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { startCore, type Core } from '../../electron/compose.js';
import { silentLogger } from '../../electron/platform/logger.js';
import type { OrderView, PosEventMessage } from '../../shared/posapi.js';
import { tempDataDir } from '../helpers/host.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';
let core: Core;
const events: PosEventMessage[] = [];

beforeAll(async () => {
  core = await startCore({ dataDir: tempDataDir('pd-till-'), shell: 'host', port: 0, logger: silentLogger });
  core.events.subscribe((message) => events.push(message));
});
afterAll(() => core.close());

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(core.pos, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}
const waitForStatus = async (orderId: string, status: string) => {
  await expect.poll(async () => (await call('order.get', { orderId })).status, { timeout: 10_000 }).toBe(status);
};

describe('till setup', () => {
  it('starts unconfigured; a payee that is not a user is refused naming the field; a real one configures the till', async () => {
    expect((await call('settings.get')).configured).toBe(false);
    await expect(
      call('order.create', { quoteAssetId: 'usd', quoteAmount: '1', paymentAssetId: USDT, isChain: false }),
    ).rejects.toMatchObject({ code: 'not_configured' });
    await expect(call('settings.save', { payeeNetworkId: '99999' })).rejects.toMatchObject({
      code: 'payee_not_found',
      field: 'payeeNetworkId',
    });
    await expect(call('settings.save', { payeeNetworkId: 'abc' })).rejects.toMatchObject({
      code: 'invalid_args',
      field: 'payeeNetworkId',
    });
    const saved = await call('settings.save', { payeeNetworkId: '7000101', quoteAssetId: 'usd' });
    expect(saved).toMatchObject({
      configured: true,
      shopName: 'Corner Café (demo shop)',
      payee: { networkId: '7000101', payeeId: 'a1b2c3d4-0001-4000-8000-000000000001' },
    });
    expect(events.some((e) => e.event === 'settings.changed')).toBe(true);
    const assets = await call('assets.payment', { quoteAssetId: 'usd', quoteAmount: '12.50' });
    expect(assets.find((a: any) => a.assetId === USDT)).toMatchObject({ usable: true, symbol: 'USDT' });
  });
});

describe('orders', () => {
  it('creates a wallet order with a mixin://pay QR, and the callback makes it pending then success', async () => {
    const order: OrderView = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '12.50',
      paymentAssetId: USDT,
      isChain: false,
      note: 'table 4',
    });
    expect(order.status).toBe('unpaid');
    expect(order.orderId).toMatch(/^pd-\d{8}-[0-9a-f]{10}$/);
    const uri = new URL(order.instruction!.paymentUri);
    expect(uri.protocol).toBe('mixin:');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      asset: USDT,
      amount: order.instruction!.paymentAmount,
      recipient: order.instruction!.recipient,
      memo: order.instruction!.memo,
    });
    expect(order.history.map((h) => h.kind)).toEqual(['created', 'instruction']);

    await call('sandbox.payInFull', { orderId: order.orderId });
    await waitForStatus(order.orderId, 'pending');
    await call('sandbox.advanceClock', { seconds: 10 });
    await waitForStatus(order.orderId, 'success');
    const done: OrderView = await call('order.get', { orderId: order.orderId });
    expect(done.progress).toMatchObject({
      paidAmount: order.instruction!.paymentAmount,
      remainingAmount: '0',
      settleStatus: 'success',
    });
    expect(done.history.filter((h) => h.kind === 'status').map((h) => h.text)).toEqual(['Pending', 'Success']);
    expect(
      events.some(
        (e) => e.event === 'order.updated' && e.payload.orderId === order.orderId && e.payload.status === 'success',
      ),
    ).toBe(true);
    // The callback receiver got the gateway's callbacks (signed, over HTTPS) and answered SUCCESS.
    // The delivery runs after the status change is committed, so the till may see success first.
    const key = (await import('node:fs'))
      .readFileSync(`${(await call('app.info')).dataDir}/merchant-key`, 'utf8')
      .trim();
    const deliveries = async () =>
      (
        (await (
          await fetch(`${core.url}/v1/callbacks?traceId=${order.traceId}`, {
            headers: { authorization: `Bearer ${key}` },
          })
        ).json()) as any
      ).data;
    await expect
      .poll(async () => (await deliveries()).map((d: any) => [d.event, d.status]), { timeout: 10_000 })
      .toEqual([['success', 'delivered']]);
  });

  it('an on-chain order goes through confirming with a BIP21 QR; an underpayment is topped up', async () => {
    const order: OrderView = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '30',
      paymentAssetId: BTC,
      isChain: true,
    });
    expect(order.instruction!.paymentUri).toBe(
      `bitcoin:${order.instruction!.destination}?amount=${order.instruction!.paymentAmount}`,
    );
    await call('sandbox.payPart', { orderId: order.orderId, amount: '0.0001' });
    await waitForStatus(order.orderId, 'confirming');
    await call('sandbox.mine', { network: 'Bitcoin', count: 2 });
    await waitForStatus(order.orderId, 'paid_less');
    const short: OrderView = await call('order.get', { orderId: order.orderId });
    expect(short.progress!.paidAmount).toBe('0.0001');
    await call('sandbox.payInFull', { orderId: order.orderId });
    await waitForStatus(order.orderId, 'confirming');
    await call('sandbox.mine', { network: 'Bitcoin', count: 2 });
    await waitForStatus(order.orderId, 'pending');
  });

  it('cancels an open order; a finished one cannot be cancelled', async () => {
    const order: OrderView = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '5',
      paymentAssetId: USDT,
      isChain: false,
    });
    const cancelled = await call('order.cancel', { orderId: order.orderId });
    expect(cancelled).toMatchObject({ status: 'failed', progress: { failureCode: '40032' } });
    await expect(call('order.cancel', { orderId: order.orderId })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses amounts outside the quote limits before writing anything', async () => {
    const before = (await call('order.list', {})).length;
    await expect(
      call('order.create', { quoteAssetId: 'usd', quoteAmount: '0.001', paymentAssetId: USDT, isChain: false }),
    ).rejects.toMatchObject({ field: 'quoteAmount' });
    expect((await call('order.list', {})).length).toBe(before);
  });

  it("lists today's orders, newest first", async () => {
    const list: OrderView[] = await call('order.list', {});
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect([...list].sort((a, b) => b.createdAt - a.createdAt).map((o) => o.orderId)).toEqual(
      list.map((o) => o.orderId),
    );
  });
});

describe('write ahead', () => {
  it('recovers an order whose answer was lost: same identifiers, created once, completed', async () => {
    // A hosted gateway in front of the embedded one, whose first create answer never arrives.
    let dropped = 0;
    const upstream = new URL(core.url);
    const proxy = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const forward = http.request(
          {
            host: upstream.hostname,
            port: upstream.port,
            path: request.url,
            method: request.method,
            headers: { ...request.headers, host: upstream.host },
          },
          (answer) => {
            const body: Buffer[] = [];
            answer.on('data', (c: Buffer) => body.push(c));
            answer.on('end', () => {
              if (request.method === 'POST' && request.url === '/v1/payments' && dropped === 0) {
                dropped++;
                request.socket.destroy(); // the gateway did it; the till never hears
                return;
              }
              response.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(body));
            });
          },
        );
        forward.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    await call('settings.save', { gateway: { kind: 'hosted', baseUrl: proxyUrl } });
    try {
      const order: OrderView = await call('order.create', {
        quoteAssetId: 'usd',
        quoteAmount: '7.25',
        paymentAssetId: USDT,
        isChain: false,
      });
      expect(dropped).toBe(1);
      expect(order.status).toBe('queued');
      expect(order.instruction).toBeNull();
      // The retry loop sends it again with the same orderId and traceId; the gateway answers the same payment.
      await waitForStatus(order.orderId, 'unpaid');
      const recovered: OrderView = await call('order.get', { orderId: order.orderId });
      expect(recovered.traceId).toBe(order.traceId);
      expect(recovered.history.map((h) => h.kind)).toContain('queued');
      const result = await (
        await fetch(`${core.url}/v1/payments_result?orderId=${order.orderId}&payeeId=${order.payeeId}`)
      ).json();
      expect((result as any).data.traceId).toBe(order.traceId);
      await call('settings.save', { gateway: { kind: 'embedded' } });
      await call('sandbox.payInFull', { orderId: order.orderId });
      await waitForStatus(order.orderId, 'pending');
    } finally {
      await call('settings.save', { gateway: { kind: 'embedded' } });
      proxy.closeAllConnections();
      proxy.close();
    }
  });
});
