/**
 * Selling with a cart in Chromium against the headless host, at a counter's 1024x600 (and 1280x800):
 * a cart built from the grid and by a typed barcode, an order discount, a tip, split into cash and
 * USDT through the sandbox gateway, and the receipt with its lines, taxes, tip and tenders; then a
 * cash-only sale with the change due in large type; a shift closed with a miscount and its Z report.
 * Screenshots go to test-results/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { adoptSession, posOverHttp, type PosHttp } from '../helpers/pos-http.js';

const CATALOGUE = [
  'name,price,category,tax_rate,sku,barcode,colour',
  'Coffee,3.50,Drinks,10,,,#8b5a2b',
  'Tea,2.00,Drinks,0,,,#2e7d32',
  'Croissant,2.40,Bakery,10,,4006381333931,#c77d0a',
].join('\r\n');

describe.runIf(e2eAvailable())('e2e: selling with a cart', () => {
  let host: HostProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pos: PosHttp;

  beforeAll(async () => {
    host = await startHost();
    pos = await posOverHttp(host);
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321', shopName: 'Corner Café' });
    await pos.call('sales.saveSettings', {
      tipsEnabled: true,
      tipPresets: ['10', '15'],
      shopAddress: '1 Market Street, Springfield',
      taxId: 'VAT-123',
    });
    expect((await pos.call('items.import', { csv: CATALOGUE })).created).toBe(3);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1024, height: 600 }, hasTouch: true });
    page = await context.newPage();
    await page.goto(host.url);
    await adoptSession(page, pos);
    await page.locator('.signed-in', { hasText: 'Owner' }).waitFor();
  }, 60_000);
  // What the screen showed when a step failed, to look at.
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') await screenshot(page, `cart-failed-${test.task.name.slice(0, 20)}`);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  const cart = () => page.getByRole('complementary', { name: 'Cart' });
  /** The cashier taps "No tip" (a display still watching from a step before is answered for). */
  const noTipHere = async () => {
    const choose = page.getByRole('button', { name: 'Choose for them' });
    const noTip = page.getByRole('button', { name: 'No tip' });
    await choose.or(noTip).first().waitFor();
    if (await choose.isVisible()) await choose.click();
    await noTip.click();
  };

  it('grid + typed barcode, order discount, tip, split cash + USDT through the sandbox, receipt', async () => {
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('tab', { name: 'Drinks' }).tap();
    await page.getByRole('button', { name: /^Add Coffee/ }).tap();
    await page.getByRole('button', { name: /^Add Coffee/ }).tap();
    const scan = page.getByLabel('Scan or type a barcode, then Enter');
    await scan.fill('4006381333931');
    await scan.press('Enter');
    await expect.poll(() => cart().getByRole('listitem').count()).toBe(2);
    await expect.poll(() => cart().getByLabel('Quantity', { exact: true }).first().textContent()).toBe('2');
    const orderDiscount = cart().getByRole('group', { name: 'Discount on the whole order' });
    await orderDiscount.getByLabel('Discount', { exact: true }).fill('10');
    await orderDiscount.getByRole('button', { name: 'Apply' }).click();
    // 7.00 + 2.40 = 9.40; 10% off 0.94; tax 10% per line 0.63 + 0.22; sale 9.31
    await cart().getByText('9.31 USD').waitFor();
    await screenshot(page, 'cart-1024x600');
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'cart-1280x800');
    await page.setViewportSize({ width: 1024, height: 600 });

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('button', { name: '10%' }).click();
    // tip 10% of 9.31 = 0.93; total 10.24
    await cart().getByText('10.24 USD').waitFor();
    await page.getByLabel('Cash received').fill('5');
    await page.getByText('Rest in crypto: 5.24 USD').waitFor();
    await page.getByRole('button', { name: /^USDT/ }).first().click();
    await screenshot(page, 'cart-tenders-split');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Charge 5.24 USD in crypto' }).click();
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    const orders = await pos.call('order.list');
    const orderId = orders[0].orderId;
    expect(orders[0]).toMatchObject({ quoteAmount: '5.24', status: 'unpaid' });
    await pos.call('sandbox.payInFull', { orderId });
    await pos.call('sandbox.advanceClock', { seconds: 10 });
    await page.getByRole('button', { name: 'Receipt', exact: true }).click();
    const receipt = page.locator('article.receipt-paper');
    await receipt.getByText('TEST — not a receipt').waitFor();
    await receipt.getByText('2 × Coffee').waitFor();
    await receipt.getByText('1 × Croissant').waitFor();
    await receipt.getByText('Tax 10% on 8.46 USD').waitFor();
    await receipt.getByText('Cash 5.00 USD (handed over 5.00 USD)').waitFor();
    await receipt.getByText(`Crypto 5.24 USD, order ${orderId} (paid)`).waitFor();
    await receipt.getByText('VAT-123', { exact: false }).waitFor();
    expect(await receipt.getByText('1 Market Street, Springfield').count()).toBe(1);
    await screenshot(page, 'cart-receipt-split');
  });

  it('a cash-only sale shows the change due, large, and the receipt keeps it', async () => {
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('tab', { name: 'Drinks' }).tap();
    await page.getByRole('button', { name: /^Add Tea/ }).tap();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByLabel('Cash received').fill('20');
    const change = page.locator('.change-due');
    await expect.poll(() => change.textContent()).toBe('Change due 18.00 USD');
    const size = await page.evaluate(
      "parseFloat(getComputedStyle(document.querySelector('.change-due strong')).fontSize)",
    );
    expect(size).toBeGreaterThanOrEqual(32);
    await screenshot(page, 'cart-cash-change');
    const day = await pos.call('sales.day', {});
    // A busy counter taps twice: one sale all the same.
    await page.getByRole('button', { name: 'Complete sale' }).dblclick();
    const receipt = page.locator('article.receipt-paper');
    await receipt.getByText('Cash 2.00 USD (handed over 20.00 USD)').waitFor();
    await receipt.getByText('change 18.00 USD', { exact: false }).waitFor();
    await screenshot(page, 'cart-receipt-cash');
    expect((await pos.call('sales.day', {})).paid).toBe(day.paid + 1);
  });

  it('a shift: float, cash out, a cash sale, closed with a miscount; the Z report shows the difference', async () => {
    await page.getByRole('button', { name: 'Shift', exact: true }).click();
    await page.getByText('No shift is open.').waitFor();
    await page.getByLabel('Cash float').fill('50');
    await page.getByRole('button', { name: 'Open shift' }).click();
    const shiftText = () => page.locator('section.shift').innerText();
    await expect.poll(shiftText).toMatch(/Open since .* opened by Owner with a float of 50\./);
    await page.getByRole('combobox', { name: /^In or out/ }).selectOption('out');
    await page.getByLabel('Amount', { exact: true }).fill('5');
    await page.getByLabel('Reason').fill('window cleaner');
    await page.getByRole('button', { name: 'Record' }).click();
    await expect.poll(shiftText).toContain('Out 5.00: window cleaner (Owner)');
    await screenshot(page, 'shift-open');

    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('tab', { name: 'Drinks' }).tap();
    await page.getByRole('button', { name: /^Add Tea/ }).tap();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByLabel('Cash received').fill('10');
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await page.locator('article.receipt-paper').getByText('change 8.00 USD', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Shift', exact: true }).click();
    // expected: 50 float - 5 out + 2 cash sale = 47; counted 46.50
    await page.getByLabel('Counted cash in the drawer').fill('46.50');
    await page.getByRole('button', { name: 'Close shift' }).click();
    // Final only once confirmed, with the difference said.
    const confirm = page.getByRole('alertdialog', { name: 'Close shift with a difference of −0.50 USD?' });
    await confirm.waitFor();
    await screenshot(page, 'shift-close-confirm');
    await confirm.getByRole('button', { name: 'Close shift' }).click();
    const z = page.locator('article.z-report');
    await z.getByRole('heading', { name: 'Z report No. 1' }).waitFor();
    await z.getByText('short by 0.50 USD').waitFor();
    expect(await z.locator('dd').allTextContents()).toEqual(
      expect.arrayContaining(['50.00 USD', '2.00 USD', '−5.00 USD', '47.00 USD', '46.50 USD']),
    );
    await z.getByText('1 Market Street, Springfield').waitFor();
    await screenshot(page, 'shift-z-report-1024x600');
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'shift-z-report-1280x800');
    await page.setViewportSize({ width: 1024, height: 600 });
    expect(await pos.call('shift.report', { number: 1 })).toMatchObject({ difference: '-0.5', expectedCash: '47' });
  });

  it('a manager edits the catalogue from Sell: a new item shows on the grid and scans', async () => {
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('button', { name: 'Edit catalogue' }).click();
    const form = page.getByRole('form', { name: 'New item' });
    await form.getByLabel('Name').fill('Muffin');
    await form.getByLabel('Price').fill('2.80');
    await form.getByLabel('Category').fill('Bakery');
    await form.getByLabel('Tax %').fill('10');
    await form.getByLabel('Barcode').fill('5012345678900');
    await form.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('list', { name: 'Items' }).getByText('Muffin').waitFor();
    await screenshot(page, 'catalogue-1024x600');
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    const scan = page.getByLabel('Scan or type a barcode, then Enter');
    await scan.fill('5012345678900');
    await scan.press('Enter');
    await cart().getByText('Muffin').waitFor();
    await page.getByRole('tab', { name: 'Bakery' }).tap();
    await page.getByRole('button', { name: /^Add Muffin.*2\.80 USD/ }).waitFor();
    await page.getByRole('button', { name: 'Clear cart' }).click();
  });

  it('a scan right after a tile adds the scanned item, not the tile again (the tile lets go of the focus)', async () => {
    await page.getByRole('tab', { name: 'Drinks' }).click();
    await page.getByRole('button', { name: /^Add Tea/ }).click();
    // A scanner types into whatever has the focus, then Enter.
    await page.keyboard.type('4006381333931');
    await page.keyboard.press('Enter');
    await cart().getByText('Croissant').waitFor();
    await expect.poll(() => cart().getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Clear cart' }).click();
  });

  it('the customer display follows the cart; the payer chooses the tip on it; a cash sale ends with the change', async () => {
    const displayContext = await browser.newContext({ viewport: { width: 1024, height: 600 }, hasTouch: true });
    const display = await displayContext.newPage();
    display.setDefaultTimeout(8_000);
    try {
      await display.goto(`${host.url}/display/`);
      await display.locator('main h1').first().waitFor();
      await page.getByRole('button', { name: 'Sell', exact: true }).click();
      await page.getByRole('tab', { name: 'Drinks' }).tap();
      await page.getByRole('button', { name: /^Add Coffee/ }).tap();
      await page.getByRole('button', { name: /^Add Tea/ }).tap();
      const shown = display.getByRole('list', { name: 'Your purchase' });
      await shown.getByText('1 × Coffee').waitFor();
      await shown.getByText('1 × Tea').waitFor();
      // 3.50 + 0.35 tax + 2.00 = 5.85
      await display.getByText('5.85 USD').first().waitFor();
      await screenshot(display, 'display-cart-1024x600');
      expect(await axeProblems(display)).toEqual([]);
      await display.setViewportSize({ width: 1920, height: 1080 });
      await screenshot(display, 'display-cart-1920x1080');

      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByText("Waiting for the customer's tip…").waitFor();
      await screenshot(page, 'cart-tip-waiting');
      await display.getByRole('heading', { name: 'Would you like to add a tip?' }).waitFor();
      await screenshot(display, 'display-tip-1920x1080');
      await display.setViewportSize({ width: 1024, height: 600 });
      await screenshot(display, 'display-tip-1024x600');
      expect(await axeProblems(display)).toEqual([]);
      // A custom tip above the sale is refused on the display itself.
      await display.getByLabel('Other amount (USD)').fill('100');
      await display.getByText('Type an amount with at most 2 decimals, up to 5.85 USD.').waitFor();
      await display.getByLabel('Other amount (USD)').fill('');
      // 15 % of 5.85 = 0.8775 -> 0.88
      await display.getByRole('button', { name: '15 % (0.88 USD)' }).tap();
      // The question closes on the display, which shows the cart again.
      await display.getByRole('list', { name: 'Your purchase' }).waitFor();
      await page.getByText('Tip: 0.88 USD').waitFor();
      await page.getByLabel('Cash received').fill('10');
      await page.getByRole('button', { name: 'Complete sale' }).click();
      await page.locator('article.receipt-paper').getByText('change 3.27 USD', { exact: false }).waitFor();
      await display.getByRole('heading', { name: 'Paid. Thank you!' }).waitFor();
      await display.getByText('3.27 USD').waitFor();
      await screenshot(display, 'display-cash-paid');
    } catch (error) {
      await screenshot(display, 'display-failed');
      throw error;
    } finally {
      await displayContext.close();
    }
  });

  it('a split sale whose crypto part is cancelled: the cashier is told to give back the cash', async () => {
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('tab', { name: 'Drinks' }).tap();
    await page.getByRole('button', { name: /^Add Tea/ }).tap();
    await page.getByRole('button', { name: /^Add Tea/ }).tap();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    // No display watches: the cashier asks and taps the choice here.
    await noTipHere();
    await page.getByLabel('Cash received').fill('1.50');
    await page.getByRole('button', { name: /^USDT/ }).first().click();
    await page.getByRole('button', { name: 'Charge 2.50 USD in crypto' }).click();
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    const orderId = (await pos.call('order.list'))[0].orderId;
    await pos.call('order.abandon', { orderId });
    await page.getByText('Give back 1.50 USD cash').waitFor();
    await page.getByText('The sale is not paid: it is recorded as failed.').waitFor();
    await screenshot(page, 'cart-split-give-back');
    expect((await pos.call('sale.get', { orderId })).status).toBe('failed');
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  it('a discount above the limit: the owner gives it without a PIN; a cashier needs a manager’s PIN', async () => {
    const fiftyOffTea = async () => {
      await page.getByRole('button', { name: 'Sell', exact: true }).click();
      await page.getByRole('tab', { name: 'Drinks' }).tap();
      await page.getByRole('button', { name: /^Add Tea/ }).tap();
      await cart().getByRole('button', { name: 'Discount on Tea' }).click();
      const editor = cart().getByRole('group', { name: 'Discount on Tea' });
      await editor.getByLabel('Discount', { exact: true }).fill('50');
      await editor.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await noTipHere();
      await page.getByLabel('Cash received').fill('1');
      await page.getByRole('button', { name: 'Complete sale' }).click();
    };
    // The owner (a manager's role and more) approves their own discount: no PIN asked, audited so.
    await fiftyOffTea();
    await page.locator('article.receipt-paper').getByText('1 × Tea').waitFor();
    expect(await page.getByRole('dialog', { name: "A manager's approval" }).count()).toBe(0);
    await pos.signIn('owner', '4321');
    const audit = await pos.call('audit.list', { action: 'sale.discount' });
    expect(JSON.parse(audit.entries[0].detail)).toMatchObject({ percent: '50', approvedBy: 'Owner' });

    // A cashier is asked for a manager's PIN (a wrong one first).
    await pos.call('staff.add', { name: 'Cora', role: 'cashier', pin: '1357' });
    await page.getByRole('button', { name: 'Switch user' }).click();
    await page.getByRole('button', { name: /^Cora,/ }).click();
    await page.keyboard.type('1357');
    await page.keyboard.press('Enter');
    await page.getByText(/^Cora \(/).waitFor();
    await fiftyOffTea();
    const dialog = page.getByRole('dialog', { name: "A manager's approval" });
    await dialog.getByText("A discount of 50 % is above the shop's limit of 10 %", { exact: false }).waitFor();
    await screenshot(page, 'cart-discount-approval');
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByLabel("Manager's PIN").fill('1234');
    await dialog.getByRole('button', { name: 'Approve and continue' }).click();
    await page.getByText('That PIN is not right.').waitFor();
    await dialog.getByLabel("Manager's PIN").fill('4321');
    await dialog.getByRole('button', { name: 'Approve and continue' }).click();
    await page.locator('article.receipt-paper').getByText('1 × Tea').waitFor();
  });

  it('at 1024x600 a cart of 6 lines keeps Pay in view, and the Pay step keeps Charge in view', async () => {
    await page.getByRole('button', { name: 'Sell', exact: true }).click();
    await page.getByRole('tab', { name: 'Drinks' }).tap();
    await page.getByRole('button', { name: /^Add Coffee/ }).tap();
    await page.getByRole('button', { name: /^Add Tea/ }).tap();
    await page.getByRole('tab', { name: 'Bakery' }).tap();
    await page.getByRole('button', { name: /^Add Croissant/ }).tap();
    await page.getByRole('button', { name: /^Add Muffin/ }).tap();
    for (const amount of ['1', '2']) {
      await page.getByRole('tab', { name: 'Custom amount' }).tap();
      for (const key of amount) await page.getByRole('button', { name: key, exact: true }).tap();
      await page.getByRole('button', { name: 'Add to cart' }).tap();
    }
    await expect.poll(() => cart().getByRole('listitem').count()).toBe(6);
    const inView = async (name: string | RegExp) => {
      const box = await page.getByRole('button', { name, exact: typeof name === 'string' }).boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 600;
    };
    await screenshot(page, 'cart-6-lines-1024x600');
    expect(await inView('Pay')).toBe(true);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await noTipHere();
    await page.getByRole('button', { name: /^USDT/ }).first().waitFor();
    await screenshot(page, 'cart-pay-step-1024x600');
    expect(await inView(/^Charge .* in crypto$/)).toBe(true);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await screenshot(page, 'cart-pay-step-1920x1080');
    await page.setViewportSize({ width: 1024, height: 600 });
    await page.getByRole('button', { name: 'Back to the cart' }).click();
    await page.getByRole('button', { name: 'Clear cart' }).click();
  });
});
