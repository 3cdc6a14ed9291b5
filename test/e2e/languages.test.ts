/**
 * Languages in the browser (README "Languages"): the payer page in Spanish (picked, and remembered)
 * and in Japanese (the browser's own language), the till in German after choosing it in Setup, and
 * the customer display's picker (the shop's language by default). Expected words are read from the
 * real catalogues at test time (shared/i18n/locales/<lng>/<ns>.json); a catalogue not in this tree
 * yet is expected in English, so the test holds before and after the translations land.
 * A refusal from the main process (namespace `errors`) reads in German on the German till.
 * Screenshots: test-results/payer-es.png, payer-ja.png, till-de.png, till-de-refusal.png, display-ja.png.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders, type Language } from '../../shared/i18n/languages.js';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { repoRoot, startHost, type HostProcess } from '../helpers/host.js';
import { adoptSession, posOverHttp } from '../helpers/pos-http.js';
import { v1 } from '../helpers/qr.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const SHOP_NAME = 'Corner Café (demo shop)';

/** The English of the few keys asserted here (the typed source is the text modules in renderer/). */
const ENGLISH: Record<string, string> = {
  'payer:checkoutTitle': 'Pay {shop}',
  'payer:amountDue': 'Amount',
  'payer:payBy': 'Pay by',
  'payer:welcome': 'Welcome to {shop}',
  'till:navCharge': 'Charge',
  'till:navSetup': 'Setup',
  'till:save': 'Save',
  'till:shopName': 'Shop name',
  'till:navStaff': 'Staff',
  'till:navMore': 'More',
  'till:staffName': 'Name',
  'till:staffPin': 'PIN (4 to 8 digits)',
  'till:staffAdd': 'Add',
  'till:staffAdded': '{name} added.',
  'errors:account_name_taken': 'There is already an account named {name}.',
};

/** A message as the page must show it: from the language's catalogue when this tree has it, else English. */
function expected(language: Language, id: string, values: Record<string, string> = {}): string {
  const [ns = '', key = ''] = id.split(':');
  const file = join(repoRoot, 'shared/i18n/locales', language, `${ns}.json`);
  const catalogue = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  return fillPlaceholders(catalogue[key] ?? ENGLISH[id]!, values);
}

/** Waits until the page's `<html lang>` says the language. */
async function langIs(page: Page, language: Language): Promise<void> {
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}

describe.runIf(e2eAvailable())('e2e: languages', () => {
  let host: HostProcess;
  let browser: Browser;

  beforeAll(async () => {
    host = await startHost({ args: ['--payer-host', '127.0.0.2'] });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  const oneTime = async (quoteAmount: string): Promise<string> =>
    (
      await v1(host.url, '/v1/one_time_payment', {
        payeeId: SHOP,
        quoteAssetId: 'usd',
        quoteAmount,
        expireSeconds: 3600,
      })
    ).info.checkoutUrl;

  async function pageIn(locale: string, width = 390, height = 844): Promise<Page> {
    const context = await browser.newContext({ locale, viewport: { width, height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return page;
  }

  it('the payer page in Spanish: picked from the list, amounts and dates in Spanish, kept after a reload', async () => {
    const page = await pageIn('en-US');
    await page.goto(await oneTime('1234.5'));
    await page.getByRole('heading', { name: `Pay ${SHOP_NAME}` }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const picker = page.getByLabel('Language');
    expect(await picker.locator('option').allTextContents()).toEqual([
      'English',
      'Español',
      'Português (Brasil)',
      'Français',
      'Deutsch',
      '简体中文',
      '日本語',
      'Türkçe',
    ]);
    await picker.selectOption('es');
    await langIs(page, 'es');
    await page.getByRole('heading', { name: expected('es', 'payer:checkoutTitle', { shop: SHOP_NAME }) }).waitFor();
    await page.getByText(expected('es', 'payer:amountDue'), { exact: true }).waitFor();
    await page.getByText('1234,50 USD', { exact: true }).waitFor(); // es: decimal comma, groups from five digits; cents
    // The deadline in Spanish words (a month name or its abbreviation, e.g. "25 nov 2026, 3:18").
    const payBy = await page.locator('.summary time').textContent();
    expect(payBy).toMatch(/\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\w* \d{4}/);
    expect(await page.getByLabel('Idioma').inputValue()).toBe('es');
    await screenshot(page, 'payer-es');
    expect(await axeProblems(page)).toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: expected('es', 'payer:checkoutTitle', { shop: SHOP_NAME }) }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.context().close();
  });

  it("the payer page in Japanese, from the browser's own language without picking", async () => {
    const page = await pageIn('ja-JP');
    await page.goto(await oneTime('1234.5'));
    await page.getByRole('heading', { name: expected('ja', 'payer:checkoutTitle', { shop: SHOP_NAME }) }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.getByLabel('言語').inputValue()).toBe('ja');
    await page.getByText(expected('ja', 'payer:payBy'), { exact: true }).waitFor();
    await page.getByText('1,234.50 USD', { exact: true }).waitFor();
    expect(await page.locator('.summary time').textContent()).toMatch(/\d{4}\/\d{1,2}\/\d{1,2}/);
    await screenshot(page, 'payer-ja');
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });

  it("the till in German after choosing Deutsch in first-run Setup, and the payer's default follows the shop", async () => {
    const till = await pageIn('en-US', 1024, 600);
    await till.goto(host.url);
    await till.getByRole('heading', { name: 'Set up the shop' }).waitFor({ timeout: 15_000 });
    await till.getByLabel('Shop network id').fill('7000101');
    await till.getByRole('button', { name: 'Look up' }).click();
    await till.getByText(`Found: ${SHOP_NAME}`).waitFor();
    await till.getByLabel('Language').selectOption('de');
    // The form previews the chosen language at once, its Save button too.
    await till.getByRole('button', { name: expected('de', 'till:save'), exact: true }).click();
    await langIs(till, 'de');
    // The preview already shows German, so only leaving Setup for Charge proves the save landed; going
    // back to Setup before that would be undone by the save's own move to Charge.
    await till.getByRole('heading', { name: expected('de', 'till:setupTitle') }).waitFor({ state: 'detached' });
    await till
      .getByRole('button', { name: expected('de', 'till:navCharge'), exact: true })
      .first()
      .waitFor();
    await till.getByRole('button', { name: expected('de', 'till:navSetup'), exact: true }).click();
    expect(await till.getByLabel('Sprache').inputValue()).toBe('de');
    await till.getByLabel(expected('de', 'till:shopName')).waitFor();
    await screenshot(till, 'till-de');
    // The shop's language is now the payer's default where the browser asks for none of ours.
    const payer = await pageIn('nl-NL');
    await payer.goto(await oneTime('5'));
    await langIs(payer, 'de');
    expect(await payer.getByLabel('Sprache').inputValue()).toBe('de');
    await payer.context().close();
    await till.context().close();
  });

  it("a refusal from the main process in the till's language: a second account of the same name, in German", async () => {
    // The owner account (the Staff screen needs one), signed in on a connection the page then shares.
    const pos = await posOverHttp(host);
    await pos.call('settings.save', { ownerPin: '2468' });
    const till = await pageIn('en-US', 1024, 600);
    await till.goto(host.url);
    await adoptSession(till, pos);
    await langIs(till, 'de');
    // At 1024 px German's longer words put Staff under More (renderer/app/NavItems.tsx).
    await till.getByRole('button', { name: expected('de', 'till:navMore'), exact: true }).click();
    await till.getByRole('button', { name: expected('de', 'till:navStaff'), exact: true }).click();
    const form = till.locator('form.add-staff');
    for (const attempt of [1, 2]) {
      await form.getByLabel(expected('de', 'till:staffName'), { exact: true }).fill('Cora');
      await form.getByLabel(expected('de', 'till:staffPin')).fill('1357');
      await form.getByRole('button', { name: expected('de', 'till:staffAdd'), exact: true }).click();
      if (attempt === 1) await form.getByText(expected('de', 'till:staffAdded', { name: 'Cora' })).waitFor();
    }
    const refusal = expected('de', 'errors:account_name_taken', { name: 'Cora' });
    expect(refusal).not.toBe(ENGLISH['errors:account_name_taken']!.replace('{name}', 'Cora'));
    await form.getByRole('alert').getByText(refusal).waitFor();
    await screenshot(till, 'till-de-refusal');
    await till.context().close();
  });

  it("the customer display: the shop's language by default, the payer picks Japanese, kept on reload", async () => {
    const display = await pageIn('nl-NL', 1024, 600);
    await display.goto(`${host.url}/display`);
    await langIs(display, 'de');
    await display.getByRole('heading', { name: expected('de', 'payer:welcome', { shop: SHOP_NAME }) }).waitFor();
    await display.getByLabel('Sprache').selectOption('ja');
    await langIs(display, 'ja');
    await display.getByRole('heading', { name: expected('ja', 'payer:welcome', { shop: SHOP_NAME }) }).waitFor();
    expect(await display.getByLabel('言語').inputValue()).toBe('ja');
    await screenshot(display, 'display-ja');
    expect(await axeProblems(display)).toEqual([]);
    await display.reload();
    await langIs(display, 'ja');
    await display.context().close();
  });
});
