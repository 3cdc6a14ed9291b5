/**
 * The selling screens and the customer's side at a busy counter (1024x600, touch), in Chromium against
 * the headless host: the display writes amounts to the currency's minor unit and keeps the tip
 * thank-you; the Pay step fits with its assets scrolling inside; a split sale that ends unpaid says
 * what to give back above the buttons and offers no receipt; the owner's payment detail sits beside the
 * day's list; the payer page without a deadline says nothing alarming. Screenshots go to test-results/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { adoptSession, posOverHttp, type PosHttp } from '../helpers/pos-http.js';
import { v1 } from '../helpers/qr.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
// Whole prices, as a shop types them: the display must still write "2.00 USD".
const CATALOGUE = ['name,price,category,tax_rate', 'Tea,2,Drinks,0', 'Cake,1234.5,Bakery,0'].join('\r\n');

describe.runIf(e2eAvailable())('e2e: a busy counter (polish of the selling screens and the display)', () => {
  let host: HostProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let display: Page;
  let pos: PosHttp;

  beforeAll(async () => {
    host = await startHost({ args: ['--payer-host', '127.0.0.2'] });
    pos = await posOverHttp(host);
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321', shopName: 'Corner Café' });
    await pos.call('sales.saveSettings', { tipsEnabled: true, tipPresets: ['10', '15'] });
    expect((await pos.call('items.import', { csv: CATALOGUE })).created).toBe(2);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1024, height: 600 }, hasTouch: true });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(host.url);
    await adoptSession(page, pos);
    await page.locator('.signed-in', { hasText: 'Owner' }).waitFor();
    const displayContext = await browser.newContext({ viewport: { width: 1024, height: 600 }, hasTouch: true });
    display = await displayContext.newPage();
    display.setDefaultTimeout(10_000);
    await display.goto(`${host.url}/display/`);
    await display.locator('main h1').first().waitFor();
  }, 60_000);
  afterEach(async (test) => {
    if (test.task.result?.state !== 'fail') return;
    await screenshot(page, `polish-failed-${test.task.name.slice(0, 20)}`);
    await screenshot(display, `polish-failed-display-${test.task.name.slice(0, 12)}`);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  const inView = async (locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= 600;
  };

  it('the display writes 2.00 and 1,234.50 USD; the tip thank-you stays after the question closed', async () => {
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('tab', { name: 'Drinks' }).tap();
    await page.getByRole('button', { name: /^Add Tea/ }).tap();
    const shown = display.getByRole('list', { name: 'Your purchase' });
    await expect.poll(() => shown.locator('.line-total').allTextContents()).toEqual(['2.00 USD']);
    await page.getByRole('tab', { name: 'Bakery' }).tap();
    await page.getByRole('button', { name: /^Add Cake/ }).tap();
    await expect.poll(() => shown.locator('.line-total').allTextContents()).toEqual(['2.00 USD', '1,234.50 USD']);
    await display.locator('.cart-row.strong dd').getByText('1,236.50 USD', { exact: true }).waitFor();
    await screenshot(display, 'polish-display-cart-1024x600');

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    // 10 % of 1,236.50 = 123.65
    await display.getByRole('button', { name: '10 % (123.65 USD)' }).tap();
    const thanks = display.getByRole('heading', { name: 'Thank you! The cashier takes it from here.' });
    await thanks.waitFor();
    // The till has taken the answer and the question is closed; the thank-you is still on the display.
    await page.getByText('Tip: 123.65 USD').waitFor();
    expect(await thanks.isVisible()).toBe(true);
    await screenshot(display, 'polish-display-tip-thanks');
    // Then the cart comes back by itself.
    await shown.waitFor({ timeout: 15_000 });
    expect(await axeProblems(display)).toEqual([]);
  });

  it('the Pay step fits 1024x600: the assets scroll in their own region, Charge stays in view', async () => {
    await page.getByLabel('Cash received').fill('1');
    await page.getByText('Rest in crypto: 1,359.15 USD').waitFor();
    const assets = page.locator('.tender-crypto');
    await assets.getByRole('button', { name: /^USDT/ }).first().waitFor();
    const charge = page.getByRole('button', { name: /^Charge .* in crypto$/ });
    await screenshot(page, 'polish-pay-step-1024x600');
    expect(await inView(charge)).toBe(true);
    // At least two rows of assets are in sight before any scrolling.
    expect((await assets.boundingBox())!.height).toBeGreaterThanOrEqual(100);
    // The page itself does not scroll: what does not fit scrolls inside the asset region.
    const scroll = await page.evaluate<number>('document.scrollingElement.scrollHeight - window.innerHeight');
    expect(scroll).toBeLessThanOrEqual(1);
    const last = assets.locator('button.asset').last();
    await last.scrollIntoViewIfNeeded();
    expect(await inView(last)).toBe(true);
    expect(await inView(charge)).toBe(true);
    await screenshot(page, 'polish-pay-step-scrolled-1024x600');
    expect(await axeProblems(page)).toEqual([]);
  });

  it('a split sale that ends unpaid: give back the cash above the buttons, as an alert; no Receipt', async () => {
    await page.locator('.tender-crypto').getByRole('button', { name: /^USDT/ }).first().click();
    await page.getByRole('button', { name: 'Charge 1,359.15 USD in crypto' }).click();
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    // The display during the crypto part: the whole sale, what is paid in cash, to the minor unit.
    await display.getByText('1.00 USD', { exact: true }).waitFor();
    await screenshot(display, 'polish-display-split-1024x600');
    const orderId = (await pos.call('order.list'))[0].orderId;
    await pos.call('order.abandon', { orderId });
    const giveBack = page.getByRole('alert').filter({ hasText: 'Give back 1.00 USD cash' });
    await giveBack.waitFor();
    const newSale = page.getByRole('button', { name: 'New sale' });
    const [notice, button] = [await giveBack.boundingBox(), await newSale.boundingBox()];
    expect(notice!.y + notice!.height).toBeLessThanOrEqual(button!.y);
    expect(await inView(giveBack)).toBe(true);
    expect(await inView(newSale)).toBe(true);
    expect(await page.getByRole('button', { name: 'Receipt', exact: true }).count()).toBe(0);
    await screenshot(page, 'polish-give-back-1024x600');
    expect(await axeProblems(page)).toEqual([]);
    await newSale.click();
  });

  it("the owner's payment detail sits beside the day's list at 1024 px, not over it", async () => {
    await page.getByRole('button', { name: 'Day review' }).click();
    const details = page.getByRole('button', { name: /^Details / });
    await details.first().click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('button', { name: 'Close' }).waitFor();
    const table = await page.locator('section.owner table:has(button:has-text("Details"))').boundingBox();
    const side = await panel.boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(side!.x + 1);
    expect(table!.width).toBeGreaterThan(400);
    await page.locator('section.owner tr.open').waitFor();
    await screenshot(page, 'polish-owner-detail-1024x600');
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('the payer page of a code: the amount to the minor unit, and its deadline in words', async () => {
    const code = await v1(host.url, '/v1/one_time_payment', {
      payeeId: SHOP,
      quoteAssetId: 'usd',
      quoteAmount: '12.5',
    });
    const payer = await (await browser.newContext({ viewport: { width: 360, height: 760 } })).newPage();
    await payer.goto(code.info.checkoutUrl);
    await payer.getByText('12.50 USD', { exact: true }).waitFor();
    // A code always has one (24 h by default): said as a time, never "No deadline".
    await payer.getByText('Pay by').waitFor();
    expect(await payer.getByText('No deadline').count()).toBe(0);
    await screenshot(payer, 'polish-payer-amount');
    await payer.context().close();
  });
});
