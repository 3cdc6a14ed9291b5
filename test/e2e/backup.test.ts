/**
 * Backups in Chromium (README, "Backups"): the owner sets a folder and a passphrase in the owner's area,
 * makes a backup and sees it in the status; a mistyped second passphrase is caught; `npm run restore`
 * brings the backup into a fresh data directory whose day review shows the same totals.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { repoRoot, startHost, tempDataDir, type HostProcess } from '../helpers/host.js';
import { posOverHttp } from '../helpers/pos-http.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const PASSPHRASE = 'shop backup passphrase 2026';

/** The PosApi over the host's HTTP bridge (test/helpers/pos-http.ts): answers the result or throws. */
async function bridge(host: HostProcess) {
  return (await posOverHttp(host)).call;
}

describe.runIf(e2eAvailable())('e2e: the owner backs up, and a backup restores', () => {
  const hosts: HostProcess[] = [];
  let browser: Browser;
  let page: Page;
  const folder = tempDataDir('pd-e2e-usb-');

  beforeAll(async () => {
    const host = await startHost();
    hosts.push(host);
    const pos = await bridge(host);
    await pos('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321' });
    for (const amount of ['12.50', '7.25']) {
      const order = await pos('order.create', {
        quoteAssetId: 'usd',
        quoteAmount: amount,
        paymentAssetId: USDT,
        isChain: false,
      });
      await pos('sandbox.payInFull', { orderId: order.orderId });
    }
    await pos('sandbox.advanceClock', { seconds: 10 }); // settled: success
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    // The page shares the host's connection: locked here, it opens on the sign-in pad.
    await pos('staff.lock');
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Owner, Owner' }).click();
    await page.keyboard.type('4321');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Day review' }).click();
    await page.getByRole('heading', { name: 'Backups' }).waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    for (const host of hosts) await host.stop();
  });

  it('catches a mistyped passphrase, then saves the settings and makes a backup the status shows', async () => {
    const panel = page.locator('section.backup-panel');
    await expect(panel.getByText('Backups are not set up.').isVisible()).resolves.toBe(true);
    await panel.getByLabel('Folder (full path)').fill(folder);
    // A refused save keeps what was typed, and says which field.
    await panel.getByLabel('Passphrase (at least 10 characters)').fill('short');
    await panel.getByLabel('Passphrase again').fill('short');
    await panel.getByRole('button', { name: 'Save backup settings' }).click();
    await panel
      .getByRole('alert')
      .filter({ hasText: /passphrase/ })
      .waitFor();
    expect(await panel.getByLabel('Folder (full path)').inputValue()).toBe(folder);
    expect(await panel.getByLabel('Passphrase (at least 10 characters)').getAttribute('aria-invalid')).toBe('true');
    await panel.getByLabel('Passphrase (at least 10 characters)').fill(PASSPHRASE);
    await panel.getByLabel('Passphrase again').fill(`${PASSPHRASE}!`);
    await panel.getByRole('button', { name: 'Save backup settings' }).click();
    await expect(panel.getByRole('alert').textContent()).resolves.toBe('The two passphrases differ.');
    await panel.getByLabel('Passphrase again').fill(PASSPHRASE);
    await panel.getByRole('button', { name: 'Save backup settings' }).click();
    await panel.getByText('Backup settings saved.').waitFor();
    await panel.getByRole('button', { name: 'Back up now' }).click();
    await panel.getByText(/^Backup made: paydesk-backup-\d{8}-\d{6}\.pdbackup/).waitFor();
    await panel.getByText(/^Last good backup: /).waitFor();
    expect(readdirSync(folder).filter((name) => name.endsWith('.pdbackup'))).toHaveLength(1);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'screen-owner-backups');
    await page.setViewportSize({ width: 1024, height: 600 });
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'screen-owner-backups-1024x600');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('exports the whole book as a zip of CSV files the browser downloads', async () => {
    const panel = page.locator('section.backup-panel');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export the whole book (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^paydesk-book-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const orders = strFromU8(files['orders.csv']!).trim().split('\r\n');
    expect(orders).toHaveLength(3); // the header and the two sales
    expect(orders.slice(1).map((line) => line.split(',')[4])).toEqual(['12.50', '7.25']);
    await panel.getByText(/^Exported paydesk-book-.*orders\.csv \(2\)/).waitFor();
    await panel.getByRole('button', { name: 'Export the whole book (zip)' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'screen-owner-book-export');
  });

  it('a new till restores the backup from first-run Setup, restarts, and shows the same day totals', async () => {
    const [file] = readdirSync(folder).filter((name) => name.endsWith('.pdbackup'));
    const fresh = await startHost();
    hosts.push(fresh);
    const setup = await (await browser.newContext({ viewport: { width: 1024, height: 600 } })).newPage();
    await setup.goto(fresh.url);
    await setup.getByText('Restore from a backup').click();
    await setup.getByLabel('Backup file (full path to the .pdbackup file)').fill(join(folder, file!));
    await setup.getByLabel('Backup passphrase').fill('not the passphrase');
    await setup.getByRole('button', { name: 'Check and restore' }).click();
    await setup.getByRole('alert').filter({ hasText: 'The passphrase is wrong for this backup.' }).waitFor();
    expect(await setup.getByLabel('Backup passphrase').getAttribute('aria-invalid')).toBe('true');
    await screenshot(setup, 'screen-setup-restore-refused');
    await setup.getByLabel('Backup passphrase').fill(PASSPHRASE);
    await setup.getByRole('button', { name: 'Check and restore' }).click();
    await setup.getByText(/2 orders and \d+ payments\. Paydesk restarts/).waitFor();
    await screenshot(setup, 'screen-setup-restore-done');
    // The page reloads by itself once the restarted core answers: the restored till has its staff, so
    // it opens on the sign-in pad, and the owner's PIN from the backup opens it.
    await setup.getByRole('button', { name: 'Owner, Owner' }).click({ timeout: 20_000 });
    await setup.keyboard.type('4321');
    await setup.keyboard.press('Enter');
    await setup.getByRole('heading', { name: 'Charge', level: 2 }).waitFor();
    const [before, after] = await Promise.all(
      [hosts[0]!, fresh].map(async (host) => {
        const pos = await bridge(host);
        await pos('staff.signIn', { accountId: 'owner', pin: '4321' });
        return (await pos('owner.day', {})).totals;
      }),
    );
    expect(after).toEqual(before);
    await setup.close();
  }, 60_000);

  it('restores into a fresh data directory with the same day totals', async () => {
    const [file] = readdirSync(folder).filter((name) => name.endsWith('.pdbackup'));
    const dataDir = join(tempDataDir('pd-e2e-restored-'), 'data');
    const out = execFileSync(
      process.execPath,
      [join(repoRoot, 'dist/electron/restore.js'), '--from', join(folder, file!), '--data', dataDir],
      { env: { ...process.env, PAYDESK_BACKUP_PASSPHRASE: PASSPHRASE }, encoding: 'utf8' },
    );
    expect(out).toMatch(/^restored 2 orders and \d+ payments/);
    const restored = await startHost({ dataDir });
    hosts.push(restored);
    const [before, after] = await Promise.all(
      [hosts[0]!, restored].map(async (host) => {
        const pos = await bridge(host);
        await pos('staff.signIn', { accountId: 'owner', pin: '4321' });
        return (await pos('owner.day')).totals;
      }),
    );
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).toContain('19.75');
  });
});
