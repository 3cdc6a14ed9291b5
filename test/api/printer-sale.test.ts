/**
 * The full receipt of a cart sale on the thermal printer (issues 17 and 19), against the loopback virtual
 * printer: the shop's name, address and tax id, the lines with their discounts, the taxes, the tip, every
 * tender with the change, who served, the TEST mark; the receipt page's QR when the sale has a crypto part,
 * and the receipt page shows the same lines. The drawer is kicked only after a sale that took cash and only
 * when the shop turned drawerAfterCash on. At 32, 42 and 48 columns no line is wider than the paper and no
 * amount is cut.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDT } from '../helpers/gateway.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';
import { ESC, GS, has, qrPayload, textLines, virtualPrinter, type VirtualPrinter } from '../helpers/printer.js';

const PINS = { owner: '2468', cashier: '1111', manager: '2222' };
const LONG = 'Large oat milk cappuccino with an extra shot of espresso';
const row = (label: string, value: string, columns: number) =>
  label + ' '.repeat(columns - label.length - value.length) + value;

describe('thermal printing of a cart sale', () => {
  let host: HostProcess;
  let pos: PosHttp;
  let printer: VirtualPrinter;
  let ids: { cashier: string; manager: string };
  let cashSale = '';

  beforeAll(async () => {
    printer = await virtualPrinter();
    host = await startHost({ args: ['--payer-host', '127.0.0.2'] });
    pos = await posOverHttp(host);
    ids = await staffedTill(pos, PINS);
    await pos.call('settings.save', { payeeNetworkId: '7000101', shopName: 'Corner Cafe' });
    await pos.call('sales.saveSettings', {
      taxMode: 'added',
      rounding: 'line',
      tipsEnabled: true,
      shopAddress: '1 Market Street, Springfield',
      taxId: 'VAT-123',
    });
    await pos.call('printer.save', { target: `127.0.0.1:${printer.port}`, columns: 42, drawerAfterCash: true });
    await pos.signIn(ids.cashier, PINS.cashier);
    const sale = await pos.call('sale.checkout', {
      cart: {
        lines: [
          { name: 'Coffee', unitPrice: '3.50', quantity: 2, taxRate: '10', discount: { kind: 'amount', value: '0.5' } },
          { name: LONG, unitPrice: '4.99', quantity: 1, taxRate: '0' },
        ],
        orderDiscount: { kind: 'amount', value: '1' },
        tip: { kind: 'percent', value: '10' },
      },
      cash: { amount: '12.19', tendered: '20' },
    });
    cashSale = sale.saleId;
    expect(sale.priced).toMatchObject({ subtotal: '11.99', total: '12.19', tip: '1.11' });
  }, 60_000);
  afterAll(async () => {
    printer?.server.close();
    await host?.stop();
  });

  const lastJob = async (count: number) => {
    await expect.poll(() => printer.jobs.length).toBe(count);
    return printer.jobs[count - 1]!;
  };

  it('a cash sale by its id: every line of the receipt, then the cut and the drawer kick', async () => {
    const answer = await pos.call('receipt.print', { saleId: cashSale, openDrawer: true });
    expect(answer.drawer).toBe(true);
    const job = await lastJob(1);
    const lines = textLines(job);
    const trimmed = lines.map((l) => l.trim());
    expect(trimmed).toEqual(expect.arrayContaining(['Corner Cafe', '1 Market Street, Springfield', 'Tax id VAT-123']));
    expect(trimmed).toContain('TEST - no real money moved');
    expect(lines).toEqual(
      expect.arrayContaining([
        row('Sale', cashSale, 42),
        row('Served by', 'Cora Cashier', 42),
        row('2 x Coffee', '7.00 USD', 42),
        row('  discount', '-0.50 USD', 42),
        row('Subtotal', '11.99 USD', 42),
        row('Discounts', '-1.50 USD', 42),
        row('Sale total', '11.08 USD', 42),
        row('Tip', '1.11 USD', 42),
        row('TOTAL', '12.19 USD', 42),
        row('Cash', '12.19 USD', 42),
        row('  handed over', '20.00 USD', 42),
        row('CHANGE', '7.81 USD', 42),
      ]),
    );
    // The long item's name wraps; its amount stays whole, right-aligned on its own line.
    expect(trimmed).toContain('4.99 USD');
    expect(lines.some((l) => /^Tax 10% on \d+\.\d\d USD +0\.\d\d USD$/.test(l))).toBe(true);
    expect(qrPayload(job)).toBeUndefined(); // no order, so no receipt page
    const cut = job.lastIndexOf(Buffer.from([GS, 0x56]));
    const kick = job.lastIndexOf(Buffer.from([ESC, 0x70]));
    expect(cut).toBeGreaterThan(0);
    expect(kick).toBeGreaterThan(cut);
    await pos.signIn('owner', PINS.owner);
    expect(JSON.stringify(await pos.call('audit.list', { action: 'drawer.open' }))).toContain(cashSale);
  });

  it('no drawer kick when the shop has drawerAfterCash off, even after cash', async () => {
    await pos.call('printer.save', { target: `127.0.0.1:${printer.port}`, columns: 42, drawerAfterCash: false });
    const answer = await pos.call('receipt.print', { saleId: cashSale, openDrawer: true });
    expect(answer.drawer).toBe(false);
    const job = await lastJob(2);
    expect(has(job, GS, 0x56)).toBe(true);
    expect(has(job, ESC, 0x70)).toBe(false);
    await pos.call('printer.save', { target: `127.0.0.1:${printer.port}`, columns: 42, drawerAfterCash: true });
  });

  it('a split sale by its order: card and crypto tenders, the asset and network, the QR of a receipt page with the same lines', async () => {
    await pos.signIn(ids.cashier, PINS.cashier);
    const sale = await pos.call('sale.checkout', {
      cart: { lines: [{ name: 'Coffee', unitPrice: '3.50', quantity: 2, taxRate: '10' }], tip: { kind: 'none' } },
      cash: { amount: '2', tendered: '2' },
      card: { amount: '1.20', reference: 'T-00042' },
      crypto: { paymentAssetId: USDT, isChain: false },
    });
    const early = await pos.send('receipt.print', { saleId: sale.saleId });
    expect(early.error?.code).toBe('conflict'); // not paid yet
    await pos.call('sandbox.payInFull', { orderId: sale.orderId });
    await pos.call('sandbox.advanceClock', { seconds: 10 });
    await expect.poll(async () => (await pos.call('order.get', { orderId: sale.orderId })).status).toBe('success');
    const answer = await pos.call('receipt.print', { orderId: sale.orderId, openDrawer: true });
    expect(answer.drawer).toBe(true); // the sale took cash
    const job = await lastJob(3);
    const lines = textLines(job);
    expect(lines).toEqual(
      expect.arrayContaining([
        row('2 x Coffee', '7.00 USD', 42),
        row('TOTAL', '7.70 USD', 42),
        row('Cash', '2.00 USD', 42),
        row('Card T-00042', '1.20 USD', 42),
        row('Crypto', '4.50 USD', 42),
        row('Order', sale.orderId, 42),
        row('Paid', '4.5 USDT', 42),
      ]),
    );
    const qr = qrPayload(job);
    expect(qr).toMatch(new RegExp(`^http://127\\.0\\.0\\.2:\\d+/receipt/${sale.orderId}\\.[0-9a-f]{32}$`));
    const page = await (await fetch(qr!)).text();
    for (const text of ['2 x Coffee', 'Card T-00042', 'Tax id VAT-123', '1 Market Street, Springfield', 'TOTAL'])
      expect(page).toContain(text);
    expect(page).toContain('<dd>7.70 USD</dd>');
  });

  it("a cashier cannot print another cashier's cash sale", async () => {
    await pos.signIn(ids.manager, PINS.manager);
    const other = await pos.call('sale.checkout', {
      cart: { lines: [{ name: 'Tea', unitPrice: '2', quantity: 1, taxRate: '0' }] },
      cash: { amount: '2', tendered: '2' },
    });
    await pos.signIn(ids.cashier, PINS.cashier);
    expect((await pos.send('receipt.print', { saleId: other.saleId })).error?.code).toBe('not_found');
    expect((await pos.send('receipt.print', {})).error?.code).toBe('invalid_args');
  });

  it.each([32, 42, 48])('at %i columns no line is wider than the paper and no amount is cut', async (columns) => {
    await pos.signIn('owner', PINS.owner);
    await pos.call('printer.save', { target: `127.0.0.1:${printer.port}`, columns, drawerAfterCash: false });
    const before = printer.jobs.length;
    await pos.call('receipt.print', { saleId: cashSale });
    const lines = textLines(await lastJob(before + 1));
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns);
    for (const amount of ['7.00 USD', '-0.50 USD', '11.99 USD', '12.19 USD', '20.00 USD', '7.81 USD', '4.99 USD'])
      expect(lines.some((l) => l.endsWith(amount))).toBe(true);
    expect(lines).toContain(row('TOTAL', '12.19 USD', columns));
    expect(lines.join('\n')).toContain(cashSale);
  });
});
