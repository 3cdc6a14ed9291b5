/**
 * Selling with a cart over the headless host's PosApi (real HTTP, the embedded sandbox gateway):
 * the main process prices the cart again, a cash-only sale records the change and sends nothing to the
 * gateway, a split sale sends only the crypto part (paid by the sandbox payer, the sale becomes paid),
 * card with its reference, and what does not add up is refused without writing anything.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDT } from '../helpers/gateway.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

let host: HostProcess;
let pos: PosHttp;
let ids: { cashier: string; manager: string };
const PINS = { owner: '2468', cashier: '1111', manager: '2222' };
const coffee = { itemId: 'it-x1', name: 'Coffee', unitPrice: '3.50', quantity: 2, taxRate: '10' };
const cake = { name: 'Custom amount', unitPrice: '4.99', quantity: 1, taxRate: '0' };

beforeAll(async () => {
  host = await startHost();
  pos = await posOverHttp(host);
  ids = await staffedTill(pos, PINS);
  await pos.call('sales.saveSettings', { taxMode: 'added', rounding: 'line', tipsEnabled: true });
  const item = await pos.call('items.save', {
    name: 'Coffee',
    price: '3.50',
    category: 'Drinks',
    taxRate: '10',
    sku: '',
    barcode: '',
    colour: '',
  });
  coffee.itemId = item.itemId;
}, 60_000);
afterAll(() => host.stop());

describe('checkout', () => {
  it('a cash-only sale: lines, tax, tip, change; no order at the gateway', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const ordersBefore = (await pos.call('order.list')).length;
    const cart = {
      lines: [coffee, cake],
      orderDiscount: { kind: 'amount', value: '1' },
      tip: { kind: 'percent', value: '10' },
    };
    // 7.00 + 4.99 = 11.99; 1 off shared 0.58/0.42 -> nets 6.42 + 4.57; tax 10% of 6.42 = 0.64; sale 11.63; tip 1.16
    const sale = await pos.call('sale.checkout', { cart, cash: { amount: '12.79', tendered: '20' } });
    expect(sale.priced).toMatchObject({ subtotal: '11.99', discountTotal: '1', taxTotal: '0.64', saleTotal: '11.63' });
    expect(sale.priced).toMatchObject({ tip: '1.16', total: '12.79' });
    expect(sale.tenders).toEqual([{ kind: 'cash', amount: '12.79', tendered: '20', change: '7.21', reference: '' }]);
    expect(sale).toMatchObject({ status: 'paid', orderId: '', cashierName: 'Cora Cashier', currency: 'usd' });
    expect(sale.priced.lines.map((l: any) => l.name)).toEqual(['Coffee', 'Custom amount']);
    expect((await pos.call('order.list')).length).toBe(ordersBefore);
    expect(await pos.call('sale.get', { saleId: sale.saleId })).toEqual(sale);
  });

  it('a split sale: cash and card recorded, only the rest goes to the gateway, paid by the sandbox payer', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const cart = { lines: [coffee], tip: { kind: 'none' } }; // 7.00 + 0.70 tax = 7.70
    const sale = await pos.call('sale.checkout', {
      cart,
      cash: { amount: '2', tendered: '2' },
      card: { amount: '1.20', reference: 'T-00042' },
      crypto: { paymentAssetId: USDT, isChain: false },
    });
    expect(sale.status).toBe('open');
    expect(sale.tenders.map((t: any) => [t.kind, t.amount, t.reference])).toEqual([
      ['cash', '2', ''],
      ['card', '1.2', 'T-00042'],
      ['crypto', '4.5', sale.orderId],
    ]);
    const order = await pos.call('order.get', { orderId: sale.orderId });
    expect(order).toMatchObject({ quoteAmount: '4.5', quoteAssetId: 'usd' });
    await pos.call('sandbox.payInFull', { orderId: sale.orderId });
    await pos.call('sandbox.advanceClock', { seconds: 10 });
    await expect
      .poll(async () => (await pos.call('sale.get', { orderId: sale.orderId })).status, { timeout: 10_000 })
      .toBe('paid');
  });

  it('refuses what does not add up, and writes nothing', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const cart = { lines: [cake] };
    const over = await pos.send('sale.checkout', { cart, cash: { amount: '5', tendered: '5' } });
    expect(over.error).toMatchObject({ code: 'invalid_args', field: 'cash' });
    const short = await pos.send('sale.checkout', { cart, cash: { amount: '4.99', tendered: '4' } });
    expect(short.error).toMatchObject({ field: 'cash' });
    const unpaid = await pos.send('sale.checkout', { cart, cash: { amount: '1', tendered: '1' } });
    expect(unpaid.error).toMatchObject({ field: 'crypto' });
    expect(unpaid.error?.message).toMatch(/3.99 is still due/);
    const noRef = await pos.send('sale.checkout', { cart, card: { amount: '4.99', reference: '' } });
    expect(noRef.error).toMatchObject({ code: 'invalid_args' });
    await pos.signIn('owner', PINS.owner);
    await pos.call('sales.saveSettings', { tipsEnabled: false });
    await pos.signIn(ids.cashier, PINS.cashier);
    const tip = { lines: [cake], tip: { kind: 'amount', value: '1' } };
    expect(
      (await pos.send('sale.checkout', { cart: tip, cash: { amount: '5.99', tendered: '6' } })).error,
    ).toMatchObject({
      field: 'cart',
    });
  });

  it("a cashier cannot open another cashier's sale; a manager can", async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const sale = await pos.call('sale.checkout', {
      cart: { lines: [cake] },
      card: { amount: '4.99', reference: 'R1' },
    });
    await pos.signIn(ids.cashier, PINS.cashier);
    expect((await pos.send('sale.get', { saleId: sale.saleId })).error).toMatchObject({ code: 'not_found' });
    await pos.signIn(ids.manager, PINS.manager);
    expect((await pos.call('sale.get', { saleId: sale.saleId })).tenders[0].reference).toBe('R1');
  });

  it('the day review sums the paid sales by tender, crypto asset, cashier and tax rate; the CSV has a row per sale', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const day = await pos.call('sales.day', {});
    expect(day).toMatchObject({
      paid: 3,
      open: 0,
      failed: 0,
      total: '25.48',
      tips: '1.16',
      discounts: '1',
      taxes: '1.34',
    });
    expect(day).toMatchObject({ saleTotal: '24.32', cashTendered: '22', changeGiven: '7.21' });
    expect(day.tenders).toEqual([
      { key: 'cash', label: 'cash', count: 2, amount: '14.79' },
      { key: 'card', label: 'card', count: 2, amount: '6.19' },
      { key: 'crypto', label: 'crypto', count: 1, amount: '4.5' },
    ]);
    expect(day.cryptoAssets).toEqual([{ key: USDT, label: 'USDT', count: 1, amount: '4.5' }]);
    expect(day.cashiers.map((c: any) => [c.label, c.count, c.amount, c.tips])).toEqual([
      ['Cora Cashier', 2, '20.49', '1.16'],
      ['Max Manager', 1, '4.99', '0'],
    ]);
    expect(day.taxRates).toEqual([{ rate: '10', base: '13.42', tax: '1.34' }]);
    const csv = await pos.call('sales.export', { from: day.day, to: day.day });
    const rows = parse(csv.csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.cash, r.change, r.card, r.card_reference, r.crypto, r.crypto_asset, r.tip])).toEqual([
      ['12.79', '7.21', '0', '', '0', '', '1.16'],
      ['2', '0', '1.2', 'T-00042', '4.5', 'USDT', '0'],
      ['0', '0', '4.99', 'R1', '0', '', '0'],
    ]);
    expect(rows[0]).toMatchObject({ status: 'paid', lines: '2', discounts: '1', taxes: '0.64', total: '12.79' });
  });

  it("sells a catalogue item at the catalogue's price and tax, whatever the page sends", async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const cheap = { ...coffee, name: 'Espresso?', unitPrice: '0.01', quantity: 5, taxRate: '0' };
    const sale = await pos.call('sale.checkout', {
      cart: { lines: [cheap] },
      card: { amount: '19.25', reference: 'T-1' },
    });
    // 5 x 3.50 = 17.50, tax 10% = 1.75: what the catalogue says
    expect(sale.priced).toMatchObject({ subtotal: '17.5', taxTotal: '1.75', total: '19.25' });
    expect(sale.priced.lines[0]).toMatchObject({ name: 'Coffee', unitPrice: '3.5', taxRate: '10' });
    const gone = { ...coffee, itemId: 'it-deleted0' };
    const refused = await pos.send('sale.checkout', {
      cart: { lines: [gone] },
      card: { amount: '7.7', reference: 'T-2' },
    });
    expect(refused.error).toMatchObject({ code: 'invalid_args', field: 'cart.lines.0' });
  });
});
