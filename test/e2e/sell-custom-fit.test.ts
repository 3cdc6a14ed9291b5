/**
 * Sell's custom amount at a counter's 1024x600: the keypad and "Add to cart" are on screen without scrolling, in
 * English and in German (a shop with no catalogue opens Sell on it). Before, "Add to cart" sat below the
 * fold (its bottom at 611 px). Screenshots go to test-results/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, screenshot } from '../helpers/browser.js';
import { openOwnerTill, type OwnerTill } from '../helpers/owner-till.js';
import type { PosHttp } from '../helpers/pos-http.js';

describe.runIf(e2eAvailable())('e2e: Sell custom amount fits 1024x600', () => {
  let till: OwnerTill | undefined;
  let page: Page;
  let pos: PosHttp;

  beforeAll(async () => {
    till = await openOwnerTill({ width: 1024, height: 600 });
    ({ page, pos } = till);
  }, 60_000);
  afterAll(() => till?.close());

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
