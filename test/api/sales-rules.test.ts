/**
 * The selling rules a fresh-eye tester asked for, over real HTTP (the core in-process, a real SQLite
 * file, the embedded sandbox gateway): a split sale whose crypto part ends unpaid is recorded as failed
 * and its cash is not in the drawer's expected cash; a discount above the shop's limit needs a manager's
 * PIN when staff accounts exist, and every discount is in the audit log; cash moves and counts are
 * checked; amounts with more decimals than the currency's minor unit are refused naming the field.
 */
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../electron/compose.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { USDT } from '../helpers/gateway.js';
import { repoRoot, tempDataDir } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

let core: Core;
let pos: PosHttp;
let ids: { cashier: string; manager: string };
const PINS = { owner: '2468', cashier: '1111', manager: '2222' };
const tea = { name: 'Tea', unitPrice: '10.00', quantity: 1, taxRate: '0' };

beforeAll(async () => {
  core = await startCore({
    dataDir: tempDataDir('pd-sales-rules-'),
    shell: 'host',
    port: 0,
    logger: silentLogger,
    httpBridge: true,
    rendererDir: join(repoRoot, 'dist', 'renderer'),
  });
  pos = await posOverHttp(core);
  ids = await staffedTill(pos, PINS);
  await pos.call('sales.saveSettings', { tipsEnabled: true });
  await pos.signIn(ids.manager, PINS.manager);
  await pos.call('shift.open', { float: '50' });
}, 30_000);
afterAll(async () => {
  await core?.close();
});

describe('a split sale whose crypto part ends unpaid', () => {
  it('is recorded as failed, not paid; its cash is not expected in the drawer', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const sale = await pos.call('sale.checkout', {
      cart: { lines: [tea] },
      cash: { amount: '5', tendered: '5' },
      crypto: { paymentAssetId: USDT, isChain: false },
    });
    expect(sale.status).toBe('open');
    await pos.call('order.abandon', { orderId: sale.orderId });
    const after = await pos.call('sale.get', { orderId: sale.orderId });
    expect(after.status).toBe('failed');
    // What to give back is on the sale: the cash part already taken.
    expect(after.tenders.find((t: any) => t.kind === 'cash')).toMatchObject({ amount: '5', tendered: '5' });
    await pos.signIn(ids.manager, PINS.manager);
    const day = await pos.call('sales.day', {});
    expect(day).toMatchObject({ paid: 0, failed: 1, total: '0' });
    expect(day.tenders.every((row: any) => row.amount === '0' || row.key !== 'cash')).toBe(true);
  });
});

describe('discounts', () => {
  const over = { lines: [{ ...tea, discount: { kind: 'percent', value: '25' } }] };

  it('above the limit: refused without a manager, approved with a manager’s PIN, never with a cashier’s', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const cash = { amount: '7.5', tendered: '10' };
    const refused = await pos.send('sale.checkout', { cart: over, cash });
    expect(refused.error).toMatchObject({ code: 'approval_required', field: 'approval' });
    expect(refused.error?.message).toMatch(/25 % is above the shop's limit of 10 %/);
    const wrong = await pos.send('sale.checkout', {
      cart: over,
      cash,
      approval: { accountId: ids.manager, pin: '9999' },
    });
    expect(wrong.error).toMatchObject({ code: 'wrong_pin', field: 'approval.pin' });
    const byCashier = await pos.send('sale.checkout', {
      cart: over,
      cash,
      approval: { accountId: ids.cashier, pin: PINS.cashier },
    });
    expect(byCashier.error).toMatchObject({ code: 'forbidden', field: 'approval.accountId' });
    const sale = await pos.call('sale.checkout', {
      cart: over,
      cash,
      approval: { accountId: ids.manager, pin: PINS.manager },
    });
    expect(sale.priced.discountTotal).toBe('2.5');
    await pos.signIn('owner', PINS.owner);
    const audit = await pos.call('audit.list', { action: 'sale.discount' });
    const entry = audit.entries.find((e: any) => e.subject === sale.saleId);
    expect(entry).toBeTruthy();
    expect(JSON.stringify(entry)).toContain('Max Manager');
    expect(JSON.stringify(entry)).toContain('Cora Cashier');
  });

  it('above the limit by a signed-in manager: no PIN asked, audited as approved by themself', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const sale = await pos.call('sale.checkout', { cart: over, cash: { amount: '7.5', tendered: '7.5' } });
    expect(sale.status).toBe('paid');
    await pos.signIn('owner', PINS.owner);
    const entry = (await pos.call('audit.list', { action: 'sale.discount' })).entries.find(
      (e: any) => e.subject === sale.saleId,
    );
    expect(entry.actorName).toBe('Max Manager');
    expect(JSON.parse(entry.detail)).toMatchObject({ percent: '25', approvedBy: 'Max Manager' });
    // The owner too; a cashier still is asked (the test before).
    const byOwner = await pos.call('sale.checkout', { cart: over, cash: { amount: '7.5', tendered: '7.5' } });
    expect(byOwner.status).toBe('paid');
  });

  it('within the limit needs nothing; every discount, line and order, is in the audit log', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const cart = {
      lines: [{ ...tea, discount: { kind: 'amount', value: '1' } }],
      orderDiscount: { kind: 'percent', value: '5' },
    };
    // 10 - 1 = 9; 5 % of 9 = 0.45; 8.55
    const sale = await pos.call('sale.checkout', { cart, cash: { amount: '8.55', tendered: '10' } });
    await pos.signIn('owner', PINS.owner);
    const audit = await pos.call('audit.list', { action: 'sale.discount' });
    const mine = audit.entries.filter((e: any) => e.subject === sale.saleId);
    expect(mine).toHaveLength(2);
    const details = mine.map((e: any) => JSON.parse(e.detail)).sort((a: any, b: any) => a.scope.localeCompare(b.scope));
    expect(details[0]).toMatchObject({ scope: 'line', line: 'Tea', kind: 'amount', value: '1', amount: '1' });
    expect(details[1]).toMatchObject({ scope: 'order', kind: 'percent', value: '5', amount: '0.45', approvedBy: '' });
    expect(mine[0].actorName).toBe('Cora Cashier');
  });

  it('the limit is the shop’s setting', async () => {
    await pos.signIn('owner', PINS.owner);
    await pos.call('sales.saveSettings', { discountLimit: '30' });
    await pos.signIn(ids.cashier, PINS.cashier);
    const sale = await pos.call('sale.checkout', { cart: over, cash: { amount: '7.5', tendered: '7.5' } });
    expect(sale.status).toBe('paid');
    await pos.signIn('owner', PINS.owner);
    expect((await pos.send('sales.saveSettings', { discountLimit: '101' })).error?.field).toBe('discountLimit');
    await pos.call('sales.saveSettings', { discountLimit: '10' });
  });
});

describe('cash moves and the count', () => {
  it('the open shift says the cash expected in the drawer; a cash out above it is refused and writes nothing', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const shift = await pos.call('shift.current');
    const expected = shift.expectedCash;
    expect(Number(expected)).toBeGreaterThan(50);
    const over = await pos.send('shift.cashMove', { kind: 'out', amount: '1000', reason: 'bank' });
    expect(over.error).toMatchObject({ code: 'invalid_args', field: 'amount' });
    expect(over.error?.message).toContain(`expected in the drawer`);
    const noReason = await pos.send('shift.cashMove', { kind: 'out', amount: '1', reason: '  ' });
    expect(noReason.error).toMatchObject({ field: 'reason' });
    const moved = await pos.call('shift.cashMove', { kind: 'out', amount: expected, reason: 'to the bank' });
    expect(moved.expectedCash).toBe('0');
    expect((await pos.call('shift.current')).moves).toHaveLength(1);
  });
});

describe('amounts are refused naming the field, and nothing changes', () => {
  it('more decimals than the minor unit, negative or empty', async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const before = (await pos.call('shift.current')).moves.length;
    for (const amount of ['1.999', '-1', '', '0', 'abc']) {
      const moved = await pos.send('shift.cashMove', { kind: 'in', amount, reason: 'change' });
      expect(moved.error, amount).toMatchObject({ code: 'invalid_args', field: 'amount' });
    }
    expect((await pos.call('shift.current')).moves).toHaveLength(before);
    expect((await pos.send('shift.close', { counted: '12.345' })).error).toMatchObject({ field: 'counted' });
    expect(await pos.call('shift.current')).not.toBeNull();

    const item = { name: 'Scone', price: '1.005', category: '', taxRate: '0', sku: '', barcode: '', colour: '' };
    expect((await pos.send('items.save', item)).error).toMatchObject({ code: 'invalid_args', field: 'price' });
    expect((await pos.send('items.save', { ...item, price: '' })).error).toMatchObject({ field: 'price' });
    expect((await pos.send('items.save', { ...item, price: '-2' })).error).toMatchObject({ field: 'price' });
    const imported = await pos.call('items.import', { csv: 'name,price\r\nScone,1.005\r\n' });
    expect(imported).toMatchObject({ created: 0, problems: [{ line: 2, field: 'price' }] });
    expect(await pos.call('items.list')).toEqual([]);

    const cart = { lines: [tea] };
    const tooPrecise = await pos.send('sale.checkout', { cart, cash: { amount: '10', tendered: '10.001' } });
    expect(tooPrecise.error).toMatchObject({ field: 'cash.tendered' });
    const custom = await pos.send('sale.checkout', {
      cart: { lines: [{ ...tea, unitPrice: '9.999' }] },
      cash: { amount: '9.999', tendered: '10' },
    });
    expect(custom.error).toMatchObject({ field: 'cart.lines.0.unitPrice' });
  });

  it('a tip above the sale (1000 on 10.00) is refused; up to 100 % goes through', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const salesBefore = (await pos.call('shift.current')).expectedCash;
    const huge = await pos.send('sale.checkout', {
      cart: { lines: [tea], tip: { kind: 'amount', value: '1000' } },
      cash: { amount: '1010', tendered: '1010' },
    });
    expect(huge.error).toMatchObject({ code: 'invalid_args', field: 'cart.tip' });
    expect((await pos.call('shift.current')).expectedCash).toBe(salesBefore);
    const whole = await pos.call('sale.checkout', {
      cart: { lines: [tea], tip: { kind: 'amount', value: '10' } },
      cash: { amount: '20', tendered: '20' },
    });
    expect(whole.priced).toMatchObject({ tip: '10', total: '20' });
  });
});

describe('the orders CSV', () => {
  it('has the tender, tip, discount and tax columns of the sale an order belongs to', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const sale = await pos.call('sale.checkout', {
      cart: {
        lines: [{ ...tea, taxRate: '10', discount: { kind: 'amount', value: '1' } }],
        tip: { kind: 'amount', value: '0.50' },
      },
      cash: { amount: '3', tendered: '5' },
      crypto: { paymentAssetId: USDT, isChain: false },
    });
    await pos.signIn('owner', PINS.owner);
    await pos.call('order.create', { quoteAssetId: 'usd', quoteAmount: '4', paymentAssetId: USDT, isChain: false });
    const { csv } = await pos.call('owner.export', { from: '2020-01-01', to: '2099-12-31' });
    const [header, ...rows] = parse(csv) as string[][];
    expect(header!.slice(-5)).toEqual(['sale_id', 'tenders', 'tip', 'discount', 'tax']);
    const row = rows.find((r) => r[0] === sale.orderId)!;
    expect(row.slice(-5)).toEqual([sale.saleId, 'cash 3 (tendered 5, change 2); crypto 7.4', '0.5', '1', '0.9']);
    // The whole-book export's orders.csv fills them the same way (one function for both).
    const book = await pos.call('backup.exportBook', {});
    const files = unzipSync(new Uint8Array(Buffer.from(book.zipBase64, 'base64')));
    const [bookHeader, ...bookRows] = parse(strFromU8(files['orders.csv']!)) as string[][];
    expect(bookHeader).toEqual(header);
    expect(bookRows.find((r) => r[0] === sale.orderId)!.slice(-5)).toEqual(row.slice(-5));
    // A Charge-screen payment (no sale) says so alike in both.
    const plain = rows.find((r) => r[header!.indexOf('sale_id')] === '')!;
    expect(bookRows.find((r) => r[0] === plain[0])!.slice(-5)).toEqual(plain.slice(-5));
  });
});
