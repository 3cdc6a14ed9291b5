/**
 * The Sell screen's Pay step at a counter's 1024x600 with an error line in the tender panel: a too-high
 * "Other tip" (99999) or a wrong "Cash received" (-3). Before, the error line pushed Charge below the
 * screen (the page grew to 649 px and 615 px); now the error is said next to its field and Charge stays
 * on screen without scrolling. Screenshots go to test-results/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, screenshot } from '../helpers/browser.js';
import { openOwnerTill, type OwnerTill } from '../helpers/owner-till.js';

const CATALOGUE = ['name,price,category,tax_rate,sku,barcode,colour', 'Coffee,3.50,Drinks,10,,,#8b5a2b'].join('\r\n');

describe.runIf(e2eAvailable())('e2e: the Pay step with an error fits 1024x600', () => {
  let till: OwnerTill | undefined;
  let page: Page;

  beforeAll(async () => {
    till = await openOwnerTill({ width: 1024, height: 600 }, async (pos) => {
      await pos.call('sales.saveSettings', { tipsEnabled: true, tipPresets: ['10', '15'] });
      await pos.call('items.import', { csv: CATALOGUE });
    });
    page = till.page;
    await page.locator('.signed-in', { hasText: 'Owner' }).waitFor();
  }, 60_000);
  afterAll(() => till?.close());

  for (const [name, label, typed, words] of [
    ['other-tip-99999', 'Other tip', '99999', /Other tip|too high|more than/i],
    ['cash-minus-3', 'Cash received', '-3', /Cash received/],
  ] as const) {
    it(`${label} ${typed}: the error is said by its field and Charge is on screen`, async () => {
      await page.reload();
      await page.getByRole('button', { name: 'Sell', exact: true }).click();
      await page.getByRole('tab', { name: 'Drinks' }).tap();
      await page.getByRole('button', { name: /^Add Coffee/ }).tap();
      await page.getByRole('button', { name: /^Add Coffee/ }).tap();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      const choose = page.getByRole('button', { name: 'Choose for them' });
      const noTip = page.getByRole('button', { name: 'No tip' });
      await choose.or(noTip).first().waitFor();
      if (await choose.isVisible()) await choose.click();
      await noTip.waitFor();
      await page.getByRole('button', { name: /^USDT/ }).first().waitFor();
      const field = page.getByLabel(label, { exact: true });
      await field.fill(typed);
      const error = page.locator('.tender-panel .error').filter({ hasText: words });
      await error.waitFor();
      await screenshot(page, `pay-error-${name}-1024x600`);
      const charge = page.locator('.tender-panel .charge-button');
      const chargeBox = (await charge.boundingBox())!;
      const errorBox = (await error.boundingBox())!;
      const fieldBox = (await field.boundingBox())!;
      const at = { scrollHeight: await page.evaluate<number>('document.documentElement.scrollHeight') };
      expect(at.scrollHeight).toBeLessThanOrEqual(600);
      expect(chargeBox.y).toBeGreaterThanOrEqual(0);
      expect(chargeBox.y + chargeBox.height).toBeLessThanOrEqual(600);
      expect(chargeBox.height).toBeGreaterThanOrEqual(40);
      expect(errorBox.y + errorBox.height).toBeLessThanOrEqual(chargeBox.y);
      expect(errorBox.height).toBeGreaterThan(10);
      // Next to its field: the error line starts within 80 px under the field.
      expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThanOrEqual(80);
      expect(errorBox.y).toBeGreaterThanOrEqual(fieldBox.y);
      // The assets to pay with are still seen whole, not cut by their scrolling region.
      const region = (await page.locator('.tender-crypto').boundingBox())!;
      const chip = (await page.getByRole('button', { name: /^USDT/ }).first().boundingBox())!;
      expect(chip.y + chip.height).toBeLessThanOrEqual(region.y + region.height);
      // ... nor by the strip over its edge that says how many are out of sight (MoreCue).
      const strip = page.locator('.tender-crypto .more-cue');
      if ((await strip.count()) > 0)
        expect(chip.y + chip.height).toBeLessThanOrEqual((await strip.boundingBox())!.y + 1);
    });
  }
});
