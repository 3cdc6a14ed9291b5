/**
 * The customer display in a second page beside the cashier's: it follows the sale live (total, then
 * the QR with network, shop and wallet in words, the countdown, confirmations, still due, then the
 * thank-you), carries no cashier controls and no PosApi token. Screenshots at 1920x1080 and 1024x600.
 */
import { createServer } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { setUpDemoShop } from '../helpers/first-run.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { readQrFrom, v1 } from '../helpers/qr.js';

const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';

describe.runIf(e2eAvailable())('e2e: the customer display', () => {
  let host: HostProcess;
  let browser: Browser;
  let till: Page;
  let display: Page;

  beforeAll(async () => {
    // With a payer listener: receipt links point at it, where a payer's phone can open them.
    host = await startHost({ args: ['--payer-host', '127.0.0.2'] });
    browser = await launchBrowser();
    till = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    // The display is a page of its own (a second window or a tablet's browser): no shared storage with the till.
    display = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    till.setDefaultTimeout(8000);
    await setUpDemoShop(till, host.url);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  async function charge(amount: string, assetName: RegExp, onChain: boolean): Promise<void> {
    await till.getByRole('heading', { name: 'Charge' }).waitFor({ state: 'attached' });
    await till.locator('body').click({ position: { x: 5, y: 5 } });
    await till.keyboard.type(amount);
    // The amount as typed is on the screen before anything is picked (a lost key shows here, not as a grey Charge).
    await till
      .getByLabel('Amount', { exact: true })
      .filter({ hasText: `${amount} USD` })
      .waitFor();
    await till.getByRole('button', { name: assetName }).click();
    await till.getByLabel(onChain ? 'On chain' : 'Wallet').check();
    await till.getByRole('button', { name: 'Charge', exact: true }).last().click();
    await till.getByRole('img', { name: /Payment QR code/ }).waitFor();
  }

  it('waits with a welcome, carries no token and no controls; its feed needs its own token', async () => {
    const html = await (await fetch(`${host.url}/display/`)).text();
    const tillHtml = await (await fetch(`${host.url}/`)).text();
    const tillToken = /name="paydesk-token" content="([^"]+)"/.exec(tillHtml)?.[1];
    expect(tillToken).toBeTruthy();
    expect(html).not.toContain(tillToken);
    expect((await fetch(`${host.url}/display/events`)).status).toBe(401);
    expect((await fetch(`${host.url}/display/events?token=${tillToken}`)).status).toBe(401);
    await display.goto(`${host.url}/display`);
    await display.getByRole('heading', { name: 'Welcome to Corner Café (demo shop)' }).waitFor({ timeout: 10_000 });
    await screenshot(display, 'display-welcome-1920');
    expect(await axeProblems(display)).toEqual([]);
  });

  it('a sale: total, QR with network, shop and wallet in words, countdown; paid live to the thank-you', async () => {
    await charge('12.50', /^USDT Ethereum \(ERC-20\)$/, false);
    await display.getByText('Pay 12.5 USDT on Ethereum (ERC-20) to Corner Café (demo shop)').waitFor({ timeout: 5000 });
    await display.getByText('Scan with the Mixin Messenger app (the code opens a mixin:// link)').waitFor();
    await display.getByText('12.50 USD').waitFor();
    await display.getByRole('status').filter({ hasText: 'Waiting for your payment' }).waitFor();
    expect(await display.getByRole('button').count()).toBe(0);
    const qr = display.getByRole('img', { name: /Payment QR code/ });
    const box = await qr.boundingBox();
    // As large as the screen allows: most of the 1080 px height.
    expect(box!.height).toBeGreaterThan(800);
    const uri = await readQrFrom(qr);
    expect(uri).toBe(await readQrFrom(till.getByRole('img', { name: /Payment QR code/ })));
    await screenshot(display, 'display-pay-1920');
    expect(await axeProblems(display)).toEqual([]);
    // Dark when the system says so; contrast holds (axe) and the QR still reads.
    await display.emulateMedia({ colorScheme: 'dark' });
    expect(
      await display.evaluate(
        () => (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor,
      ),
    ).toBe('rgb(17, 17, 17)');
    expect(await readQrFrom(qr)).toBe(uri);
    await screenshot(display, 'display-pay-1920-dark');
    expect(await axeProblems(display)).toEqual([]);
    await display.emulateMedia({ colorScheme: 'light' });
    await display.setViewportSize({ width: 1024, height: 600 });
    await display.getByText('Pay 12.5 USDT on Ethereum (ERC-20) to Corner Café (demo shop)').waitFor();
    expect(await readQrFrom(qr)).toBe(uri);
    await screenshot(display, 'display-pay-1024x600');
    expect(await axeProblems(display)).toEqual([]);

    await v1(host.url, '/v1/sandbox/transfers', Object.fromEntries(new URL(uri).searchParams));
    await display.getByRole('heading', { name: 'Payment received. Thank you!' }).waitFor({ timeout: 8000 });
    await v1(host.url, '/v1/sandbox/clock', { advanceSeconds: 10 });
    await display.getByRole('heading', { name: 'Thank you!' }).waitFor({ timeout: 8000 });
    await display.getByText('Paid 12.5 USDT').waitFor();
    await display.getByText('Scan for your receipt').waitFor();
    await screenshot(display, 'display-thanks-1024x600');
    // The receipt QR opens the order's receipt page on the payer listener; an altered link opens nothing.
    const receiptUrl = await readQrFrom(display.getByRole('img', { name: 'Receipt QR code' }));
    expect(receiptUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/receipt\/pd-\d{8}-[0-9a-f]{10}\.[0-9a-f]{32}$/);
    const receipt = await fetch(receiptUrl);
    expect(receipt.status).toBe(200);
    const text = await receipt.text();
    expect(text).toContain('Corner Café (demo shop)');
    expect(text).toContain('12.50 USD');
    expect(text).toContain('12.5 USDT');
    expect(text).not.toContain('<script');
    expect(text).toContain('TEST - no real money moved');
    expect((await fetch(receiptUrl.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).status).toBe(404);
    const receiptPage = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await receiptPage.goto(receiptUrl);
    await screenshot(receiptPage, 'receipt-page-360');
    expect(await axeProblems(receiptPage)).toEqual([]);
    await receiptPage.close();
    expect(await axeProblems(display)).toEqual([]);
    await till.getByRole('button', { name: 'New sale' }).click();
  });

  it('the owner sets a receipt printer in Setup; the Receipt screen prints to it (a virtual printer)', async () => {
    const jobs: Buffer[] = [];
    const printer = createServer((socket) => {
      const parts: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => parts.push(chunk));
      socket.on('end', () => jobs.push(Buffer.concat(parts)));
    });
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    try {
      await till.getByRole('button', { name: 'Setup' }).click();
      await till.getByLabel('Printer address').fill(`127.0.0.1:${(printer.address() as { port: number }).port}`);
      await till.getByRole('button', { name: 'Use this printer' }).click();
      await till.getByText('Printer saved.').waitFor();
      await screenshot(till, 'setup-printer');
      expect(await axeProblems(till)).toEqual([]);
      await till.getByRole('button', { name: 'Recent orders' }).click();
      await till
        .getByRole('row')
        .filter({ hasText: '12.50' })
        .getByRole('button', { name: /^Receipt / })
        .click();
      await till.getByRole('button', { name: 'Print on receipt printer' }).click();
      await till.getByText('Receipt sent to the printer.').waitFor();
      await screenshot(till, 'receipt-printed');
      await expect.poll(() => jobs.length).toBe(1);
      expect(jobs[0]!.toString('latin1')).toContain('12.50 USD');
      expect(jobs[0]!.toString('latin1')).toContain('/receipt/');
    } finally {
      printer.close();
    }
    await till.getByRole('button', { name: 'New sale' }).click();
  });

  it('on chain: confirmations, then an underpayment shows what is still due', async () => {
    await display.setViewportSize({ width: 1920, height: 1080 });
    await charge('30', /^BTC Bitcoin$/, true);
    await display.getByText(/^Pay [\d.]+ BTC on Bitcoin to Corner Café \(demo shop\)$/).waitFor({ timeout: 5000 });
    await display.getByText('Scan with any Bitcoin wallet').waitFor();
    const uri = await readQrFrom(display.getByRole('img', { name: /Payment QR code/ }));
    const [, address, amount] = /^bitcoin:([^?]+)\?amount=([\d.]+)$/.exec(uri)!;
    await v1(host.url, '/v1/sandbox/deposits', { destination: address, tag: '', asset: BTC, amount });
    await display.getByText('Payment seen: 0 of 2 confirmations').waitFor({ timeout: 8000 });
    await screenshot(display, 'display-confirming-1920');
    await v1(host.url, '/v1/sandbox/blocks', { network: 'Bitcoin', count: 2 });
    await display.getByRole('heading', { name: 'Payment received. Thank you!' }).waitFor({ timeout: 8000 });
    await v1(host.url, '/v1/sandbox/clock', { advanceSeconds: 10 });
    await display.getByRole('heading', { name: 'Thank you!' }).waitFor({ timeout: 8000 });
    await till.getByRole('button', { name: 'New sale' }).click();

    await charge('20', /^USDT Ethereum \(ERC-20\)$/, false);
    await display.getByText('Pay 20 USDT on Ethereum (ERC-20) to Corner Café (demo shop)').waitFor({ timeout: 5000 });
    const first = Object.fromEntries(
      new URL(await readQrFrom(display.getByRole('img', { name: /Payment QR/ }))).searchParams,
    );
    await v1(host.url, '/v1/sandbox/transfers', { ...first, amount: '5' });
    await display.getByText('Paid 5 of 20 USDT').waitFor({ timeout: 8000 });
    await display
      .getByText('Pay the remaining 15 USDT on Ethereum (ERC-20) to Corner Café (demo shop)')
      .waitFor({ timeout: 8000 });
    await display.getByText('Still due').waitFor();
    await screenshot(display, 'display-paid-less-1920');
    expect(await axeProblems(display)).toEqual([]);
  });
});
