/**
 * The owner's day review over the PosApi against the real embedded gateway: PIN, decimal-exact
 * totals, filters, a payment's detail with its deliveries, review decisions, CSV export.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { startCore, type Core } from '../../electron/compose.js';
import { CSV_COLUMNS } from '../../electron/till/owner/csv.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { add } from '../../shared/money.js';
import { tempDataDir } from '../helpers/host.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';
const ETH = '43d61dcd-e413-450d-80b8-101d5e903357';
let core: Core;
const ids: Record<string, string> = {};

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(core.pos, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}
/** Waits (outside a test, in setup) until the till shows a status. */
const waitFor = async (orderId: string, status: string) => {
  for (let i = 0; i < 200; i++) {
    if ((await call('order.get', { orderId })).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${orderId} never reached ${status}`);
};

beforeAll(async () => {
  core = await startCore({ dataDir: tempDataDir('pd-owner-'), shell: 'host', port: 0, logger: silentLogger });
  await call('settings.save', { payeeNetworkId: '7000101', timeZone: 'Europe/Berlin' });
  const sale = async (name: string, amount: string, asset: string, isChain: boolean) => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: amount,
      paymentAssetId: asset,
      isChain,
    });
    ids[name] = order.orderId;
    return order;
  };
  for (const [name, amount] of [
    ['a', '12.50'],
    ['b', '7.5'],
  ] as const) {
    await sale(name, amount, USDT, false);
    await call('sandbox.payInFull', { orderId: ids[name] });
  }
  await sale('chain', '30', BTC, true);
  await call('sandbox.payInFull', { orderId: ids.chain });
  await call('sandbox.mine', { network: 'Bitcoin', count: 2 });
  await sale('cancelled', '3', USDT, false);
  await call('order.cancel', { orderId: ids.cancelled });
  await sale('big', '10000', USDT, false);
  await call('sandbox.payInFull', { orderId: ids.big });
  await waitFor(ids.big!, 'auditing');
  await call('sandbox.advanceClock', { seconds: 10 });
  for (const name of ['a', 'b', 'chain']) await waitFor(ids[name]!, 'success');
}, 60_000);
afterAll(() => core.close());

describe('owner PIN', () => {
  it('stays locked without an owner account, with a wrong PIN, and signed out', async () => {
    await expect(call('staff.signIn', { accountId: 'owner', pin: '1234' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await call('settings.save', { ownerPin: '2468' });
    expect((await call('settings.get')).ownerPinSet).toBe(true);
    await call('staff.lock');
    await expect(call('staff.signIn', { accountId: 'owner', pin: '1234' })).rejects.toMatchObject({
      code: 'wrong_pin',
      field: 'pin',
    });
    await expect(call('owner.day')).rejects.toMatchObject({ code: 'signed_out' });
    expect(await call('staff.signIn', { accountId: 'owner', pin: '2468' })).toMatchObject({ role: 'owner' });
  });
});

describe('the day review', () => {
  it('totals per currency and asset are decimal-exact; counts per status; hourly takings add up', async () => {
    const review = await call('owner.day', {});
    expect(review.totals.perQuote).toEqual([{ quoteAssetId: 'usd', symbol: 'USD', total: '50', count: 3 }]);
    const usdt = review.totals.perAsset.find((a: any) => a.assetId === USDT);
    expect(usdt).toMatchObject({ total: '20', count: 2 });
    expect(review.totals.perStatus).toEqual({ success: 3, failed: 1, auditing: 1 });
    expect(add(...review.totals.hourly.map((h: any) => h.total))).toBe('50');
    expect(review.reviewQueue.map((r: any) => r.orderId)).toEqual([ids.big]);
    expect(review.matching).toBe(5);
  });

  it('filters by status, asset and method, and searches by order or trace id', async () => {
    expect((await call('owner.day', { status: 'success' })).matching).toBe(3);
    expect((await call('owner.day', { method: 'chain' })).orders.map((o: any) => o.orderId)).toEqual([ids.chain]);
    expect((await call('owner.day', { assetId: BTC })).matching).toBe(1);
    const order = await call('order.get', { orderId: ids.a });
    expect((await call('owner.day', { search: order.traceId.slice(0, 13) })).orders.map((o: any) => o.orderId)).toEqual(
      [ids.a],
    );
    expect((await call('owner.day', { search: ids.b })).matching).toBe(1);
    expect((await call('owner.day', { day: '2020-01-01' })).matching).toBe(0);
  });

  it("shows a payment's transactions, timeline and callback deliveries", async () => {
    const detail = await call('owner.order', { orderId: ids.chain });
    expect(detail.transactions).toHaveLength(1);
    expect(detail.transactions[0]).toMatchObject({ confirmations: 2, requiredConfirmations: 2, symbol: 'BTC' });
    expect(detail.transactions[0].explorerUrl).toContain(detail.transactions[0].txid);
    expect(detail.settlement).toMatchObject({ status: 'success', symbol: 'BTC' }); // settles in what the payer paid (no settlement asset set)
    expect(detail.order.history.map((h: any) => h.kind)).toEqual(
      expect.arrayContaining(['created', 'instruction', 'status']),
    );
    expect(detail.deliveries.map((d: any) => [d.event, d.status])).toEqual([['success', 'delivered']]);
    expect(detail.deliveries[0].attempts[0].httpStatus).toBe(200);
  });

  it('approves a payment under review only with a reason', async () => {
    await expect(call('owner.review', { orderId: ids.big, decision: 'approve', reason: '' })).rejects.toMatchObject({
      code: 'invalid_args',
      field: 'reason',
    });
    const decided = await call('owner.review', {
      orderId: ids.big,
      decision: 'approve',
      reason: 'ID checked at the counter',
    });
    expect(decided.order.status).toBe('success');
    expect(decided.order.history.some((h: any) => h.text.includes('ID checked at the counter'))).toBe(true);
    await expect(call('owner.review', { orderId: ids.big, decision: 'reject', reason: 'again' })).rejects.toMatchObject(
      { code: 'conflict' },
    );
  });

  it('exports RFC 4180 CSV with exact decimals and ISO times with the offset', async () => {
    const review = await call('owner.day', {});
    const file = await call('owner.export', { from: review.day, to: review.day });
    expect(file.filename).toBe(`paydesk-${review.day}.csv`);
    expect(file.csv).toContain('\r\n');
    const rows: string[][] = parse(file.csv);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(6);
    const records = rows.slice(1).map((r) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i]!])));
    expect(add(...records.filter((r) => r.status === 'success').map((r) => r.quote_amount!))).toBe('10050');
    for (const r of records) expect(r.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    await expect(call('owner.export', { from: '2026-12-02', to: '2026-12-01' })).rejects.toMatchObject({
      field: 'from',
    });
  });

  it("offers every asset the day's orders asked for in the asset filter, paid or not", async () => {
    const unpaid = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '4',
      paymentAssetId: ETH,
      isChain: false,
    });
    const review = await call('owner.day', {});
    expect(review.totals.perAsset.map((a: any) => a.assetId)).not.toContain(ETH); // nothing paid in ETH
    expect(review.assets.map((a: any) => a.assetId).sort()).toEqual([BTC, ETH, USDT].sort());
    expect(review.assets.find((a: any) => a.assetId === ETH).symbol).toMatch(/^ETH/);
    expect((await call('owner.day', { assetId: ETH })).orders.map((o: any) => o.orderId)).toEqual([unpaid.orderId]);
  });
});
