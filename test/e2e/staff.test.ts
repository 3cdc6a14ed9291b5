/**
 * Staff in Chromium at a cashier's screen size (1024x600): the owner adds a cashier and a manager on
 * the Staff screen; the cashier signs in on the pad (touch), sells, and finds neither Setup nor the day
 * review (the main process refuses them too); the manager signs in (keyboard), sees the sale under the
 * cashier's name, filters by cashier and exports the CSV with the cashier column; the owner sees the
 * audit log with an intact chain, then a row edited in till.db shows as tampering. Screenshots of the
 * sign-in pad, the Staff screen and the audit log go to test-results/.
 */
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';
import { adoptSession, posOverHttp, type PosHttp } from '../helpers/pos-http.js';

describe.runIf(e2eAvailable())('e2e: staff, roles and the audit log', () => {
  let host: HostProcess;
  let browser: Browser;
  let page: Page;
  let pos: PosHttp;
  let saleId = '';

  async function signIn(name: string, pin: string, by: 'touch' | 'keyboard'): Promise<void> {
    await page.getByRole('heading', { name: 'Who is at the till?' }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^${name},`) }).click();
    await page.getByRole('heading', { name: `PIN for ${name}` }).waitFor();
    if (by === 'touch') {
      for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).tap();
      await page.getByRole('button', { name: 'Sign in' }).tap();
    } else {
      await page.keyboard.type(pin);
      await page.keyboard.press('Enter');
    }
    // "Cora (Cashier)"; the first owner, whose name is its role's word, shows as "Owner" alone.
    await page.locator('.signed-in', { hasText: new RegExp(`^${name}( \\(|$)`) }).waitFor();
  }

  beforeAll(async () => {
    host = await startHost();
    pos = await posOverHttp(host);
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321' });
    browser = await launchBrowser();
    const context = await browser.newContext({
      acceptDownloads: true,
      viewport: { width: 1024, height: 600 },
      hasTouch: true,
    });
    page = await context.newPage();
    await page.goto(host.url);
    await adoptSession(page, pos);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('the owner adds a cashier and a manager on the Staff screen', async () => {
    await page.locator('.signed-in', { hasText: 'Owner' }).waitFor();
    await page.getByRole('button', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    const form = page.locator('form.add-staff');
    await form.getByLabel('Name').fill('Cora');
    await form.getByLabel('PIN (4 to 8 digits)').fill('1357');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Cora added.').waitFor();
    await form.getByLabel('Name').fill('Max');
    await form.getByLabel('Role').selectOption('manager');
    await form.getByLabel('PIN (4 to 8 digits)').fill('2468');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Max added.').waitFor();
    await expect.poll(() => page.locator('table.staff-list tbody tr').count()).toBe(3);
    await screenshot(page, 'screen-staff');
    expect((await pos.call('staff.list')).map((a: any) => [a.name, a.role])).toEqual([
      ['Owner', 'owner'],
      ['Cora', 'cashier'],
      ['Max', 'manager'],
    ]);
  });

  it('the cashier signs in with their PIN on the pad, sells, and cannot open Setup or the day review', async () => {
    await page.getByRole('button', { name: 'Switch user' }).click();
    await page.getByRole('heading', { name: 'Who is at the till?' }).waitFor();
    await screenshot(page, 'screen-signin-names');
    await page.getByRole('button', { name: /^Cora,/ }).click();
    for (const digit of '13') await page.getByRole('button', { name: digit, exact: true }).tap();
    await screenshot(page, 'screen-signin-pad');
    await page.getByRole('button', { name: 'Someone else' }).click();
    await signIn('Cora', '1357', 'touch');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('button').allTextContents()).toEqual([
      'Sell',
      'Charge',
      'Recent orders',
      'Shift',
      'My PIN',
    ]);

    await page.getByRole('heading', { name: 'Charge' }).waitFor({ state: 'attached' });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.type('12.50');
    await page.getByRole('button', { name: /USDT/ }).first().click();
    await screenshot(page, 'screen-charge-cashier');
    await page.getByRole('button', { name: 'Charge', exact: true }).last().click();
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    await page.getByRole('button', { name: 'Pay in full' }).click();
    await page.getByRole('button', { name: 'Advance clock 1 minute' }).click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Receipt' }).click();
    await page.getByText('Served by').waitFor();
    expect(await page.locator('dd', { hasText: /^Cora$/ }).count()).toBe(1);
    saleId = (await pos.call('order.list'))[0].orderId;

    // The main process refuses what the page does not offer (the page shares this connection).
    await expect(pos.call('owner.day')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(pos.call('settings.save', { shopName: 'Cora shop' })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('the manager sees the sale attributed to the cashier and exports the CSV with the cashier column', async () => {
    await page.getByRole('button', { name: 'Switch user' }).click();
    await signIn('Max', '2468', 'keyboard');
    await page.getByRole('button', { name: 'Day review' }).click();
    await page.getByRole('heading', { name: 'Takings', exact: true }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(saleId) });
    await expect.poll(() => row.textContent()).toContain('Cora');
    await expect.poll(() => page.locator('.per-cashier').textContent()).toContain('Cora: 12.5 USD (1)');
    await page.getByLabel('Cashier').selectOption({ label: 'Cora' });
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Setup' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Audit log' }).count()).toBe(0);
    await screenshot(page, 'screen-review-by-cashier');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const rows: string[][] = parse(readFileSync((await (await download).path())!, 'utf8'));
    const cashierAt = rows[0]!.indexOf('cashier');
    expect(cashierAt).toBeGreaterThan(0);
    expect(rows.find((r) => r[0] === saleId)?.[cashierAt]).toBe('Cora');
  });

  it('the cashier abandons their own unpaid sale when the payer walks away (no manager needed)', async () => {
    await page.getByRole('button', { name: 'Switch user' }).click();
    await signIn('Cora', '1357', 'keyboard');
    await page.getByRole('heading', { name: 'Charge' }).waitFor({ state: 'attached' });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.type('3');
    await page.getByRole('button', { name: /USDT/ }).first().click();
    await page.getByRole('button', { name: 'Charge', exact: true }).last().click();
    await page.getByRole('img', { name: /Payment QR code/ }).waitFor();
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'screen-cashier-abandoned');
  });

  it('the owner sees the audit log, intact; an edited row shows as tampering', async () => {
    await page.getByRole('button', { name: 'Lock' }).click();
    await signIn('Owner', '4321', 'keyboard');
    await page.getByRole('button', { name: 'Audit log' }).click();
    await page.getByText(/Chain intact: all \d+ entries verified/).waitFor();
    const actions = await page.locator('table.audit-log code').allTextContents();
    expect(actions).toEqual(
      expect.arrayContaining(['signin', 'signin', 'staff.add', 'export.orders', 'lock', 'order.abandon']),
    );
    await screenshot(page, 'screen-audit-log');
    await page.getByLabel('Action').selectOption('export.orders');
    await expect.poll(() => page.locator('table.audit-log tbody tr').count()).toBe(1);
    await page.getByLabel('Action').selectOption('');

    const db = new Database(join(host.dataDir, 'till.db'));
    db.prepare("UPDATE audit_log SET actor_name = 'Nobody' WHERE action = 'export.orders'").run();
    const seq = (db.prepare("SELECT seq FROM audit_log WHERE action = 'export.orders'").get() as { seq: number }).seq;
    db.close();
    await page.reload();
    await page.getByRole('button', { name: 'Audit log' }).click();
    await page.getByRole('alert').getByText(`Tampering detected: Entry ${seq} was changed outside the app.`).waitFor();
    await screenshot(page, 'screen-audit-tampered');
  });
});
