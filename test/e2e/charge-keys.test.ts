/**
 * Enter charges after the cashier used the navigation (README, "Charging"): the Charge tab tapped again
 * while on Charge keeps the focus on the tab, and so does More closed with Escape; an amount typed then
 * moves the focus to the amount, so the Enter that follows charges instead of pressing the tab again
 * (which started over with an empty amount) or opening More. Real host, real chromium, 1024x600.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { setUpDemoShop } from '../helpers/first-run.js';
import { startHost, type HostProcess } from '../helpers/host.js';

describe.runIf(e2eAvailable())('e2e: Enter charges after the navigation was used', () => {
  let host: HostProcess;
  let browser: Browser;
  let till: Page;

  beforeAll(async () => {
    host = await startHost();
    browser = await launchBrowser();
    till = await browser.newPage({ viewport: { width: 1024, height: 600 }, hasTouch: true });
    till.setDefaultTimeout(8000);
    await setUpDemoShop(till, host.url);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  async function chargedAfterEnter(amount: string): Promise<void> {
    // "Pay with" lists its assets once the gateway answered; until then nothing can be charged, and an
    // Enter pressed on a loaded machine before that does nothing (CI saw it: no QR within 8 s).
    await till.locator('.asset.selected').waitFor();
    await till.keyboard.type(amount);
    await till.keyboard.press('Enter');
    await till.getByRole('img', { name: /Payment QR code/ }).waitFor();
    expect(await till.getByText(`${amount} USD`).count()).toBeGreaterThan(0);
  }

  it('after tapping the Charge tab again', async () => {
    await till.getByRole('heading', { name: 'Charge' }).waitFor({ state: 'attached' });
    await till.getByRole('button', { name: 'Charge', exact: true }).first().tap();
    expect(await till.evaluate(() => !!(globalThis as any).document.activeElement?.closest('nav'))).toBe(true);
    await chargedAfterEnter('1.10');
    await screenshot(till, 'charge-keys-after-tab');
    await till.getByRole('button', { name: 'Cancel payment' }).click();
    await till.getByRole('button', { name: 'Yes, cancel' }).click();
    await till.getByRole('heading', { name: 'Payment cancelled' }).waitFor({ timeout: 5000 });
  });

  it('after More was opened and closed with Escape', async () => {
    await till.getByRole('button', { name: 'New sale' }).click();
    // Narrow enough that some items go under More (in English at 1024 px, and even 560 px, everything fits).
    await till.setViewportSize({ width: 420, height: 600 });
    const more = till.getByRole('button', { name: 'More' });
    await more.waitFor();
    await more.press('Enter');
    await till.keyboard.press('Escape');
    expect(await till.evaluate(() => (globalThis as any).document.activeElement?.textContent ?? '')).toContain('More');
    await chargedAfterEnter('2.50');
    await screenshot(till, 'charge-keys-after-more');
  });
});
