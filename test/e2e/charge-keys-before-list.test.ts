/**
 * Enter pressed before "Pay with" has the list for the typed amount (a busy counter: the cashier types and
 * presses Enter at once). The till's answer for that amount's list is held in the browser (playwright's
 * request routing) until the test lets it go, so "before the list" is certain, not a race. The press is
 * kept and said ("Charging when prices are ready…", Charge busy) within 1024x600, and charges by itself
 * exactly once when the list arrives, however often Enter is pressed; another amount while it is kept
 * drops it and creates no order. Real host, real Chromium. Screenshot: test-results/charge-pending.png.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { setUpDemoShop } from '../helpers/first-run.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, type PosHttp } from '../helpers/pos-http.js';

const VIEW = { width: 1024, height: 600 };
const PENDING = 'Charging when prices are ready…';

interface Held {
  /** Resolves when the page has asked (its answer is held). */
  asked: Promise<void>;
  /** Lets the held answers through, in the order asked; later calls go straight through. */
  release(): Promise<void>;
  /** How many such calls the page made since the hold was set (held or not). */
  count(): number;
}

/** Holds the page's PosApi `command` calls whose arguments `match` until `release`; the others go through. */
async function hold(page: Page, command: string, match: (args: any) => boolean): Promise<Held> {
  const held: Route[] = [];
  let released = false;
  let calls = 0;
  let asked: () => void = () => {};
  const askedPromise = new Promise<void>((resolve) => (asked = resolve));
  await page.route(`**/pos/call/${command}`, async (route) => {
    calls++;
    if (!released && match(route.request().postDataJSON())) {
      held.push(route);
      asked();
      return;
    }
    await route.continue();
  });
  return {
    asked: askedPromise,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
    count: () => calls,
  };
}

/** Where the Charge button and the line under it are, and how far the page scrolls. */
async function pendingLayout(page: Page) {
  return page.evaluate(() => {
    const document = (globalThis as any).document;
    const box = (el: any) => {
      if (!el) return { top: NaN, bottom: NaN, right: NaN };
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, right: r.right };
    };
    return {
      charge: box(document.querySelector('.charge-button')),
      status: box(document.querySelector('.charge-status')),
      amount: box(document.querySelector('.amount-display')),
      scrollHeight: document.documentElement.scrollHeight,
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

describe.runIf(e2eAvailable())('e2e: Enter before "Pay with" has the list for the amount', () => {
  let host: HostProcess;
  let browser: Browser;
  let till: Page;
  let pos: PosHttp;

  beforeAll(async () => {
    host = await startHost();
    browser = await launchBrowser();
    till = await browser.newPage({ viewport: VIEW, hasTouch: true });
    till.setDefaultTimeout(8000);
    await setUpDemoShop(till, host.url);
    pos = await posOverHttp(host);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  const chargeButton = () => till.locator('main .charge-button');
  const status = () => till.locator('.charge-status');
  /** "Pay with" shows the list for the amount typed now (not an earlier amount's while it loads). */
  const listShown = () => till.locator('fieldset.assets[aria-busy="false"] .asset.selected').waitFor();
  const someListShown = () => till.locator('.asset.selected').waitFor();

  it('is kept and said, then charges by itself exactly once when the list arrives', async () => {
    await someListShown();
    const list = await hold(till, 'assets.payment', (args) => args.quoteAmount === '3.25');
    const create = await hold(till, 'order.create', () => true);
    await till.keyboard.type('3.25');
    await list.asked;
    const idle = await pendingLayout(till);
    await till.keyboard.press('Enter');
    await till.getByRole('status').filter({ hasText: PENDING }).waitFor();
    expect(await chargeButton().getAttribute('aria-busy')).toBe('true');
    await till.keyboard.press('Enter'); // pressed twice: still one order
    const at = await pendingLayout(till);
    await screenshot(till, 'charge-pending');
    for (const part of [at.amount, at.charge, at.status]) {
      expect(part.top).toBeGreaterThanOrEqual(0);
      expect(part.bottom).toBeLessThanOrEqual(VIEW.height);
    }
    expect(at.charge).toEqual(idle.charge); // the busy Charge button stays where it was
    expect(at.scrollHeight).toBeLessThanOrEqual(VIEW.height);
    expect(at.scrollWidth).toBeLessThanOrEqual(VIEW.width);
    expect(create.count()).toBe(0);

    await list.release();
    await create.asked; // the kept press, by itself
    await till.keyboard.press('Enter'); // and again while that order is on its way
    await create.release();
    await till.getByRole('img', { name: /Payment QR code/ }).waitFor();
    expect(await till.getByText('3.25 USD').count()).toBeGreaterThan(0);
    expect(create.count()).toBe(1);
    const orders = await pos.call('order.list');
    expect(orders.map((o: any) => o.quoteAmount)).toEqual(['3.25']);
    await till.unrouteAll({ behavior: 'wait' });

    await till.getByRole('button', { name: 'Cancel payment' }).click();
    await till.getByRole('button', { name: 'Yes, cancel' }).click();
    await till.getByRole('heading', { name: 'Payment cancelled' }).waitFor({ timeout: 5000 });
    await till.getByRole('button', { name: 'New sale' }).click();
  });

  it('is dropped when the amount changes before the list arrives: no order', async () => {
    await someListShown();
    const before = (await pos.call('order.list')).length;
    const list = await hold(till, 'assets.payment', (args) => args.quoteAmount === '4.75');
    const create = await hold(till, 'order.create', () => true);
    await till.keyboard.type('4.75');
    await list.asked;
    await till.keyboard.press('Enter');
    await till.getByRole('status').filter({ hasText: PENDING }).waitFor();
    await till.keyboard.press('Backspace');
    await till.locator('.charge-status:empty').waitFor({ state: 'attached' });
    expect(await chargeButton().getAttribute('aria-busy')).toBe('false');
    await list.release();
    // Back to the same amount: its list is now there, and a press still kept would charge it now.
    await till.keyboard.type('5');
    await listShown();
    await till.evaluate(
      () => new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => setTimeout(resolve, 0))),
    );
    expect(await status().textContent()).toBe('');
    expect(create.count()).toBe(0);
    expect((await pos.call('order.list')).length).toBe(before);
    await screenshot(till, 'charge-pending-dropped');
    await till.unrouteAll({ behavior: 'wait' });
  });

  it('on a screen with no list yet at all (the till just opened), charges once the lists arrive', async () => {
    // Every list held, the first one (no amount yet) too: nothing is listed when Enter comes.
    const lists = await hold(till, 'assets.payment', () => true);
    const create = await hold(till, 'order.create', () => false);
    await till.reload();
    await lists.asked;
    await chargeButton().waitFor();
    await till.keyboard.type('6.5');
    await till.keyboard.press('Enter');
    await till.getByRole('status').filter({ hasText: PENDING }).waitFor();
    expect(await till.locator('.asset').count()).toBe(0);
    await lists.release();
    await till.getByRole('img', { name: /Payment QR code/ }).waitFor();
    expect(await till.getByText(/6\.50? USD/).count()).toBeGreaterThan(0);
    expect(create.count()).toBe(1);
    expect((await pos.call('order.list')).filter((o: any) => o.quoteAmount === '6.5')).toHaveLength(1);
    await till.unrouteAll({ behavior: 'wait' });
  });
});
