/**
 * First-run Setup: picking Español shows the Setup form in Spanish at once (a preview), before Save.
 * Screenshot: test-results/setup-preview-es.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { repoRoot, startHost, type HostProcess } from '../helpers/host.js';

const es = JSON.parse(readFileSync(join(repoRoot, 'shared/i18n/locales/es/till.json'), 'utf8')) as Record<
  string,
  string
>;

describe.runIf(e2eAvailable())('e2e: first-run Setup previews the chosen language', () => {
  let host: HostProcess;
  let browser: Browser;
  beforeAll(async () => {
    host = await startHost();
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('Español applies to the form before Save', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1024, height: 600 } })).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(host.url);
    await page.getByRole('heading', { name: 'Set up the shop' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('heading', { name: es.setupTitle! }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.getByLabel('Idioma').inputValue()).toBe('es');
    await screenshot(page, 'setup-preview-es');
    await page.context().close();
  });
});
