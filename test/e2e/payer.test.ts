/**
 * The payer's checkout page: a one-time code created over /v1 is paid from /code/{code} in a fresh
 * browser context that holds no token (a phone-sized screen), through the sandbox; the page shows
 * the shop, amount, network and the live status to success. Screenshots go to test-results/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { readQrFrom, v1 } from '../helpers/qr.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';

describe.runIf(e2eAvailable())('e2e: the payer checkout page', () => {
  let host: HostProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const calls: string[] = [];
  const hosts: string[] = [];

  beforeAll(async () => {
    // With a payer listener: checkout links point at it, so the payer's browser goes only through it.
    host = await startHost({ args: ['--payer-host', '127.0.0.2'] });
    browser = await launchBrowser();
    // A fresh context: no cookies, no storage, never opened the till's page.
    context = await browser.newContext({ viewport: { width: 360, height: 760 }, deviceScaleFactor: 1 });
    page = await context.newPage();
    page.on('request', (request) => {
      calls.push(new URL(request.url()).pathname);
      hosts.push(new URL(request.url()).host);
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  const oneTime = (quoteAmount: string) =>
    v1(host.url, '/v1/one_time_payment', { payeeId: SHOP, quoteAssetId: 'usd', quoteAmount, expireSeconds: 3600 });

  it('the page of a code is the payer page, without the till or its token', async () => {
    const code = await oneTime('12.5');
    expect(code.info.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/code\//);
    const response = await fetch(code.info.checkoutUrl);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).not.toContain('paydesk-token');
    expect(html).toMatch(/assets\/pay-[\w-]+\.js/);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The till's own script is not among the payer's files.
    const tillScript = /assets\/index-[\w-]+\.js/.exec(await (await fetch(`${host.url}/`)).text())?.[0];
    expect(tillScript).toBeTruthy();
    expect((await fetch(`${host.url}/code/${tillScript}`)).status).toBe(404);
  });

  it('a one-time code is paid from the payer page in a fresh context: shop, amount, network, status to success', async () => {
    const code = await oneTime('12.5');
    await page.goto(code.info.checkoutUrl);
    await page.getByRole('heading', { name: 'Pay Corner Café (demo shop)' }).waitFor({ timeout: 10_000 });
    await page.getByText('12.50 USD', { exact: true }).waitFor();
    await page.getByText('Pay by').waitFor();
    await screenshot(page, 'payer-choose-360');
    expect(await axeProblems(page)).toEqual([]);

    await page.getByLabel(/USDT Ethereum \(ERC-20\)/).check();
    await page.getByLabel(/Mixin wallet/).check();
    await page.getByRole('button', { name: 'Show how to pay' }).click();
    await page.getByText('Pay 12.5 USDT on Ethereum (ERC-20) to Corner Café (demo shop)').waitFor();
    await page.getByText('Scan with the Mixin Messenger app (the code opens a mixin:// link)').waitFor();
    // A wallet transfer has no network to get wrong: no on-chain warning beside it.
    expect(await page.getByText(/Money sent on another network is lost/).count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Waiting for your payment' }).waitFor();
    await page.getByRole('button', { name: 'Copy Amount' }).waitFor();
    await screenshot(page, 'payer-instruction-360');
    expect(await axeProblems(page)).toEqual([]);

    const uri = new URL(await readQrFrom(page.getByRole('img', { name: /Payment QR code/ })));
    expect(uri.protocol).toBe('mixin:');
    const params = Object.fromEntries(uri.searchParams);
    expect(params).toMatchObject({ asset: USDT, amount: '12.5' });
    await v1(host.url, '/v1/sandbox/transfers', params);
    await page.getByRole('status').filter({ hasText: 'Payment received. Thank you!' }).waitFor({ timeout: 8000 });
    await v1(host.url, '/v1/sandbox/clock', { advanceSeconds: 10 });
    await page.getByRole('status').filter({ hasText: 'Paid. Thank you!' }).waitFor({ timeout: 8000 });
    await screenshot(page, 'payer-success-360');
    expect(calls.some((path) => path.startsWith('/pos'))).toBe(false);
    expect(hosts.every((h) => h.startsWith('127.0.0.2:'))).toBe(true);
    expect(calls.filter((path) => path.startsWith('/v1/')).length).toBeGreaterThan(0);
  });

  it('on chain on a large screen: the address and amount with copy buttons, the network warning', async () => {
    const code = await oneTime('30');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(code.info.checkoutUrl);
    await page.getByLabel(/BTC Bitcoin/).check();
    await page.getByLabel(/On chain/).check();
    await page.getByRole('button', { name: 'Show how to pay' }).click();
    const words = page.getByText(/^Pay [\d.]+ BTC on Bitcoin to Corner Café \(demo shop\)$/);
    await words.waitFor();
    await page.getByText('Send only BTC on Bitcoin. Money sent on another network is lost.').waitFor();
    await page.getByRole('button', { name: 'Copy Address' }).waitFor();
    const uri = await readQrFrom(page.getByRole('img', { name: /Payment QR code/ }));
    const match = /^bitcoin:([^?]+)\?amount=([\d.]+)$/.exec(uri);
    expect(match, uri).not.toBeNull();
    await page.getByText(match![1]!, { exact: true }).waitFor();
    await screenshot(page, 'payer-onchain-1280');
    expect(await axeProblems(page)).toEqual([]);
    await v1(host.url, '/v1/sandbox/deposits', { destination: match![1], tag: '', asset: BTC, amount: match![2] });
    await page
      .getByRole('status')
      .filter({ hasText: /confirming on the network/ })
      .waitFor({ timeout: 8000 });
    // Money seen: the instruction goes (no second payment), and a reload finds the status, not the picker.
    expect(await page.getByRole('img', { name: /Payment QR code/ }).count()).toBe(0);
    await page.reload();
    await page
      .getByRole('status')
      .filter({ hasText: /confirming on the network/ })
      .waitFor({ timeout: 8000 });
    expect(await page.getByRole('img', { name: /Payment QR code/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Show how to pay' }).count()).toBe(0);
  });

  it('dark mode follows the system, with a switch the payer can press; contrast holds in both (axe)', async () => {
    const code = await oneTime('4');
    await page.setViewportSize({ width: 360, height: 760 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(code.info.checkoutUrl);
    await page.getByLabel(/USDT Ethereum \(ERC-20\)/).check();
    await page.getByRole('button', { name: 'Show how to pay' }).click();
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    const background = () =>
      page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor);
    expect(await background()).toBe('rgb(18, 18, 18)');
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'payer-instruction-360-dark');
    expect(await axeProblems(page)).toEqual([]);
    // The QR still reads (dark modules on its own white quiet zone).
    expect(await readQrFrom(page.getByRole('img', { name: /Payment QR code/ }))).toMatch(/^mixin:/);
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await background()).toBe('rgb(255, 255, 255)');
    expect(await axeProblems(page)).toEqual([]);
    // The choice stays on this phone.
    await page.reload();
    await page.getByRole('button', { name: 'Dark mode' }).waitFor();
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('an unknown code says so in words', async () => {
    await page.goto(
      `${new URL((await oneTime('1')).info.checkoutUrl).origin}/code/3f2b1c0d-1111-4222-8333-444455556666`,
    );
    await page.getByText('This payment link is not known. Ask the shop for a new one.').waitFor({ timeout: 8000 });
  });
});
