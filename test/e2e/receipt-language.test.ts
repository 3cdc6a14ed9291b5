/**
 * The payer's receipt page has the payer's language picker (README "Languages"), made for a page without
 * scripts: every language by its own name under the word "Language"; a tap (or Enter) shows the receipt in
 * that language, with its amounts and dates; anything but one of ours stays the shop's language. Opened on
 * the payer listener, where the link on paper and on the customer display points.
 * Screenshots: test-results/receipt-de.png, receipt-es.png.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiptLinks } from '../../electron/web/receipts.js';
import { LANGUAGES } from '../../shared/i18n/languages.js';
import { paperText } from '../../shared/i18n/paper.js';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { posOverHttp, staffedTill, type PosHttp } from '../helpers/pos-http.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';

/** A port free on the payer listener's address. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

describe.runIf(e2eAvailable())("e2e: the payer's receipt page in the payer's language", () => {
  let host: HostProcess;
  let pos: PosHttp;
  let browser: Browser;
  let page: Page;
  let receiptUrl = '';

  beforeAll(async () => {
    const payerPort = await freePort('127.0.0.2');
    host = await startHost({ args: ['--payer-host', '127.0.0.2', '--payer-port', String(payerPort)] });
    pos = await posOverHttp(host);
    await staffedTill(pos);
    await pos.call('settings.save', { language: 'de' });
    const order = await pos.call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '1234.50',
      paymentAssetId: USDT,
      isChain: false,
    });
    await pos.call('sandbox.payInFull', { orderId: order.orderId });
    await pos.call('sandbox.advanceClock', { seconds: 10 });
    for (let i = 0; i < 150 && (await pos.call('order.get', { orderId: order.orderId })).status !== 'success'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const merchantKey = readFileSync(join(host.dataDir, 'merchant-key'), 'utf8').trim();
    receiptUrl = `http://127.0.0.2:${payerPort}/receipt/${new ReceiptLinks(merchantKey).idFor(order.orderId)}`;
    browser = await launchBrowser();
    // A phone that asks for English: the receipt still opens in the shop's language until the payer picks.
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  const picker = () => page.getByRole('navigation', { name: /^(Sprache|Idioma|言語)$/ });

  it("opens in the shop's language with the picker at the bottom, every language by its own name", async () => {
    await page.goto(receiptUrl);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByText(paperText('de', 'thankYou'), { exact: true }).waitFor();
    const links = picker().getByRole('link');
    expect(await links.allTextContents()).toEqual(LANGUAGES.map((l) => l.name));
    expect(await picker().getByRole('link', { name: 'Deutsch' }).getAttribute('aria-current')).toBe('true');
    await screenshot(page, 'receipt-de');
    expect(await axeProblems(page)).toEqual([]);
  });

  it('a tap on Español shows it in Spanish, its amounts too; the picker says which is showing', async () => {
    await page.goto(receiptUrl);
    await picker().getByRole('link', { name: 'Español' }).tap();
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
    expect(new URL(page.url()).searchParams.get('lang')).toBe('es');
    await page.getByText(paperText('es', 'thankYou'), { exact: true }).waitFor();
    expect(await page.locator('main').textContent()).toContain('1234,50'); // es: decimal comma
    expect(await picker().getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('true');
    expect(await picker().getByRole('link', { name: 'Deutsch' }).getAttribute('aria-current')).toBeNull();
    await screenshot(page, 'receipt-es');
    expect(await axeProblems(page)).toEqual([]);
  });

  it('by keyboard: Tab to 日本語 and Enter', async () => {
    await page.goto(receiptUrl);
    const ja = picker().getByRole('link', { name: '日本語' });
    await ja.focus();
    await page.keyboard.press('Enter');
    await page.locator('html[lang="ja"]').waitFor({ state: 'attached' });
    await page.getByText(paperText('ja', 'thankYou'), { exact: true }).waitFor();
  });

  it("anything but one of ours is the shop's language; an altered link is still no receipt", async () => {
    for (const lang of ['xx', 'DE', '<script>']) {
      const answer = await fetch(`${receiptUrl}?lang=${encodeURIComponent(lang)}`);
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html).toContain('<html lang="de">');
      expect(html).not.toContain('<script>');
    }
    expect((await fetch(`${receiptUrl.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}?lang=es`)).status).toBe(404);
  });
});
