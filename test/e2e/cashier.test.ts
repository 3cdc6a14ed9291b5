/**
 * The cashier's whole flow in Chromium against the headless host: first-run setup with payee
 * lookup, charge 12.50 USD in USDT, decode the QR from a screenshot, pay through the sandbox API,
 * success on screen, receipt; then on chain through confirming; then an underpayment topped up;
 * then a restart with the orders still there. Screenshots of every screen go to test-results/.
 */
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';

// jsQR is CommonJS (`module.exports = jsQR`): load it as Node does.
const jsQR = createRequire(import.meta.url)('jsqr') as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';

async function api(base: string, path: string, body?: Record<string, unknown>): Promise<any> {
  const response = await fetch(
    `${base}${path}`,
    body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : undefined,
  );
  const answer = (await response.json()) as any;
  if (!answer.success) throw new Error(`${path}: ${answer.message}`);
  return answer.data;
}

/** Reads the QR on screen the way a payer's phone would: from pixels. */
async function readQr(page: Page): Promise<string> {
  const shot = await page.getByRole('img', { name: /Payment QR code/ }).screenshot();
  const png = PNG.sync.read(shot);
  const code = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  if (!code) throw new Error('no QR code found in the screenshot');
  return code.data;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

describe.runIf(e2eAvailable())('e2e: the cashier flow', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  const chargeToQr: number[] = [];
  const recordedToShown: number[] = [];
  const orderIds: string[] = [];

  beforeAll(async () => {
    host = await startHost();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(host.url);
  }, 60_000);
  afterAll(async () => {
    console.log(
      `e2e timings: Charge pressed -> QR visible median ${median(chargeToQr).toFixed(0)} ms (${chargeToQr.map((v) => v.toFixed(0)).join(', ')}); gateway recorded success -> screen shows it median ${median(recordedToShown).toFixed(0)} ms (${recordedToShown.map((v) => v.toFixed(0)).join(', ')})`,
    );
    await browser?.close();
    await host?.stop();
  });

  async function charge(amount: string, assetName: RegExp, onChain: boolean): Promise<void> {
    await page.getByRole('heading', { name: 'Charge' }).waitFor({ state: 'attached' });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.type(amount);
    await expect
      .poll(() => page.getByLabel('Amount', { exact: true }).textContent())
      .toContain(amount.replace(/0+$/, '').replace(/\.$/, ''));
    await page.getByRole('button', { name: assetName }).click();
    await page.getByLabel(onChain ? 'On chain' : 'Wallet').check();
    if (chargeToQr.length === 0) await screenshot(page, 'screen-charge');
    await page.getByRole('button', { name: 'Charge', exact: true }).last().click();
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    const timing = await page.evaluate(
      () => (globalThis as any).__paydeskTimings as { chargePressedAt?: number; qrShownAt?: number } | undefined,
    );
    chargeToQr.push((timing?.qrShownAt ?? NaN) - (timing?.chargePressedAt ?? NaN));
  }

  async function expectSuccessShownAfter(recordedAt: number): Promise<void> {
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 5000 });
    const shownAt = await page.evaluate(
      () => ((globalThis as any).__paydeskTimings?.successShownAt as number | undefined) ?? NaN,
    );
    recordedToShown.push(shownAt - recordedAt);
  }

  it('first run: setup with payee lookup', async () => {
    await page.getByRole('heading', { name: 'Set up the shop' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'screen-setup');
    await page.getByLabel('Shop network id').fill('99999');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('99999 is not a user of this gateway.').waitFor();
    await page.getByLabel('Shop network id').fill('7000101');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('Found: Corner Café (demo shop)').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Charge', exact: true }).last().waitFor();
  });

  it('charges 12.50 USD in USDT: the QR carries the payment; paid through the sandbox, success shows; the receipt renders', async () => {
    await charge('12.50', /^USDT Ethereum \(ERC-20\)$/, false);
    await screenshot(page, 'screen-payment-wallet');
    const uri = new URL(await readQr(page));
    expect(uri.protocol).toBe('mixin:');
    const params = Object.fromEntries(uri.searchParams);
    expect(params).toMatchObject({ asset: USDT, amount: '12.5' });
    expect(params.trace).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(params.memo!, 'base64').toString()).toMatch(/^payment\|[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Waiting for payment' }).count()).toBe(1);

    await api(host.url, '/v1/sandbox/transfers', {
      recipient: params.recipient,
      asset: params.asset,
      amount: params.amount,
      trace: params.trace,
      memo: params.memo,
    });
    await page.getByText('Paid. Settling…').waitFor({ timeout: 5000 });
    await screenshot(page, 'screen-payment-pending');
    await api(host.url, '/v1/sandbox/clock', { advanceSeconds: 10 });
    await expectSuccessShownAfter(Date.now());
    await screenshot(page, 'screen-success');

    await page.getByRole('button', { name: 'Receipt' }).click();
    await page.getByRole('heading', { name: 'Receipt' }).waitFor();
    const receipt = await page.locator('.receipt-paper').textContent();
    expect(receipt).toContain('Corner Café (demo shop)');
    expect(receipt).toContain('12.50 USD');
    expect(receipt).toContain('12.5 USDT');
    expect(receipt).toMatch(/pd-\d{8}-[0-9a-f]{10}/);
    orderIds.push(/pd-\d{8}-[0-9a-f]{10}/.exec(receipt ?? '')![0]);
    await screenshot(page, 'screen-receipt');
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  it('on chain: BIP21 QR, confirming n of m, then success', async () => {
    await charge('30', /^BTC Bitcoin$/, true);
    const uri = await readQr(page);
    const match = /^bitcoin:([^?]+)\?amount=([\d.]+)$/.exec(uri);
    expect(match, uri).not.toBeNull();
    await page.getByText(match![1]!).waitFor();
    await api(host.url, '/v1/sandbox/deposits', { destination: match![1], tag: '', asset: BTC, amount: match![2] });
    await page.getByText('Confirming: 0 of 2 confirmations').waitFor({ timeout: 5000 });
    await screenshot(page, 'screen-payment-confirming');
    await api(host.url, '/v1/sandbox/blocks', { network: 'Bitcoin', count: 1 });
    await page.getByText('Confirming: 1 of 2 confirmations').waitFor({ timeout: 5000 });
    await api(host.url, '/v1/sandbox/blocks', { network: 'Bitcoin', count: 1 });
    await page.getByText('Paid. Settling…').waitFor({ timeout: 5000 });
    await api(host.url, '/v1/sandbox/clock', { advanceSeconds: 10 });
    await expectSuccessShownAfter(Date.now());
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  it('an underpayment shows what is still due with a top-up QR; paying it completes the order', async () => {
    await charge('20', /^USDT Ethereum \(ERC-20\)$/, false);
    const first = Object.fromEntries(new URL(await readQr(page)).searchParams);
    await api(host.url, '/v1/sandbox/transfers', { ...first, amount: '5' });
    await page.getByText('Paid 5 of 20 USDT: 15 still due').waitFor({ timeout: 5000 });
    await page
      .getByText('Pay the remaining 15 USDT on Ethereum (ERC-20) to Corner Café (demo shop)')
      .waitFor({ timeout: 5000 });
    await screenshot(page, 'screen-payment-paid-less');
    const topUp = Object.fromEntries(new URL(await readQr(page)).searchParams);
    expect(topUp.amount).toBe('15');
    expect(topUp.trace).not.toBe(first.trace);
    await api(host.url, '/v1/sandbox/transfers', topUp);
    await page.getByText('Paid. Settling…').waitFor({ timeout: 5000 });
    await api(host.url, '/v1/sandbox/clock', { advanceSeconds: 10 });
    await expectSuccessShownAfter(Date.now());
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  it('the sandbox panel trains staff without the API: pay in full from the till', async () => {
    await charge('3', /^USDT Ethereum \(ERC-20\)$/, false);
    await page.getByRole('heading', { name: 'TEST MODE: simulate the payer' }).waitFor();
    await screenshot(page, 'screen-sandbox-panel');
    await page.getByRole('button', { name: 'Pay in full' }).click();
    await page.getByText('Paid. Settling…').waitFor({ timeout: 5000 });
    await page.getByRole('button', { name: 'Advance clock 1 minute' }).click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 5000 });
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  it('cancels with confirmation and says why it failed in words', async () => {
    await charge('2', /^USDT Ethereum \(ERC-20\)$/, false);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('dialog').getByText('Cancel this payment?').waitFor();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor({ timeout: 5000 });
    await page.getByText('The payment was cancelled.').waitFor();
    await screenshot(page, 'screen-failed');
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  it('after a restart the orders are still there with their final status', async () => {
    await page.getByRole('button', { name: 'Recent orders' }).click();
    await page.getByRole('heading', { name: "Today's orders" }).waitFor();
    await screenshot(page, 'screen-orders');
    expect(await host.stop()).toBe(0);
    host = await startHost({ dataDir: host.dataDir });
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Recent orders' }).click();
    await page.getByRole('heading', { name: "Today's orders" }).waitFor();
    const rows = page.getByRole('row');
    await expect.poll(() => rows.count()).toBe(6); // header + 5 orders
    const text = await page.locator('table').textContent();
    expect(text).toContain(orderIds[0]);
    // Statuses read as words (renderer/app/text-status.ts), never the raw codes.
    expect((text?.match(/Paid(?! less)/g) ?? []).length).toBe(4);
    expect((text?.match(/Failed/g) ?? []).length).toBe(1);
    expect(text).not.toMatch(/success/);
  });

  it('from the navigation, typed amount and Enter charge (the Charge button does not keep the focus)', async () => {
    await page.getByRole('button', { name: 'Recent orders' }).click();
    await page.getByRole('heading', { name: "Today's orders" }).waitFor();
    await page.getByRole('navigation').getByRole('button', { name: 'Charge' }).click();
    await page.getByRole('heading', { name: 'Charge' }).waitFor({ state: 'attached' });
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor({ timeout: 5000 });
    await page.getByRole('button', { name: 'New sale' }).click();
  });
});
