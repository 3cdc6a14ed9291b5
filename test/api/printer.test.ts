/**
 * Thermal printers against a loopback virtual printer: a TCP server in the test (port 9100's protocol:
 * raw bytes) captures what the till sends, and the test reads the ESC/POS commands back: initialise,
 * the receipt's text lines, the QR's payload (the receipt page's link), the cut, and the drawer kick
 * when asked. A device file target gets the same bytes. The host runs as the README says.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, tempDataDir, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';
import { ESC, GS, has, qrPayload, virtualPrinter } from '../helpers/printer.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
describe('thermal printers (ESC/POS)', () => {
  let host: HostProcess;
  let pos: PosHttp;
  let printer: Awaited<ReturnType<typeof virtualPrinter>>;
  let orderId = '';

  beforeAll(async () => {
    printer = await virtualPrinter();
    host = await startHost({ args: ['--payer-host', '127.0.0.2'] });
    pos = await posOverHttp(host);
    await staffedTill(pos);
    const order = await pos.call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '12.50',
      paymentAssetId: USDT,
      isChain: false,
    });
    orderId = order.orderId;
    await pos.call('sandbox.payInFull', { orderId });
    await pos.call('sandbox.advanceClock', { seconds: 10 });
    for (let i = 0; i < 80 && (await pos.call('order.get', { orderId })).status !== 'success'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }, 60_000);
  afterAll(async () => {
    printer?.server.close();
    await host?.stop();
  });

  it('the order is paid', async () => {
    expect((await pos.call('order.get', { orderId })).status).toBe('success');
  });

  it('refuses to print before a printer is set up, and refuses a target that is not an address or a device', async () => {
    expect((await pos.send('receipt.print', { orderId })).error?.code).toBe('not_configured');
    const bad = await pos.send('printer.save', { target: 'http://x/; rm -rf /', columns: 42, drawerAfterCash: false });
    expect(bad.error?.code).toBe('invalid_args');
    const climbing = await pos.send('printer.save', {
      target: '/dev/../etc/passwd',
      columns: 42,
      drawerAfterCash: false,
    });
    expect(climbing.error?.code).toBe('invalid_args');
  });

  it('prints the receipt to a network printer: text lines, the QR of the receipt page, a cut; no drawer kick', async () => {
    const saved = await pos.call('printer.save', {
      target: `127.0.0.1:${printer.port}`,
      columns: 42,
      drawerAfterCash: true,
    });
    expect(saved).toEqual({ target: `127.0.0.1:${printer.port}`, columns: 42, drawerAfterCash: true });
    expect(await pos.call('printer.get')).toEqual(saved);
    const answer = await pos.call('receipt.print', { orderId });
    await expect.poll(() => printer.jobs.length).toBe(1);
    const job = printer.jobs[0]!;
    expect(answer.bytes).toBe(job.length);
    expect(job.subarray(0, 2)).toEqual(Buffer.from([ESC, 0x40])); // initialise
    const text = job.toString('latin1');
    expect(text).toContain('Corner Caf'); // the é goes out in the printer's code page
    expect(text).toContain('12.50 USD');
    expect(text).toContain('12.5 USDT');
    expect(text).toContain(orderId);
    expect(text).toContain('Scan for your receipt');
    expect(text).toContain('TEST - no real money moved'); // a sandbox receipt says so
    const qr = qrPayload(job);
    expect(qr).toMatch(new RegExp(`^http://127\\.0\\.0\\.2:\\d+/receipt/${orderId}\\.[0-9a-f]{32}$`));
    expect(has(job, GS, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30)).toBe(true); // print the stored QR
    expect(has(job, GS, 0x56)).toBe(true); // cut
    expect(has(job, ESC, 0x70)).toBe(false); // no drawer kick unless asked
    // The printed QR opens the receipt page.
    expect((await fetch(qr!)).status).toBe(200);
  });

  it('a payment that took no cash never kicks the drawer, even when asked (the cash sale is in printer-sale.test.ts)', async () => {
    const answer = await pos.call('receipt.print', { orderId, openDrawer: true });
    await expect.poll(() => printer.jobs.length).toBe(2);
    expect(answer.drawer).toBe(false);
    const job = printer.jobs[1]!;
    expect(has(job, GS, 0x56)).toBe(true);
    expect(has(job, ESC, 0x70)).toBe(false);
    const audit = await pos.call('audit.list', { action: 'drawer.open' });
    expect(JSON.stringify(audit)).not.toContain(orderId);
  });

  it('prints to a device file, and says so in words when a network printer cannot be reached', async () => {
    const device = join(tempDataDir('pd-lp-'), 'lp0');
    writeFileSync(device, '');
    await pos.call('printer.save', { target: device, columns: 32, drawerAfterCash: false });
    await pos.call('printer.test');
    await pos.call('receipt.print', { orderId });
    const bytes = readFileSync(device);
    expect(bytes.toString('latin1')).toContain('Paydesk printer test');
    expect(bytes.toString('latin1')).toContain(orderId);
    expect(qrPayload(bytes.subarray(bytes.indexOf('Paydesk printer test')))).toContain(`/receipt/${orderId}.`);

    printer.server.close();
    await pos.call('printer.save', { target: `127.0.0.1:${printer.port}`, columns: 42, drawerAfterCash: false });
    const refused = await pos.send('receipt.print', { orderId });
    expect(refused.error?.code).toBe('unavailable');
    expect(refused.error?.message).toContain(`127.0.0.1:${printer.port}`);
  });

  it('prints only paid orders', async () => {
    const open = await pos.call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '2',
      paymentAssetId: USDT,
      isChain: false,
    });
    expect((await pos.send('receipt.print', { orderId: open.orderId })).error?.code).toBe('conflict');
  });
});
