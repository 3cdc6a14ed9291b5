/**
 * The owner's till in a browser, as the e2e tests of a screen start it: a host of its own, the demo shop
 * set up with owner PIN 4321 over HTTP, then whatever the test prepares, then a touch-capable tab at
 * `viewport` holding that signed-in session (pos-http.ts, tabWithSession).
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startHost, type HostProcess } from './host.js';
import { posOverHttp, tabWithSession, type PosHttp } from './pos-http.js';

export interface OwnerTill {
  host: HostProcess;
  pos: PosHttp;
  browser: Browser;
  page: Page;
  /** Closes the browser and stops the host. */
  close: () => Promise<void>;
}

export async function openOwnerTill(
  viewport: { width: number; height: number },
  prepare: (pos: PosHttp) => Promise<unknown> = async () => undefined,
): Promise<OwnerTill> {
  const host = await startHost();
  let browser: Browser | undefined;
  try {
    const pos = await posOverHttp(host);
    await pos.call('settings.save', { payeeNetworkId: '7000101', ownerPin: '4321' });
    await prepare(pos);
    browser = await launchBrowser();
    const page = await tabWithSession(browser, host.url, pos, viewport);
    const opened = browser;
    return {
      host,
      pos,
      browser,
      page,
      close: async () => {
        await opened.close();
        await host.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await host.stop();
    throw error;
  }
}

/** Six drinks in one category, priced 2 to 7 USD: a cart longer than a counter's 1024x600 shows. */
export const DRINKS = ['Coffee', 'Tea', 'Juice', 'Water', 'Cocoa', 'Lemonade'];
const DRINKS_CSV = ['name,price,category,tax_rate', ...DRINKS.map((name, i) => `${name},${i + 2},Drinks,0`)].join(
  '\r\n',
);

/** The owner's till at 1024x600 selling the drinks, tips asked (10 %, 15 %), signed in and on screen. */
export async function openDrinksTill(): Promise<OwnerTill> {
  const till = await openOwnerTill({ width: 1024, height: 600 }, async (pos) => {
    await pos.call('sales.saveSettings', { tipsEnabled: true, tipPresets: ['10', '15'] });
    await pos.call('items.import', { csv: DRINKS_CSV });
  });
  till.page.setDefaultTimeout(10_000);
  await till.page.locator('.signed-in', { hasText: 'Owner' }).waitFor();
  return till;
}
