/**
 * Per-page staff sessions in Chromium (headless host): the owner signs in on the pad; a reload of the same
 * tab keeps the session (no PIN asked); a second browser context at / (another browser, a customer display
 * typing the till's address) sees the sign-in pad, not the owner's till.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp } from '../helpers/pos-http.js';

describe.runIf(e2eAvailable())('e2e: one staff session per page', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    host = await startHost();
    // Setup over another page (its own token): the owner exists, so every new page starts signed out.
    await (await posOverHttp(host)).call('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1024, height: 600 }, hasTouch: true })).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(host.url);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('the owner signs in; a reload keeps the session without asking the PIN', async () => {
    await page.getByRole('heading', { name: 'Who is at the till?' }).waitFor();
    await page.getByRole('button', { name: /^Owner,/ }).click();
    await page.getByRole('heading', { name: 'PIN for Owner' }).waitFor();
    await page.keyboard.type('4321');
    await page.keyboard.press('Enter');
    await page.locator('.signed-in', { hasText: 'Owner' }).waitFor();
    await page.reload();
    await page.locator('.signed-in', { hasText: 'Owner' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Who is at the till?' }).count()).toBe(0);
    expect(page.url()).not.toMatch(/token/);
    await screenshot(page, 'page-sessions-after-reload');
  });

  it('a second browser at / sees the sign-in pad, not the owner till', async () => {
    const other = await (await browser.newContext({ viewport: { width: 1024, height: 600 } })).newPage();
    await other.goto(host.url);
    await other.getByRole('heading', { name: 'Who is at the till?' }).waitFor({ timeout: 10_000 });
    expect(await other.locator('.signed-in', { hasText: 'Owner' }).count()).toBe(0);
    await screenshot(other, 'page-sessions-second-browser');
    // The first tab is still the owner's.
    await page.reload();
    await page.locator('.signed-in', { hasText: 'Owner' }).waitFor();
  });
});
