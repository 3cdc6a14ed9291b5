import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';

describe.runIf(e2eAvailable())('e2e: the app shell in Chromium against the headless host', () => {
  let host: HostProcess;
  let browser: Browser;
  beforeAll(async () => {
    host = await startHost();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('loads the renderer, reaches the main process over the PosApi bridge and shows TEST MODE', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(host.url);
    await page.getByText('TEST MODE').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { name: 'Paydesk' }).isVisible()).toBe(true);
    await screenshot(page, 'shell');
    expect(errors).toEqual([]);
  });
});
