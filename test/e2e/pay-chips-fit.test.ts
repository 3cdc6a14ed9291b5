/**
 * Sell's Pay step with ten assets to pay with. At 1024x600 the chips scroll inside their own region; before,
 * the second row was cut at the region's edge with no sign that more were there. Now a strip over the edge
 * says how many chips are out of sight ("7 more below", "▴ 3 more above"), every chip can be brought into
 * sight (as Tab reaches it) with Charge still on screen, and the page itself never scrolls; at 1280x800 all
 * fit and no strip shows. Real host, real Chromium. Screenshots: test-results/counter-pay-step-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, screenshot } from '../helpers/browser.js';
import { cueNumbers, onScreen, outOfSight } from '../helpers/out-of-sight.js';
import { DRINKS, openDrinksTill, type OwnerTill } from '../helpers/owner-till.js';

describe.runIf(e2eAvailable())('e2e: every "Pay with" chip on the Pay step is in sight or said', () => {
  let till: OwnerTill | undefined;
  let page: Page;

  beforeAll(async () => {
    till = await openDrinksTill();
    ({ page } = till);
  }, 60_000);
  afterAll(() => till?.close());

  async function sixLines(): Promise<void> {
    await page.reload();
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('tab', { name: 'Drinks' }).tap();
    for (const name of DRINKS) await page.getByRole('button', { name: new RegExp(`^Add ${name}`) }).tap();
    await expect.poll(() => page.locator('aside.cart li').count()).toBe(6);
  }

  for (const viewport of [
    { width: 1024, height: 600 },
    { width: 1280, height: 800 },
  ]) {
    it(`the Pay step at ${viewport.width}x${viewport.height}: no chip is cut without a sign; each is reachable`, async () => {
      await page.setViewportSize(viewport);
      await sixLines();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      const choose = page.getByRole('button', { name: 'Choose for them' });
      const noTip = page.getByRole('button', { name: 'No tip' });
      await choose.or(noTip).first().waitFor();
      if (await choose.isVisible()) await choose.click();
      await noTip.waitFor();
      const REGION = '.tender-crypto';
      const chips = page.locator(`${REGION} button.asset`);
      await expect.poll(() => chips.count()).toBeGreaterThan(6);
      await screenshot(page, `counter-pay-step-${viewport.width}x${viewport.height}`);
      const charge = page.locator('.tender-panel .charge-button');
      expect(await onScreen(page, charge)).toBe(true);
      const rest = await outOfSight(page, REGION, 'button.asset');
      // What is not wholly in sight is said: "N more below", N the chips out of sight.
      expect(rest.above).toBe(0);
      expect(await cueNumbers(page, REGION)).toEqual(rest.below > 0 ? [rest.below] : []);
      if (viewport.height === 600) expect(rest.below).toBeGreaterThan(0);
      for (let i = 0; i < (await chips.count()); i++) {
        await chips.nth(i).focus(); // as Tab reaches it: the region scrolls it into sight
        const box = (await chips.nth(i).boundingBox())!;
        const area = (await page.locator(REGION).boundingBox())!;
        const strip = page.locator(`${REGION} .more-cue`);
        const cue = (await strip.count()) > 0 ? await strip.boundingBox() : null;
        expect(box.y).toBeGreaterThanOrEqual(area.y - 1);
        expect(box.y + box.height).toBeLessThanOrEqual((cue ? cue.y : area.y + area.height) + 1);
        expect(await onScreen(page, charge)).toBe(true);
        const hidden = await outOfSight(page, REGION, 'button.asset');
        await expect.poll(() => cueNumbers(page, REGION)).toEqual([hidden.above, hidden.below].filter((n) => n > 0));
      }
      await screenshot(page, `counter-pay-step-scrolled-${viewport.width}x${viewport.height}`);
      expect(await page.evaluate<number>('document.documentElement.scrollHeight')).toBeLessThanOrEqual(viewport.height);
    });
  }
});
