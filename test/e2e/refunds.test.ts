/**
 * Refunds in Chromium (issue 18): an on-chain payment paid in full and cancelled by the manager while
 * confirming says how much arrived and leads to its refund; it shows up as money to resolve in the day
 * review; the manager refunds it from the payment detail (payout QR and text), the sandbox's simulated
 * wallet pays, blocks confirm it; the slip prints; the day review nets the refunds out.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { adoptSession, posOverHttp, type PosHttp } from '../helpers/pos-http.js';

const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe.runIf(e2eAvailable())('e2e: money to resolve and a refund in the sandbox', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  let chainOrder = '';

  /** The PosApi over the host's HTTP bridge (test/helpers/pos-http.ts), as the page uses it. */
  let pos: PosHttp['call'];
  let posHttp: PosHttp;

  beforeAll(async () => {
    host = await startHost();
    posHttp = await posOverHttp(host);
    pos = posHttp.call;
    await pos('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321' });
    await pos('staff.add', { name: 'Max Manager', role: 'manager', pin: '2222' });
    const sale = await pos('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '40',
      paymentAssetId: USDT,
      isChain: false,
    });
    await pos('sandbox.payInFull', { orderId: sale.orderId });
    const chain = await pos('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '25',
      paymentAssetId: BTC,
      isChain: true,
    });
    chainOrder = chain.orderId;
    await pos('sandbox.payInFull', { orderId: chainOrder });
    await pos('sandbox.mine', { network: 'Bitcoin', count: 1 });
    await pos('sandbox.advanceClock', { seconds: 10 });
    await pos('staff.lock');
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1024, height: 600 } });
    page = await context.newPage();
    await page.addInitScript(() => {
      (globalThis as any).__printed = 0;
      (globalThis as any).print = () => {
        (globalThis as any).__printed += 1;
      };
    });
    await page.goto(host.url);
    await adoptSession(page, posHttp);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('the manager cancels the confirming payment: the outcome says what arrived and offers its refund', async () => {
    await page.getByRole('button', { name: /^Max Manager, / }).click();
    await page.keyboard.type('2222');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Recent orders' }).click();
    await page.getByRole('button', { name: `Open ${chainOrder}` }).click();
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByLabel('Your PIN (4 to 8 digits)').fill('2222');
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page
      .locator('.refund-after-cancel')
      .getByText(/already arrived for this order/)
      .waitFor();
    await screenshot(page, 'screen-refund-after-cancel');
    await page.getByRole('button', { name: 'Refund the money that arrived' }).click();
    await page.getByRole('button', { name: 'Prepare the refund' }).waitFor();
    await page
      .locator('.refund-after-cancel')
      .getByText(/received on an order that did not go through/)
      .waitFor();
    await screenshot(page, 'screen-refund-inline-after-cancel');
    expect(await axeProblems(page), 'the refund after a cancel').toEqual([]);
  });

  it('shows up as money to resolve in the day review, with its transaction in the payment detail', async () => {
    await page.getByRole('button', { name: 'Day review' }).click();
    const panel = page.locator('.to-resolve');
    await panel.getByText(new RegExp(`order ${chainOrder}`)).waitFor();
    await screenshot(page, 'screen-money-to-resolve');
    await panel.getByRole('button', { name: `Open order ${chainOrder}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Money to resolve (to refund or keep)' }).waitFor();
    await dialog.getByText(/received on an order that did not go through/).waitFor();
    await expect.poll(() => dialog.locator('h4:has-text("Transactions") + ul li').count()).toBe(1);
  });

  it('the manager refunds it; the simulated wallet pays; blocks confirm it; the slip prints', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Refund to (the payer’s address or wallet id)').fill(DESTINATION);
    await dialog.getByLabel('Reason').fill('Cancelled while confirming');
    await dialog.getByRole('button', { name: 'Prepare the refund' }).click();
    await dialog.locator('.refund-status', { hasText: 'to send from your wallet' }).waitFor();
    await dialog.getByRole('img', { name: /^Payout QR for your wallet/ }).waitFor();
    expect(await dialog.locator('.refund-uri').textContent()).toMatch(new RegExp(`^bitcoin:${DESTINATION}\\?amount=`));
    await dialog.getByText('Nothing left to refund or keep.').waitFor();
    // The transaction id field of a refund to send fits the detail at 1024x600: no sideways scroll.
    await dialog.getByLabel('Transaction id').waitFor();
    expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBe(0);
    await screenshot(page, 'screen-refund-to-send');
    expect(await axeProblems(page), 'the payment detail with a refund to send').toEqual([]);
    await dialog.getByRole('button', { name: 'Simulated wallet pays it' }).click();
    await dialog.locator('.refund-status', { hasText: 'sent, being checked' }).waitFor();
    await pos('sandbox.mine', { network: 'Bitcoin', count: 2 });
    await dialog.locator('.refund-status', { hasText: 'confirmed' }).waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Print slip' }).click();
    expect(await page.evaluate(() => (globalThis as any).__printed as number)).toBe(1);
    await screenshot(page, 'screen-refund-confirmed');
    await page.evaluate(() => {
      (globalThis as any).document.body.classList.add('printing-refund-slip');
      (globalThis as any).document.querySelector('.refund-slip')?.classList.add('printing');
    });
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'print-refund-slip');
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => {
      (globalThis as any).document.body.classList.remove('printing-refund-slip');
      (globalThis as any).document.querySelector('.refund-slip')?.classList.remove('printing');
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('the day review nets the refunds out and nothing is left to resolve', async () => {
    const sale = (await pos('order.list', {})).find((o: any) => o.status === 'success');
    // A return on the paid sale, started from Recent orders: 10 USD at the payment's own rate.
    await page.getByRole('button', { name: 'Recent orders' }).click();
    await page.getByRole('button', { name: `Refund ${sale.orderId}` }).click();
    await page.getByRole('button', { name: 'Refund all or part of this order' }).click();
    const form = page.locator('.refund-form');
    await form.getByLabel('Amount', { exact: true }).fill('10');
    await form.getByLabel('Amount in').selectOption('quote_original');
    await form.getByText('Worth 10 USDT at the payment rate').waitFor();
    await form.getByLabel('Refund to (the payer’s address or wallet id)').fill(crypto.randomUUID());
    await form.getByLabel('Reason').fill('one item returned');
    await screenshot(page, 'screen-refund-return-form');
    await form.getByRole('button', { name: 'Prepare the refund' }).click();
    await page.locator('.refund-status', { hasText: 'to send from your wallet' }).waitFor();
    await page.getByRole('img', { name: /^Payout QR for your wallet: 10 USDT/ }).waitFor();
    expect(await page.locator('.refund-uri').textContent()).toMatch(/^mixin:\/\/pay\?/);
    await page.reload();
    await page.getByRole('button', { name: 'Day review' }).click();
    const net = page.locator('.net-takings');
    await net.getByText('40 USD taken − 10 refunded = 30 USD net').waitFor();
    await net.getByText('25 USD returned from orders that were not takings').waitFor();
    await net.getByText(/ · confirmed · Cancelled while confirming/).waitFor();
    await page.locator('.to-resolve').getByText('No received money waiting to be refunded or kept.').waitFor();
    await net.scrollIntoViewIfNeeded();
    await screenshot(page, 'screen-day-review-net-of-refunds');
  });
});
