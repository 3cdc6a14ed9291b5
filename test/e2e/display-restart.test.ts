/**
 * The customer display when the till dies mid-sale (README, "Customer display"): an on-chain sale is on
 * the display, the till's process is killed with SIGKILL and started again on the same data directory;
 * the display page, opened again, shows the same sale: the amount, the network in words and the very
 * same QR payload, not a welcome and not a bare address. Real host process, real chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { setUpDemoShop } from '../helpers/first-run.js';
import { startHost, tempDataDir, type HostProcess } from '../helpers/host.js';
import { readQrFrom } from '../helpers/qr.js';

describe.runIf(e2eAvailable())('e2e: the customer display after the till is killed mid-sale', () => {
  const dataDir = tempDataDir('pd-display-kill-');
  let host: HostProcess;
  let browser: Browser;
  let till: Page;

  beforeAll(async () => {
    host = await startHost({ dataDir });
    browser = await launchBrowser();
    till = await browser.newPage({ viewport: { width: 1024, height: 600 } });
    till.setDefaultTimeout(8000);
    await setUpDemoShop(till, host.url);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('shows the same on-chain QR, amount and network after kill -9 and a restart', async () => {
    await till.locator('body').click({ position: { x: 5, y: 5 } });
    await till.keyboard.type('30');
    await till.getByLabel('Amount', { exact: true }).filter({ hasText: '30 USD' }).waitFor();
    await till.getByRole('button', { name: /^BTC Bitcoin$/ }).click();
    await till.getByLabel('On chain').check();
    await till.getByRole('button', { name: 'Charge', exact: true }).last().click();
    await till.getByRole('img', { name: /Payment QR code/ }).waitFor();

    const openDisplay = async (): Promise<Page> => {
      const page = await (await browser.newContext({ viewport: { width: 1024, height: 600 } })).newPage();
      await page.goto(`${host.url}/display`);
      await page.getByRole('img', { name: /Payment QR code/ }).waitFor({ timeout: 10_000 });
      return page;
    };
    const before = await openDisplay();
    const words = (await before.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(words).toContain('30.00 USD');
    expect(words).toContain('Bitcoin');
    const payload = await readQrFrom(before.getByRole('img', { name: /Payment QR code/ }));
    expect(payload).toMatch(/^bitcoin:/);
    await before.context().close();

    expect(await host.stop('SIGKILL')).toBeNull();
    host = await startHost({ dataDir });

    const after = await openDisplay();
    const wordsAfter = (await after.locator('main').innerText()).replace(/\s+/g, ' ');
    // The same sale in the same words (the countdown aside), and the same payload to scan.
    const withoutCountdown = (text: string) => text.replace(/\d+:\d\d/g, '');
    expect(withoutCountdown(wordsAfter)).toBe(withoutCountdown(words));
    expect(await readQrFrom(after.getByRole('img', { name: /Payment QR code/ }))).toBe(payload);
    await screenshot(after, 'display-after-kill-1024x600');
    expect(await axeProblems(after)).toEqual([]);
    await after.context().close();
  });
});
