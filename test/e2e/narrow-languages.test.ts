/**
 * The till's top bar at a cashier's smallest screen (1024x600) in every language, for the owner (the
 * most navigation items): the page never scrolls sideways and Lock stays on screen. A tester found the
 * page 1211 to 1443 px wide in es, fr, de, pt-BR and tr. Screenshots: test-results/narrow-<lng>.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../shared/i18n/languages.js';
import { e2eAvailable, screenshot } from '../helpers/browser.js';
import type { HostProcess } from '../helpers/host.js';
import { openOwnerTill, type OwnerTill } from '../helpers/owner-till.js';
import type { PosHttp } from '../helpers/pos-http.js';

describe.runIf(e2eAvailable())('e2e: the top bar at 1024x600 in every language', () => {
  let till: OwnerTill | undefined;
  let host: HostProcess;
  let page: Page;
  let pos: PosHttp;

  beforeAll(async () => {
    // Each page has its own session: this tab takes the owner's, signed in over HTTP.
    till = await openOwnerTill({ width: 1024, height: 600 });
    ({ host, page, pos } = till);
  }, 60_000);
  afterAll(() => till?.close());

  for (const language of LANGUAGE_CODES) {
    it(`${language}: no sideways scroll, Lock visible`, async () => {
      await pos.call('settings.save', { language });
      await page.goto(host.url);
      await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
      const bar = page.locator('.session-bar');
      await bar.waitFor();
      // The owner's whole navigation is there (Cart, Charge, Orders, Shift, Setup, Owner, Staff, Audit).
      expect(await page.locator('nav[aria-label] li').count()).toBeGreaterThanOrEqual(8);
      const lock = bar.locator('button[aria-keyshortcuts="Control+L"]');
      expect(await lock.isVisible()).toBe(true);
      const box = (await lock.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1024);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1024);
      await screenshot(page, `narrow-${language}`);
    });
  }
});
