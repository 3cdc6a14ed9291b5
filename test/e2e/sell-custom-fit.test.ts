/**
 * Sell's custom amount at a counter's 1024x600: the keypad and "Add to cart" are on screen without scrolling, in
 * English and in German (a shop with no catalogue opens Sell on it). Before, "Add to cart" sat below the
 * fold (its bottom at 611 px). Screenshots go to test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, tabWithSession, type PosHttp } from '../helpers/pos-http.js';

describe.runIf(e2eAvailable())('e2e: Sell custom amount fits 1024x600', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  let pos: PosHttp;

  beforeAll(async () => {
    host = await startHost();
    pos = await posOverHttp(host);
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321' });
    browser = await launchBrowser();
    page = await tabWithSession(browser, host.url, pos, { width: 1024, height: 600 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  for (const [language, sell, add] of [
    ['en', 'Sell', 'Add to cart'],
    ['de', 'Verkaufen', 'In den Warenkorb'],
  ] as const) {
    it(`"${add}" is on screen under the keypad (${language})`, async () => {
      await pos.call('settings.save', { language });
      await page.reload();
      await page.getByRole('button', { name: sell, exact: true }).click();
      const button = page.getByRole('button', { name: add });
      await button.waitFor();
      for (const key of ['4', '5']) await page.getByRole('button', { name: key, exact: true }).tap();
      await screenshot(page, `sell-custom-amount-${language}-1024x600`);
      const box = await button.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(600);
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await button.tap();
      await page
        .getByRole('complementary', { name: /./ })
        .getByText(/45[.,]00/)
        .first()
        .waitFor();
    });
  }
});
