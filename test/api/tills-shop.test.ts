/**
 * Must show (issue 20, "Tills"): two tills against one server, each with its own till key; the
 * owner's review sees both (the whole shop and per till, exact totals), per-till filters work, the CSV
 * of the view; a revoked key is refused while the other till works on. The server is an embedded
 * gateway on loopback (startGateway; on PostgreSQL in the `postgres` test project, so this file runs on
 * both engines); each till is a whole app core pointed at it as a hosted gateway.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { add } from '../../shared/money.js';
import { startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let server: TestGateway;
let front: TestGateway;
let back: TestGateway;
const keys: Record<string, { tillId: string; tillKey: string }> = {};
/** The orders the review test sold (the close of day test closes that day). */
const sold: { front: any[]; back: any[] } = { front: [], back: [] };

async function call(till: TestGateway, command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(till.core.pos, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}
const asMerchant = (path: string, body: unknown = {}) =>
  server.post(path, body, { headers: { authorization: `Bearer ${server.merchantKey}` } });

/** The simulated payer pays an order's wallet instruction on the server. */
async function payOnServer(order: any): Promise<void> {
  const i = order.instruction;
  const paid = await server.post('/v1/sandbox/transfers', {
    recipient: i.recipient,
    asset: i.paymentAssetId,
    amount: i.paymentAmount,
    trace: randomUUID(),
    memo: i.memo,
  });
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
}

async function sell(till: TestGateway, quoteAmount: string): Promise<any> {
  return call(till, 'order.create', { quoteAssetId: 'usd', quoteAmount, paymentAssetId: USDT, isChain: false });
}

beforeAll(async () => {
  [server, front, back] = await Promise.all([startGateway(), startGateway(), startGateway()]);
  for (const name of ['Front counter', 'Back bar']) {
    const answer = await asMerchant('/v1/merchant/tills', { name });
    keys[name] = { tillId: answer.body.data.till.tillId, tillKey: answer.body.data.tillKey };
  }
  // The owner's till holds the merchant key too (the whole shop); the bar has only its till key.
  const setups: [TestGateway, Record<string, string>][] = [
    [front, { tillKey: keys['Front counter']!.tillKey, merchantKey: server.merchantKey }],
    [back, { tillKey: keys['Back bar']!.tillKey }],
  ];
  for (const [till, gatewayKeys] of setups) {
    await call(till, 'settings.save', {
      payeeNetworkId: '7000101',
      ownerPin: '2468',
      timeZone: 'UTC',
      gateway: { kind: 'hosted', baseUrl: server.url, ...gatewayKeys },
    });
    await call(till, 'staff.signIn', { accountId: 'owner', pin: '2468' });
  }
});
afterAll(async () => {
  await Promise.all([front, back, server].map((gw) => gw?.close()));
});

describe('two tills against one server', () => {
  it('stores each till key hidden, and shows only that one is set', async () => {
    const settings = await call(back, 'settings.get');
    expect(settings.gateway).toEqual({ kind: 'hosted', baseUrl: server.url, merchantKeySet: false, tillKeySet: true });
    expect(JSON.stringify(settings)).not.toContain(keys['Back bar']!.tillKey);
    await expect(
      call(back, 'settings.save', { gateway: { kind: 'hosted', baseUrl: server.url, tillKey: 'not-a-key' } }),
    ).rejects.toMatchObject({ code: 'invalid_args', field: 'gateway.tillKey' });
  });

  it("the owner's review sees both tills, exact totals, per-till filters and a CSV of the view", async () => {
    const fromFront = [await sell(front, '0.1'), await sell(front, '0.2')];
    const fromBack = [await sell(back, '12.35'), await sell(back, '4')];
    for (const order of [...fromFront, fromBack[0]]) await payOnServer(order);
    Object.assign(sold, { front: fromFront, back: fromBack });
    const shop = await call(front, 'shop.report', { day: '2026-11-23' });
    expect(shop.scope).toBe('shop');
    expect(shop.count).toBe(4);
    expect(shop.paid).toEqual([{ quoteAssetId: 'usd', symbol: 'USD', amount: '12.65', count: 3 }]);
    expect(shop.tills.map((t: any) => [t.name, t.count, t.paid[0]?.amount])).toEqual([
      ['Back bar', 2, '12.35'],
      ['Front counter', 2, '0.3'],
    ]);
    expect(shop.byStatus).toEqual([
      { status: 'unpaid', count: 1 },
      { status: 'pending', count: 3 },
    ]);
    expect(new Set(shop.items.map((i: any) => i.tillName))).toEqual(new Set(['Front counter', 'Back bar']));

    const onlyBack = await call(front, 'shop.report', { day: '2026-11-23', tillId: keys['Back bar']!.tillId });
    expect(onlyBack.items.map((i: any) => i.orderId).sort()).toEqual(fromBack.map((o) => o.orderId).sort());
    expect(onlyBack.paid[0].amount).toBe('12.35');
    expect(onlyBack.tills).toHaveLength(2); // the filter still lists every till of the day

    const csv = await call(front, 'shop.export', { day: '2026-11-23', tillId: keys['Front counter']!.tillId });
    expect(csv.rows).toBe(2);
    expect(csv.filename).toBe('paydesk-shop-2026-11-23-Front_counter.csv');
    const lines = csv.csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'created_at,till,till_id,order_id,trace_id,status,quote_amount,quote_currency,payment_asset_id,payable_amount,failure_code',
    );
    expect(lines.slice(1).map((l: string) => l.split(',').slice(1, 7))).toEqual(
      fromFront.map((o) => [
        'Front counter',
        keys['Front counter']!.tillId,
        o.orderId,
        o.traceId,
        'pending',
        o.quoteAmount,
      ]),
    );

    // The bar holds only its till key: it sees its own till, never the front's.
    const asBar = await call(back, 'shop.report', { day: '2026-11-23' });
    expect(asBar.scope).toBe('till');
    expect(asBar.tills.map((t: any) => t.name)).toEqual(['Back bar']);
    expect(asBar.count).toBe(2);
    await expect(
      call(back, 'shop.report', { day: '2026-11-23', tillId: keys['Front counter']!.tillId }),
    ).rejects.toMatchObject({ code: 'gateway_error' });
  });

  it("the owner's close of day: per till and per asset, exact, for the whole shop or a chosen till, and its CSV", async () => {
    const received = (orders: any[]) => add(...orders.map((o) => o.instruction.paymentAmount));
    const asset = sold.front[0].instruction.paymentAssetId;
    const close = await call(front, 'shop.close', { day: '2026-11-23' });
    expect(close.scope).toBe('shop');
    const figures = (f: any) => [f.name, f.count, f.paid.map((p: any) => [p.symbol, p.amount, p.count]), f.received];
    expect(close.tills.map(figures)).toEqual([
      [
        'Back bar',
        2,
        [['USD', '12.35', 1]],
        [expect.objectContaining({ assetId: asset, amount: received(sold.back.slice(0, 1)), count: 1 })],
      ],
      [
        'Front counter',
        2,
        [['USD', '0.3', 2]],
        [expect.objectContaining({ assetId: asset, amount: received(sold.front), count: 2 })],
      ],
    ]);
    expect(close.total).toMatchObject({
      tillId: 'shop',
      count: 4,
      paid: [{ symbol: 'USD', amount: '12.65', count: 3 }],
    });
    expect(close.total.received).toEqual([
      expect.objectContaining({ assetId: asset, amount: received([...sold.front, sold.back[0]]), count: 3 }),
    ]);
    expect(close.total.received[0].label).toMatch(/^USDT/);
    expect(close.byStatus).toEqual([
      { status: 'unpaid', count: 1 },
      { status: 'pending', count: 3 },
    ]);

    const bar = await call(front, 'shop.close', { day: '2026-11-23', tillId: keys['Back bar']!.tillId });
    expect(bar.tills.map((t: any) => t.name)).toEqual(['Back bar']);
    expect(bar.total).toMatchObject({ tillId: keys['Back bar']!.tillId, name: 'Back bar', count: 2 });
    expect(bar.total.paid[0].amount).toBe('12.35');

    const csv = await call(front, 'shop.closeExport', { day: '2026-11-23' });
    expect(csv.filename).toBe('paydesk-shop-close-2026-11-23.csv');
    const lines = csv.csv.trim().split('\r\n');
    expect(lines[0]).toBe('till,till_id,payments,kind,asset_id,asset,count,amount');
    expect(lines).toContain(`Front counter,${keys['Front counter']!.tillId},2,paid,usd,USD,2,0.3`);
    expect(lines).toContain('shop,shop,4,paid,usd,USD,3,12.65');
    expect(lines.at(-1)).toMatch(
      new RegExp(`^shop,shop,4,received,${asset},.*,3,${received([...sold.front, sold.back[0]])}$`),
    );
    expect(csv.rows).toBe(lines.length - 1);
  });

  it("with only its till key the close of day is this till's, by name, with no whole-shop total", async () => {
    const close = await call(back, 'shop.close', { day: '2026-11-23' });
    expect(close.scope).toBe('till');
    expect(close.tills.map((t: any) => t.name)).toEqual(['Back bar']);
    expect(close.total).toMatchObject({ tillId: keys['Back bar']!.tillId, name: 'Back bar', count: 2 });
    expect(close.total.paid).toEqual([{ quoteAssetId: 'usd', symbol: 'USD', amount: '12.35', count: 1 }]);
    const csv = await call(back, 'shop.closeExport', { day: '2026-11-23' });
    expect(csv.filename).toBe('paydesk-shop-close-2026-11-23-Back_bar.csv');
    expect(csv.csv).not.toMatch(/^shop,/m);
  });

  it('a revoked key is refused at once; the other till works on', async () => {
    const revoked = await asMerchant(`/v1/merchant/tills/${keys['Back bar']!.tillId}/revoke`);
    expect(revoked.body.data.revoked).toBe(true);
    await expect(call(back, 'shop.report', { day: '2026-11-23' })).rejects.toMatchObject({
      code: 'gateway_error',
      message: expect.stringMatching(/till's key was refused/),
    });
    const refused = await sell(back, '1').then(
      (order) => ({ order }),
      (error) => ({ error }),
    );
    // The till knows the refusal by the gateway's code 2001, not by its words: the cashier reads what to do.
    expect(refused).toMatchObject({
      error: { code: 'gateway_error', key: 'gateway_till_key_refused', message: expect.stringMatching(/till's key/) },
    });
    const still = await sell(front, '2');
    expect(still.status).toBe('unpaid');
    const shop = await call(front, 'shop.report', { day: '2026-11-23' });
    expect(shop.count).toBe(5);
    expect(shop.items.find((i: any) => i.orderId === still.orderId).tillName).toBe('Front counter');
  });
});
