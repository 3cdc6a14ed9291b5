/**
 * The Sell screen's cart at a counter's 1024x600 holds about three lines in sight. Before, a longer cart
 * gave no sign of the lines out of sight and a line just added could sit below the edge. Now the line just
 * added is scrolled into sight, a strip over the list's bottom edge says "N more lines above / below" and
 * follows the scrolling, and the list is a named region that takes the focus and scrolls by keyboard.
 * Real host, real Chromium. Screenshots: test-results/counter-cart-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, screenshot } from '../helpers/browser.js';
import { cueNumbers, onScreen, outOfSight } from '../helpers/out-of-sight.js';
import { DRINKS, openDrinksTill, type OwnerTill } from '../helpers/owner-till.js';

describe.runIf(e2eAvailable())("e2e: the cart's lines out of sight are said (1024x600)", () => {
  let till: OwnerTill | undefined;
  let page: Page;

  beforeAll(async () => {
    till = await openDrinksTill();
    ({ page } = till);
  }, 60_000);
  afterAll(() => till?.close());

  const CART = '.cart-lines-region';
  async function sixLines(): Promise<void> {
    await page.reload();
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('tab', { name: 'Drinks' }).tap();
    for (const name of DRINKS) await page.getByRole('button', { name: new RegExp(`^Add ${name}`) }).tap();
    await expect.poll(() => page.locator(`${CART} li`).count()).toBe(6);
  }

  it('the cart says how many lines are out of sight, shows the newest, and scrolls by keyboard', async () => {
    await sixLines();
    const region = page.getByRole('region', { name: 'Items in the cart' });
    expect(await region.getAttribute('tabindex')).toBe('0');
    await screenshot(page, 'counter-cart-6-lines-1024x600');
    // The newest line (Lemonade) is in sight; the earlier ones out of sight are said, above.
    const newest = page.locator(`${CART} li`).last();
    await expect.poll(() => outOfSight(page, CART, 'li')).toMatchObject({ below: 0 });
    const atEnd = await outOfSight(page, CART, 'li');
    expect(await newest.textContent()).toContain('Lemonade');
    expect(atEnd.above).toBeGreaterThan(0);
    await expect.poll(() => cueNumbers(page, CART)).toEqual([atEnd.above]);
    await page.locator(`${CART} .more-cue`).getByText(`${atEnd.above} more lines above`).waitFor();
    // By keyboard: the region takes the focus and scrolls; the cue follows.
    await region.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => outOfSight(page, CART, 'li')).toMatchObject({ above: 0 });
    const atTop = await outOfSight(page, CART, 'li');
    expect(atTop.below).toBeGreaterThan(0);
    await expect.poll(() => cueNumbers(page, CART)).toEqual([atTop.below]);
    await page.locator(`${CART} .more-cue`).getByText(`more line`).waitFor();
    await screenshot(page, 'counter-cart-scrolled-top-1024x600');
    expect(await onScreen(page, page.getByRole('button', { name: 'Pay', exact: true }))).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
  });
});
