/**
 * The whole sale at a cashier's smallest screen (1024x600) in every language, for the owner (the most
 * navigation items): the top row is one row (what does not fit is under More), the amount, the asset
 * choice and Charge are on screen without scrolling, also with a refusal shown (a revoked till key on a
 * shop server: the longest message the Charge screen shows). More works by touch and by keyboard.
 * The payment screen with the TEST MODE panel (wallet and on chain) fits too. The signed-in name is whole
 * (the first owner's name in each language alone; "Owner (<role>)" with a revoked till key).
 * Screenshots: test-results/fit-<lng>.png, fit-<lng>-refused.png, fit-more-open.png,
 * fit-<lng>-payment-<wallet|chain>.png, fit-<lng>-overpaid-<received|success>.png (an overpayment by wallet:
 * "Payment received", then "Payment successful", each saying how much more than due).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsEnglish } from '../../shared/i18n/errors-en.js';
import { defaultOwnerName } from '../../shared/i18n/main.js';
import { LANGUAGE_CODES, type Language } from '../../shared/i18n/languages.js';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startGateway, type TestGateway } from '../helpers/gateway.js';
import { repoRoot, startHost, type HostProcess } from '../helpers/host.js';
import { tabWithSession, posOverHttp, type PosHttp } from '../helpers/pos-http.js';

const VIEW = { width: 1024, height: 600 };

/** The refusal of a revoked till key as the catalogue of the language words it. */
function tillKeyRefused(language: Language): string {
  if (language === 'en') return errorsEnglish.gateway_till_key_refused;
  const file = join(repoRoot, 'shared/i18n/locales', language, 'errors.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).gateway_till_key_refused!;
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where things are, read in the page: the top row's cells, the sale's and the payment's parts, and how far the page scrolls. */
async function layout(page: Page) {
  return page.evaluate(() => {
    // The page's own document (this file is type-checked without the DOM's types).
    const document = (globalThis as any).document;
    const box = (el: any): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const cells: any[] = [...document.querySelectorAll('.top-row nav ul.nav-row > li, .top-row .session-bar > *')];
    return {
      cells: cells.map((c) => box(c)!),
      amount: box(document.querySelector('.amount-display')),
      assets: box(document.querySelector('.charge fieldset')),
      charge: box(document.querySelector('.charge-button')),
      alert: box(document.querySelector('.charge [role="alert"]')),
      // The payment screen's parts (null on the Charge screen, as the Charge screen's are on the payment's).
      qr: box(document.querySelector('.payment .qr-box')),
      payAmount: box(document.querySelector('.payment .big-amount')),
      status: box(document.querySelector('.payment .status')),
      sandbox: box(document.querySelector('.payment .sandbox-panel')),
      cancel: box(document.querySelector('.payment .row.spaced button.danger')),
      signedIn: ((el: any) => ({ text: el?.textContent ?? '', cut: el ? el.scrollWidth > el.clientWidth : true }))(
        document.querySelector('.top-row .signed-in'),
      ),
      scrollHeight: document.documentElement.scrollHeight,
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

type Layout = Awaited<ReturnType<typeof layout>>;

/** One row: the top row's cells (buttons, and the signed-in name between them) share one middle line. */
function expectOneRow(at: Layout): void {
  expect(at.cells.length).toBeGreaterThanOrEqual(4);
  const middles = at.cells.map((c) => (c.top + c.bottom) / 2);
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4);
  for (const cell of at.cells) expect(cell.right).toBeLessThanOrEqual(VIEW.width);
  // The signed-in name is whole: no ellipsis in it.
  expect(at.signedIn.cut, at.signedIn.text).toBe(false);
}

function expectOnScreen(box: Box | null): void {
  expect(box).not.toBeNull();
  expect(box!.top).toBeGreaterThanOrEqual(0);
  expect(box!.bottom).toBeLessThanOrEqual(VIEW.height);
}

/** The surplus line's text and place, and how far the page scrolls. */
async function surplusShown(page: Page) {
  return page.evaluate(() => {
    const document = (globalThis as any).document;
    const line = document.querySelector('.surplus');
    const r = line.getBoundingClientRect();
    const root = document.documentElement;
    const scroll = { scrollHeight: root.scrollHeight, scrollWidth: root.scrollWidth };
    return { text: String(line.textContent), top: r.top, bottom: r.bottom, left: r.left, right: r.right, ...scroll };
  });
}

async function openIn(page: Page, pos: PosHttp, url: string, language: string): Promise<void> {
  await pos.call('settings.save', { language });
  await page.goto(url);
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
  await page.locator('.charge-button').waitFor();
  await page.locator('.top-row nav ul.nav-row').waitFor();
}

describe.runIf(e2eAvailable())('e2e: the sale and its payment fit 1024x600 in every language', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  let pos: PosHttp;

  beforeAll(async () => {
    host = await startHost();
    pos = await posOverHttp(host);
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321' });
    await pos.signIn('owner', '4321');
    browser = await launchBrowser();
    page = await tabWithSession(browser, host.url, pos, VIEW);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  for (const language of LANGUAGE_CODES) {
    it(`${language}: the top row is one row; amount, assets and Charge on screen, nothing scrolls`, async () => {
      // The owner as first run names it in this language ("Inhaber"), shown whole without a role beside it.
      const name = defaultOwnerName(language);
      await pos.call('staff.update', { accountId: 'owner', name });
      await openIn(page, pos, host.url, language);
      await page.keyboard.type('12.5');
      await page.locator('.asset.selected').waitFor();
      const at = await layout(page);
      await screenshot(page, `fit-${language}`);
      expect(at.signedIn.text).toBe(name);
      expectOneRow(at);
      expectOnScreen(at.amount);
      expectOnScreen(at.assets);
      expectOnScreen(at.charge);
      expect(at.scrollHeight).toBeLessThanOrEqual(VIEW.height);
      expect(at.scrollWidth).toBeLessThanOrEqual(VIEW.width);
    });
  }

  it('More: a tap opens it, a pick goes there (More then holds the open screen), Escape closes it', async () => {
    await openIn(page, pos, host.url, 'de');
    const more = page.locator('.nav-more > button');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.tap();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const audit = page.locator('#nav-more-list').getByRole('button', { name: 'Prüfprotokoll', exact: true });
    await audit.waitFor();
    await screenshot(page, 'fit-more-open');
    expect(await axeProblems(page)).toEqual([]);
    await audit.tap();
    await page.locator('#nav-more-list').waitFor({ state: 'hidden' });
    expect(await page.locator('.nav-more').getAttribute('class')).toContain('holds-current');
    // By keyboard: Enter opens, Tab reaches the list's items, Escape closes and gives the focus back.
    await more.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => (globalThis as any).document.activeElement?.closest('#nav-more-list') !== null),
    ).toBe(true);
    await page.keyboard.press('Escape');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.evaluate((el) => el === (globalThis as any).document.activeElement)).toBe(true);
  });

  // The payment screen with the TEST MODE panel (wallet and on chain), on the same signed-in tab.
  for (const language of LANGUAGE_CODES) {
    for (const method of ['wallet', 'chain'] as const) {
      it(`${language}, ${method}: QR, amount, status, TEST MODE and Cancel on screen, nothing scrolls`, async () => {
        // The owner named as first run names it in this language, as in the sale's tests above.
        await pos.call('staff.update', { accountId: 'owner', name: defaultOwnerName(language) });
        await openIn(page, pos, host.url, language);
        await page.keyboard.type('12.5');
        await page.locator('.asset', { hasText: 'BTC' }).first().click();
        if (method === 'chain') await page.locator('fieldset.method input[type="radio"]').last().check();
        await page.locator('.charge-button').click();
        await page.locator('.payment .sandbox-panel').waitFor();
        await page.locator('.payment .qr-box svg').waitFor();
        const at = await layout(page);
        await screenshot(page, `fit-${language}-payment-${method}`);
        // A part amount typed with a decimal comma (de, fr, ...) is read as one: "Pay part" can be pressed.
        await page.locator('.sandbox-panel input').fill('0,00001');
        const payPartOpen = await page.locator('.sandbox-panel button').nth(1).isEnabled();
        // Cancelled again first, so the next language starts a sale of its own even when this one fails.
        await page.locator('.payment .row.spaced button.danger').click();
        await page.locator('.payment .confirm button.danger').click();
        await page.locator('.outcome .row.spaced button.primary').click();
        await page.locator('.charge-button').waitFor();
        for (const part of [at.qr, at.payAmount, at.status, at.sandbox, at.cancel]) expectOnScreen(part);
        expect(payPartOpen).toBe(true);
        expect(at.scrollHeight).toBeLessThanOrEqual(VIEW.height);
        expect(at.scrollWidth).toBeLessThanOrEqual(VIEW.width);
      });
    }
  }
  // An overpayment (the TEST MODE panel's "Pay part" with more than is due, by wallet): "Payment received"
  // (settling) and, once the clock moves on, "Payment successful" say what arrived and how much more than due.
  for (const language of LANGUAGE_CODES) {
    it(`${language}: an overpayment says how much more than due, received and successful, nothing scrolls`, async () => {
      // The owner named in this language, as in the tests above; else the last test's rename (Turkish) shows.
      const name = defaultOwnerName(language);
      await pos.call('staff.update', { accountId: 'owner', name });
      await openIn(page, pos, host.url, language);
      await page.keyboard.type('7.5');
      await page.locator('.asset', { hasText: 'USDT' }).first().click();
      await page.locator('.charge-button').click();
      await page.locator('.payment .sandbox-panel').waitFor();
      await page.locator('.sandbox-panel input').fill('9.25');
      await page.locator('.sandbox-panel button').nth(1).click();
      await page.locator('.qr-box.received .surplus').waitFor();
      const received = await surplusShown(page);
      const signedIn = await page.locator('.top-row .signed-in').textContent();
      await screenshot(page, `fit-${language}-overpaid-received`);
      await page.locator('.sandbox-panel .row').nth(1).locator('button').nth(1).click();
      await page.locator('.outcome .surplus').waitFor();
      const success = await surplusShown(page);
      await screenshot(page, `fit-${language}-overpaid-success`);
      await page.locator('.outcome button.primary').click();
      await page.locator('.charge-button').waitFor();
      expect(signedIn).toBe(name);
      for (const at of [received, success]) {
        // The amounts in the language's number format ("9,25" in de), the extra whatever the due came to.
        expect(at.text).toMatch(
          language === 'en' ? /^9\.25 USDT received — [\d.]+ USDT more than due/ : /9[.,]25 USDT/,
        );
        expectOnScreen(at);
        expect(at.scrollHeight).toBeLessThanOrEqual(VIEW.height);
        expect(at.scrollWidth).toBeLessThanOrEqual(VIEW.width);
      }
    });
  }
});

describe.runIf(e2eAvailable())('e2e: a revoked till key at 1024x600 in every language', () => {
  let server: TestGateway;
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  let pos: PosHttp;

  beforeAll(async () => {
    server = await startGateway();
    const auth = { headers: { authorization: `Bearer ${server.merchantKey}` } };
    const till = (await server.post('/v1/merchant/tills', { name: 'Front counter' }, auth)).body.data;
    host = await startHost();
    pos = await posOverHttp(host);
    const gateway = { kind: 'hosted', baseUrl: server.url, tillKey: till.tillKey };
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321', gateway });
    await pos.signIn('owner', '4321');
    const revoked = await server.post(`/v1/merchant/tills/${till.till.tillId}/revoke`, {}, auth);
    expect(revoked.body, JSON.stringify(revoked.body) + JSON.stringify(till)).toMatchObject({
      data: { revoked: true },
    });
    browser = await launchBrowser();
    page = await tabWithSession(browser, host.url, pos, VIEW);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    await server?.close();
  });

  for (const language of LANGUAGE_CODES) {
    it(`${language}: the refusal is shown and the sale stays on screen`, async () => {
      await openIn(page, pos, host.url, language);
      await page.keyboard.type('12.5');
      await page.locator('.asset.selected').waitFor();
      const charge = page.locator('.charge-button');
      await charge.click();
      const alert = page.locator('.charge [role="alert"]');
      await alert.waitFor();
      // What to do, in the till's language (not the gateway's Authorization words).
      expect(await alert.textContent()).toBe(tillKeyRefused(language));
      const at = await layout(page);
      await screenshot(page, `fit-${language}-refused`);
      expectOneRow(at);
      expectOnScreen(at.amount);
      expectOnScreen(at.assets);
      expectOnScreen(at.charge);
      expectOnScreen(at.alert);
      expect(at.scrollHeight).toBeLessThanOrEqual(VIEW.height);
    });
  }
});
