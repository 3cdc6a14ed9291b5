/**
 * Must show (issue 20, "Tills") in Chromium at 1024x600: a till (the headless host) connected to a
 * shop server with the merchant key and its till key, a second till with only its key; the owner's
 * review shows the Whole shop view: both tills' paid totals (exact), the list with each till's name,
 * the per-till filter, and the CSV of the filtered view.
 */
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { systemClock } from '../../electron/platform/clock.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, resultsDir, screenshot } from '../helpers/browser.js';
import { startGateway, USDT, type TestGateway } from '../helpers/gateway.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { adoptSession, posOverHttp, type PosHttp } from '../helpers/pos-http.js';

describe.runIf(e2eAvailable())('e2e: the Whole shop view across two tills', () => {
  let server: TestGateway;
  let bar: TestGateway;
  let host: HostProcess;
  let pos: PosHttp;
  let browser: Browser;
  let page: Page;

  const asMerchant = (path: string, body: unknown = {}) =>
    server.post(path, body, { headers: { authorization: `Bearer ${server.merchantKey}` } });
  async function onBar(command: string, args: unknown = {}): Promise<any> {
    const outcome = await dispatchPosCommand(bar.core.pos, command, args, silentLogger);
    if (!outcome.ok) throw new Error(`${command}: ${outcome.error.message}`);
    return outcome.result;
  }
  async function payOnServer(order: any): Promise<void> {
    const i = order.instruction;
    const paid = await server.post('/v1/sandbox/transfers', {
      recipient: i.recipient,
      asset: i.paymentAssetId,
      amount: i.paymentAmount,
      trace: randomUUID(),
      memo: i.memo,
    });
    if (!paid.body.success) throw new Error(paid.body.message);
  }
  const sale = (quoteAmount: string) => ({ quoteAssetId: 'usd', quoteAmount, paymentAssetId: USDT, isChain: false });

  beforeAll(async () => {
    // The server and the tills share the real clock, so "today" is one day for all of them.
    [server, bar] = await Promise.all([startGateway({ clock: systemClock }), startGateway({ clock: systemClock })]);
    const front = (await asMerchant('/v1/merchant/tills', { name: 'Front counter' })).body.data;
    const back = (await asMerchant('/v1/merchant/tills', { name: 'Back bar' })).body.data;
    host = await startHost();
    pos = await posOverHttp(host);
    const gateway = { kind: 'hosted', baseUrl: server.url, merchantKey: server.merchantKey, tillKey: front.tillKey };
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321', timeZone: 'UTC', gateway });
    await onBar('settings.save', {
      payeeNetworkId: '7000101',
      ownerPin: '2468',
      timeZone: 'UTC',
      gateway: { kind: 'hosted', baseUrl: server.url, tillKey: back.tillKey },
    });
    await onBar('staff.signIn', { accountId: 'owner', pin: '2468' });
    await pos.signIn('owner', '4321');
    for (const amount of ['12.50', '0.25']) await payOnServer(await pos.call('order.create', sale(amount)));
    await payOnServer(await onBar('order.create', sale('7.3')));
    await onBar('order.create', sale('3')); // left unpaid
    await pos.call('staff.lock');
    browser = await launchBrowser();
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1024, height: 600 } });
    page = await context.newPage();
    await page.goto(host.url);
    await adoptSession(page, pos);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    await Promise.all([bar?.close(), server?.close()]);
  });

  it("shows both tills' paid totals and payments in the owner's review", async () => {
    await page.getByRole('button', { name: 'Owner, Owner' }).click();
    await page.keyboard.type('4321');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Day review' }).click();
    const view = page.locator('section.shop-view');
    await view.getByRole('heading', { name: 'Whole shop' }).scrollIntoViewIfNeeded();
    await expect.poll(() => view.locator('.figures').first().textContent()).toContain('20.05 USD');
    const perTill = await view.locator('.per-till').textContent();
    expect(perTill).toContain('Back bar: 7.30 USD');
    expect(perTill).toContain('Front counter: 12.75 USD');
    const rows = view.locator('tbody tr');
    expect(await rows.count()).toBe(4);
    await screenshot(page, 'screen-owner-whole-shop');
    // The amber status badges' contrast is the shared style's (the day's own list has it too), not this view's.
    const problems = await axeProblems(page);
    expect(
      problems.filter((p) => !(p.id === 'color-contrast' && p.nodes.every((n) => n.includes('.status-')))),
    ).toEqual([]);
  });

  it("closes the whole shop's day: per till and per asset, the shop's total, and its CSV", async () => {
    const close = page.locator('section.shop-close');
    await close.getByRole('heading', { name: /Close of day of the whole shop/ }).scrollIntoViewIfNeeded();
    const table = close.getByRole('table', { name: /Close of day/ });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    const rowOf = async (name: string) =>
      (await table.getByRole('row', { name: new RegExp(`^${name}`) }).textContent()) ?? '';
    expect(await rowOf('Back bar')).toMatch(/^Back bar2+7\.30 USD \(1\)7\.3\d* USDT/);
    expect(await rowOf('Front counter')).toContain('12.75 USD (2)');
    const total = (await table.locator('tfoot').textContent()) ?? '';
    expect(total).toMatch(/^Whole shop4+20\.05 USD \(3\)/);
    await close.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(resultsDir, 'screen-owner-shop-close-1024x600.png') });
    const problems = await axeProblems(page);
    expect(
      problems.filter((p) => !(p.id === 'color-contrast' && p.nodes.every((n) => n.includes('.status-')))),
    ).toEqual([]);
    // The printed close-of-day summary carries it, without its button.
    await page.emulateMedia({ media: 'print' });
    expect(await close.isVisible()).toBe(true);
    expect(await close.getByRole('button').isVisible()).toBe(false);
    await close.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(resultsDir, 'print-owner-shop-close.png') });
    await page.emulateMedia({ media: 'screen' });
    const download = page.waitForEvent('download');
    await close.getByRole('button', { name: 'Export CSV of the close of day' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^paydesk-shop-close-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parse(readFileSync((await file.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(records.filter((r) => r.kind === 'paid').map((r) => [r.till, r.payments, r.count, r.amount])).toEqual([
      ['Back bar', '2', '1', '7.3'],
      ['Front counter', '2', '2', '12.75'],
      ['shop', '4', '3', '20.05'],
    ]);
  });

  it('filters one till, and exports the CSV of that view', async () => {
    const view = page.locator('section.shop-view');
    await view.getByLabel('Till').selectOption({ label: 'Back bar' });
    await expect.poll(() => view.locator('tbody tr').count()).toBe(2);
    expect(await view.locator('tbody').textContent()).not.toContain('Front counter');
    await expect.poll(() => view.locator('.figures').first().textContent()).toContain('7.30 USD');
    await view.getByRole('heading', { name: 'Whole shop' }).scrollIntoViewIfNeeded();
    // The close of day follows the chosen till.
    const close = page.locator('section.shop-close');
    await expect.poll(() => close.getByRole('heading').textContent()).toMatch(/Close of day of this till/);
    await expect.poll(() => close.locator('tbody tr').count()).toBe(1);
    expect(await close.locator('tbody').textContent()).toContain('Back bar');
    await screenshot(page, 'screen-owner-whole-shop-bar');
    // What the owner sees at 1024x600 with the view scrolled to the top (not the whole page).
    await view.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(resultsDir, 'screen-owner-whole-shop-1024x600.png') });
    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: 'Export CSV of this view' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^paydesk-shop-\d{4}-\d{2}-\d{2}-Back_bar\.csv$/);
    const records = parse(readFileSync((await file.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.till, r.status, r.quote_amount]).sort()).toEqual([
      ['Back bar', 'pending', '7.3'],
      ['Back bar', 'unpaid', '3'],
    ]);
  });
});
