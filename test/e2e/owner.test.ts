/**
 * The owner's day in Chromium: sign-in with the PIN, totals and chart, a filter, a payment's timeline and
 * deliveries, approving a payment under review, CSV export (parsed and summed), print summary.
 */
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add } from '../../shared/money.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';

describe.runIf(e2eAvailable())('e2e: the owner closes the day', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  let token = '';

  /** The PosApi over the host's HTTP bridge, as the page uses it. */
  async function pos(command: string, args: unknown = {}): Promise<any> {
    const response = await fetch(`${host.url}/pos/call/${command}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(args),
    });
    const outcome = (await response.json()) as any;
    if (!outcome.ok) throw new Error(`${command}: ${outcome.error.message}`);
    return outcome.result;
  }

  beforeAll(async () => {
    host = await startHost();
    const html = await (await fetch(host.url)).text();
    token = /name="paydesk-token" content="([^"]+)"/.exec(html)![1]!;
    await pos('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321' });
    for (const amount of ['12.50', '7.25', '10000']) {
      const order = await pos('order.create', {
        quoteAssetId: 'usd',
        quoteAmount: amount,
        paymentAssetId: USDT,
        isChain: false,
      });
      await pos('sandbox.payInFull', { orderId: order.orderId });
    }
    await pos('sandbox.advanceClock', { seconds: 10 });
    // The page shares the host's connection: locked here, it opens on the sign-in pad.
    await pos('staff.lock');
    browser = await launchBrowser();
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 1000 } });
    page = await context.newPage();
    // Record print requests instead of opening the system dialog.
    await page.addInitScript(() => {
      (globalThis as any).__printed = 0;
      (globalThis as any).print = () => {
        (globalThis as any).__printed += 1;
      };
    });
    await page.goto(host.url);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('opens with the PIN only', async () => {
    await page.getByRole('button', { name: 'Owner, Owner' }).click();
    for (const digit of '1111') await page.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That PIN is not right.').waitFor();
    await screenshot(page, 'screen-owner-pin');
    await page.keyboard.type('4321');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Day review' }).click();
    await page.getByRole('heading', { name: 'Takings', exact: true }).waitFor();
  });

  it('shows the totals and the hourly chart; filters the list', async () => {
    await expect.poll(() => page.locator('.figures').first().textContent()).toContain('19.75 USD');
    expect(await page.locator('figure.chart canvas').count()).toBe(1);
    expect(await page.getByText('auditing: 1').count()).toBe(1);
    await screenshot(page, 'screen-owner-day');
    await page.getByLabel('Status').selectOption('auditing');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByLabel('Status').selectOption('');
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
  });

  it("opens a payment's timeline and deliveries", async () => {
    await page
      .getByRole('button', { name: /^Details / })
      .last()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Timeline' }).waitFor();
    await expect.poll(() => dialog.locator('.timeline li').count()).toBeGreaterThanOrEqual(3);
    await dialog.getByText(/success · delivered · 1 attempts/).waitFor();
    await screenshot(page, 'screen-owner-detail');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('approves the payment under review with a reason', async () => {
    const queue = page.locator('.review-queue');
    const approve = queue.getByRole('button', { name: /^Approve / });
    expect(await approve.isDisabled()).toBe(true);
    await queue.getByLabel('Reason (required)').fill('Checked ID');
    await screenshot(page, 'screen-owner-review');
    await approve.click();
    await queue.getByText('Nothing to review.').waitFor();
    await expect.poll(() => page.locator('.figures').first().textContent()).toContain('10,019.75 USD');
  });

  it('exports the day as CSV that sums to the totals, and prints the summary', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^paydesk-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows: string[][] = parse(readFileSync((await file.path())!, 'utf8'));
    const header = rows[0]!;
    const records = rows.slice(1).map((r) => Object.fromEntries(header.map((c, i) => [c, r[i]!])));
    expect(records).toHaveLength(3);
    expect(add(...records.filter((r) => r.status === 'success').map((r) => r.quote_amount!))).toBe('10019.75');
    await page.getByRole('button', { name: 'Print summary' }).click();
    expect(await page.evaluate(() => (globalThis as any).__printed as number)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'screen-owner-summary-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('changes the settings in Setup as the signed-in owner; a new PIN needs the current one', async () => {
    await page.getByRole('button', { name: 'Setup' }).click();
    await page.getByRole('heading', { name: 'Set up the shop' }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    await page.getByLabel('New owner PIN (4 to 8 digits; leave empty to keep it)').fill('8642');
    // Save without the current PIN saves nothing: that field is marked, says why and takes the focus.
    await save.click();
    const current = page.getByLabel('Current owner PIN (needed for a new PIN)');
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('To save a new PIN: type the current one (4 to 8 digits).').waitFor();
    expect(await current.evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(true);
    await page.getByLabel('Current owner PIN (needed for a new PIN)').fill('1111');
    await save.click();
    await page.getByRole('alert').getByText('That PIN is not right.').waitFor();
    expect(await page.getByLabel('Current owner PIN (needed for a new PIN)').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'screen-setup-owner-pin');
    expect((await pos('settings.get')).shopName).toBe('Corner Café (demo shop)');
    await page.getByLabel('New owner PIN (4 to 8 digits; leave empty to keep it)').fill('');
    await page.getByLabel('Shop name').fill('Corner Café (evening)');
    await save.click();
    await page.getByRole('heading', { name: 'Charge' }).waitFor();
    expect((await pos('settings.get')).shopName).toBe('Corner Café (evening)');
    // Signed out, the main process refuses, whatever the page does.
    await pos('staff.lock');
    await expect(pos('settings.save', { shopName: 'Cashier shop' })).rejects.toThrow(/sign in with your PIN/);
  });
});
