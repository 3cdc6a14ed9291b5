/**
 * The watcher backs off on old open orders and never polls an ended one. A till with a manual clock
 * talks to the real embedded gateway through a counting proxy; its orders are three days old minus
 * an hour when it starts. Over three simulated hours the requests for payments_result are counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand, type PosService } from '../../electron/bridge/dispatch.js';
import { PosEventHub } from '../../electron/bridge/events.js';
import { ManualClock } from '../../electron/platform/clock.js';
import type { Db } from '../../electron/platform/db.js';
import { randomIds } from '../../electron/platform/ids.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { openTillDb } from '../../electron/till/db.js';
import { Till } from '../../electron/till/till.js';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.js';
import { startGateway, USDT, type TestGateway } from '../helpers/gateway.js';
import { tempDataDir } from '../helpers/host.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const OPEN_ORDERS = 12;

let gw: TestGateway;
let proxy: FaultProxy;
let db: Db;
let till: Till;
let pos: PosService;
const clock = new ManualClock(Date.UTC(2026, 10, 20, 9, 0, 0));
const open: { orderId: string; traceId: string; payeeId: string }[] = [];
let ended: { orderId: string; traceId: string; payeeId: string };

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(pos, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}
/** payments_result requests per traceId since a point in the proxy's log. */
function resultRequests(since = 0): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of proxy.log.slice(since)) {
    if (!entry.path.startsWith('/v1/payments_result')) continue;
    const trace = new URL(entry.path, 'http://x').searchParams.get('traceId') ?? '';
    counts.set(trace, (counts.get(trace) ?? 0) + 1);
  }
  return counts;
}
/** Lets the watcher's 100 ms tick run and the requests it started finish. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  for (let seen = -1; seen !== proxy.log.length;) {
    seen = proxy.log.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  gw = await startGateway();
  proxy = await startFaultProxy(gw.url);
  db = openTillDb(`${tempDataDir('pd-watch-')}/till.db`);
  till = new Till({
    db,
    clock,
    ids: randomIds,
    logger: silentLogger,
    events: new PosEventHub(),
    embeddedUrl: () => proxy.url,
    embeddedMode: 'sandbox',
    merchantKey: gw.merchantKey,
    callbackUrl: () => '',
    appInfo: () => ({ version: 'test', dataDir: '', shell: 'host' }),
  });
  pos = {
    handlers: till.handlers(),
    authorize: (command, connection) => till.authorize(command, connection),
    mayHearOrders: (connection) => till.mayHearOrders(connection),
  };
  await call('settings.save', { payeeNetworkId: '7000101' });
  for (let i = 0; i < OPEN_ORDERS; i++) {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: String(5 + i),
      paymentAssetId: USDT,
      isChain: false,
    });
    open.push(order);
  }
  ended = await call('order.create', {
    quoteAssetId: 'usd',
    quoteAmount: '9.99',
    paymentAssetId: USDT,
    isChain: false,
  });
  await call('sandbox.payInFull', { orderId: ended.orderId });
  await call('sandbox.advanceClock', { seconds: 10 });
  expect((await call('order.get', { orderId: ended.orderId })).status).toBe('success');
  // The till comes back three days after those sales, minus an hour.
  clock.advance(3 * DAY - 60 * MINUTE);
  till.start();
  await settle();
  clock.advance(1000); // the reconciliation spreads its checks over the first moments
  await settle();
}, 60_000);
afterAll(async () => {
  await till?.close();
  db?.close();
  await proxy?.close();
  await gw?.close();
});

describe('the watcher', () => {
  it('checks every open order once at start, then backs off and stops polling orders older than three days', async () => {
    const atStart = resultRequests();
    for (const order of open) expect(atStart.get(order.traceId), 'reconciled at start').toBeGreaterThanOrEqual(1);
    const mark = proxy.log.length;
    let afterThreeDays = 0;
    for (let step = 0; step < 36; step++) {
      clock.advance(5 * MINUTE);
      await settle();
      // From an hour in every order is older than three days; half an hour more of margin for slow machines.
      if (step === 18) afterThreeDays = proxy.log.length;
    }
    const during = resultRequests(mark);
    // At most every 30 minutes in their third day (today's watcher asked every minute: 36 times each).
    for (const order of open) expect(during.get(order.traceId) ?? 0, order.orderId).toBeLessThanOrEqual(3);
    expect(resultRequests(afterThreeDays).size).toBe(0);
  }, 60_000);

  it('a callback for an old order triggers one check, and it is not polled again after it', async () => {
    const [order] = open;
    const mark = proxy.log.length;
    expect(
      await till.onCallback({ traceId: order!.traceId, orderId: order!.orderId, payeeId: order!.payeeId }),
    ).toEqual({ ok: true });
    for (let step = 0; step < 3; step++) {
      clock.advance(30 * MINUTE);
      await settle();
    }
    expect([...resultRequests(mark)]).toEqual([[order!.traceId, 1]]);
  }, 30_000);

  it('never polls an ended order: not by the watcher, not when it is opened, not on a callback', async () => {
    expect(resultRequests().get(ended.traceId)).toBeGreaterThanOrEqual(1); // how it learned of the success
    const mark = proxy.log.length;
    expect((await call('order.get', { orderId: ended.orderId })).status).toBe('success');
    expect(await till.onCallback({ traceId: ended.traceId, orderId: ended.orderId, payeeId: ended.payeeId })).toEqual({
      ok: true,
    });
    await call('sandbox.mine', { network: 'Bitcoin', count: 1 }); // pokes the open orders
    for (let step = 0; step < 3; step++) {
      clock.advance(MINUTE);
      await settle();
    }
    expect(resultRequests(mark).get(ended.traceId)).toBeUndefined();
  }, 30_000);

  it('a reconnection does not re-poll orders too old to be polled', async () => {
    const mark = proxy.log.length;
    proxy.setDown('refuse');
    await expect(call('assets.quote')).resolves.toBeDefined(); // answered from the catalogue while offline
    await expect(
      call('order.create', { quoteAssetId: 'usd', quoteAmount: '3', paymentAssetId: USDT, isChain: false }),
    ).resolves.toMatchObject({ status: 'queued' });
    expect(till.connectionView().online).toBe(false);
    proxy.setDown(null);
    for (let step = 0; step < 5 && !till.connectionView().online; step++) {
      clock.advance(5000); // the queued order's send is retried and reaches the gateway: reconnected
      await settle();
    }
    expect(till.connectionView().online).toBe(true);
    clock.advance(1000);
    await settle();
    const after = resultRequests(mark);
    for (const order of open) expect(after.get(order.traceId) ?? 0, order.orderId).toBe(0);
  }, 30_000);
});
