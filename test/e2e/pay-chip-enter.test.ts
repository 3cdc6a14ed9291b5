/**
 * "Pay with" at a busy counter: before, a chip tapped or clicked kept the focus, so the cashier's next Enter
 * (meant as Charge) pressed the chip again and charged nothing. Now a tapped chip lets go of the focus: on
 * Charge, Enter charges with it (useChargeKeys: Enter charges from the page); on Sell's Pay step the focus
 * goes to Charge, so Enter charges. A chip reached with the keyboard is still pressed by Enter or Space and
 * charges nothing. Real host, real Chromium at 1024x600. Screenshots: test-results/counter-*-tapped-chip.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, screenshot } from '../helpers/browser.js';
import { openDrinksTill, type OwnerTill } from '../helpers/owner-till.js';
import type { PosHttp } from '../helpers/pos-http.js';

describe.runIf(e2eAvailable())('e2e: a tapped "Pay with" chip lets Enter charge', () => {
  let till: OwnerTill | undefined;
  let page: Page;
  let pos: PosHttp;

  beforeAll(async () => {
    till = await openDrinksTill();
    ({ page, pos } = till);
  }, 60_000);
  afterAll(() => till?.close());

  it('Charge: a tapped chip lets go of the focus, so Enter charges with it', async () => {
    await page.setViewportSize({ width: 1024, height: 600 });
    await page.reload();
    await page.getByRole('button', { name: 'Charge', exact: true }).first().click();
    await page.locator('.asset.selected').waitFor();
    await page.keyboard.type('2.40');
    await page.locator('fieldset.assets[aria-busy="false"] .asset.selected').waitFor();
    const before = (await pos.call('order.list')).length;
    // A keyboard user: a chip reached with the keyboard is pressed by Enter and by Space, and charges nothing.
    const usdt = page.locator('fieldset.assets .asset', { hasText: 'USDT' }).first();
    await usdt.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => usdt.getAttribute('aria-pressed')).toBe('true');
    const ltc = page.locator('fieldset.assets .asset', { hasText: 'LTC' });
    await ltc.focus();
    await page.keyboard.press(' ');
    await expect.poll(() => ltc.getAttribute('aria-pressed')).toBe('true');
    expect((await pos.call('order.list')).length).toBe(before);
    // A tap on ETH, then Enter: charged with ETH.
    const eth = page.locator('fieldset.assets .asset', { hasText: 'ETH' }).first();
    await eth.tap();
    await expect.poll(() => eth.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    const orders = await pos.call('order.list');
    expect(orders.length).toBe(before + 1);
    expect(Number(orders[0].quoteAmount)).toBe(2.4);
    expect(
      await page
        .locator('main')
        .getByText(/\bETH\b/)
        .count(),
    ).toBeGreaterThan(0);
    await screenshot(page, 'counter-charge-after-tapped-chip');
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
  });

  it("Sell's Pay step: a tapped chip hands the focus to Charge, so Enter charges with it", async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('tab', { name: 'Drinks' }).tap();
    await page.getByRole('button', { name: /^Add Coffee/ }).tap();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const choose = page.getByRole('button', { name: 'Choose for them' });
    const noTip = page.getByRole('button', { name: 'No tip' });
    await choose.or(noTip).first().waitFor();
    if (await choose.isVisible()) await choose.click();
    await noTip.tap();
    const before = (await pos.call('order.list')).length;
    const eth = page.locator('.tender-crypto .asset', { hasText: 'ETH' }).first();
    await eth.tap();
    await expect.poll(() => eth.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    expect((await pos.call('order.list')).length).toBe(before + 1);
    await screenshot(page, 'counter-sell-after-tapped-chip');
  });
});
