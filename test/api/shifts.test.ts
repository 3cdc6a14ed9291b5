/**
 * Shifts over the headless host's PosApi (real HTTP, real till.db): a manager opens with a float (a
 * cashier may not), cash in and out need a reason, sales belong to the open shift, and the close
 * counts the drawer: expected vs counted, the difference, and a numbered Z report with the shift's
 * sales by tender, cashier, tips, discounts and taxes, the same when asked for again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDT } from '../helpers/gateway.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

let host: HostProcess;
let pos: PosHttp;
let ids: { cashier: string; manager: string };
const PINS = { owner: '2468', cashier: '1111', manager: '2222' };
const line = (unitPrice: string) => ({ name: 'Custom amount', unitPrice, quantity: 1, taxRate: '0' });

beforeAll(async () => {
  host = await startHost();
  pos = await posOverHttp(host);
  ids = await staffedTill(pos, PINS);
  await pos.call('sales.saveSettings', { shopAddress: '1 Market St', taxId: 'VAT-9' });
}, 60_000);
afterAll(() => host.stop());

describe('shifts', () => {
  it('a manager opens with a float; a cashier may not; only one shift is open', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    expect(await pos.call('shift.current')).toBeNull();
    expect((await pos.send('shift.open', { float: '100' })).status).toBe(403);
    expect((await pos.send('shift.cashMove', { kind: 'in', amount: '1', reason: 'x' })).error?.code).toBe('no_shift');
    await pos.signIn(ids.manager, PINS.manager);
    const shift = await pos.call('shift.open', { float: '100.00' });
    expect(shift).toMatchObject({ float: '100', openedBy: 'Max Manager', moves: [] });
    expect((await pos.send('shift.open', { float: '1' })).error?.code).toBe('conflict');
  });

  it('records cash in and out with a reason, and sales in the shift; the close shows the difference', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    expect((await pos.send('shift.cashMove', { kind: 'out', amount: '5.5', reason: '' })).error?.field).toBe('reason');
    await pos.call('shift.cashMove', { kind: 'in', amount: '20', reason: 'coins from the bank' });
    const moved = await pos.call('shift.cashMove', { kind: 'out', amount: '5.50', reason: 'window cleaner' });
    expect(moved.moves.map((m: any) => [m.kind, m.amount, m.reason, m.byName])).toEqual([
      ['in', '20', 'coins from the bank', 'Cora Cashier'],
      ['out', '5.5', 'window cleaner', 'Cora Cashier'],
    ]);
    await pos.call('sale.checkout', { cart: { lines: [line('10')] }, cash: { amount: '10', tendered: '20' } });
    // cash 2 in the drawer, the crypto rest still open: the cash counts as in the drawer
    await pos.call('sale.checkout', {
      cart: { lines: [line('5')] },
      cash: { amount: '2', tendered: '2' },
      crypto: { paymentAssetId: USDT, isChain: false },
    });
    await pos.call('sale.checkout', { cart: { lines: [line('4')] }, card: { amount: '4', reference: 'C-7' } });
    expect((await pos.send('shift.close', { counted: '126' })).status).toBe(403);

    await pos.signIn(ids.manager, PINS.manager);
    const report = await pos.call('shift.close', { counted: '126.00' });
    // expected = 100 float + 12 cash sales + 20 in - 5.5 out = 126.5
    expect(report).toMatchObject({
      number: 1,
      float: '100',
      cashSales: '12',
      cashIn: '20',
      cashOut: '5.5',
      expectedCash: '126.5',
      countedCash: '126',
      difference: '-0.5',
      openedBy: 'Max Manager',
      closedBy: 'Max Manager',
      shopAddress: '1 Market St',
      taxId: 'VAT-9',
    });
    expect(report.sales).toMatchObject({ paid: 2, open: 1, total: '14' });
    expect(report.sales.tenders.map((t: any) => [t.key, t.amount])).toEqual([
      ['cash', '10'],
      ['card', '4'],
    ]);
    expect(report.sales.cashiers.map((c: any) => [c.label, c.count])).toEqual([['Cora Cashier', 2]]);
    expect(await pos.call('shift.report', { number: 1 })).toEqual(report);
    expect(await pos.call('shift.current')).toBeNull();
    expect((await pos.send('shift.close', { counted: '1' })).error?.code).toBe('no_shift');
  });

  it('the next shift gets the next number; its Z report counts Charge-screen payments and refunds', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    await pos.call('shift.open', { float: '50' });
    // A payment rung up on the Charge screen (no cart), paid, then part of it refunded.
    const order = await pos.call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '8.40',
      paymentAssetId: USDT,
      isChain: false,
    });
    await pos.call('sandbox.payInFull', { orderId: order.orderId });
    await pos.call('sandbox.advanceClock', { seconds: 10 });
    await pos.call('order.get', { orderId: order.orderId });
    await pos.call('refund.create', {
      orderId: order.orderId,
      amount: '2',
      destination: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      reason: 'one coffee too many',
    });
    const report = await pos.call('shift.close', { counted: '50' });
    expect(report.number).toBe(2);
    expect(report.sales.paid).toBe(0); // no cart sale in this shift
    expect(report.chargeOrders.count).toBe(1);
    expect(report.chargeOrders.perQuote).toEqual([{ key: 'usd', label: 'USD', count: 1, amount: '8.4' }]);
    expect(report.chargeOrders.perAsset).toEqual([{ key: USDT, label: 'USDT', count: 1, amount: '8.4' }]);
    expect(report.refunds).toMatchObject({ count: 1, flagged: 0 });
    expect(report.refunds.perAsset).toEqual([{ key: USDT, label: 'USDT', count: 1, amount: '2' }]);
    expect((await pos.send('shift.report', { number: 9 })).error?.code).toBe('not_found');
    await pos.signIn('owner', PINS.owner);
    const actions = (await pos.call('audit.list', {})).entries.map((e: any) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['shift.open', 'shift.cash', 'shift.close']));
  });

  it('refuses a cash out above the cash expected in the drawer, naming the field, and writes nothing', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    await pos.call('shift.open', { float: '10' });
    const over = await pos.send('shift.cashMove', { kind: 'out', amount: '20', reason: 'paid the supplier' });
    expect(over.error).toMatchObject({ code: 'invalid_args', field: 'amount' });
    expect(over.error?.message).toMatch(/more than the 10 expected in the drawer/);
    expect((await pos.call('shift.current')).moves).toEqual([]);
  });

  it('closes a shift whose drawer went below zero (a split sale failed after its cash was taken out): the difference is still reported', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const sale = await pos.call('sale.checkout', {
      cart: { lines: [{ name: 'Tea', unitPrice: '8', quantity: 1, taxRate: '0' }] },
      cash: { amount: '5', tendered: '5' },
      crypto: { paymentAssetId: USDT, isChain: false },
    });
    expect((await pos.call('shift.current')).expectedCash).toBe('15');
    await pos.call('shift.cashMove', { kind: 'out', amount: '15', reason: 'paid the supplier' });
    await pos.call('order.abandon', { orderId: sale.orderId });
    expect((await pos.call('shift.current')).expectedCash).toBe('-5');
    const report = await pos.call('shift.close', { counted: '0' });
    expect(report).toMatchObject({ expectedCash: '-5', countedCash: '0', difference: '5' });
  });
});
