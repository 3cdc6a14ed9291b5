/**
 * Issue 15, item 6 in Chromium: a till on a hosted gateway that stops answering. No TEST MODE badge
 * (the built-in sandbox is not in use), the offline banner shows, and "Pay with" says why it is empty;
 * a Save that points at a gateway that cannot be reached changes nothing.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { e2eAvailable, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';

describe.runIf(e2eAvailable())('e2e: a hosted gateway that cannot be reached (issue 15, item 6)', () => {
  let till: HostProcess;
  let hosted: HostProcess;
  let browser: Browser;
  let page: Page;
  let token = '';

  async function pos(command: string, args: unknown = {}): Promise<any> {
    const response = await fetch(`${till.url}/pos/call/${command}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(args),
    });
    return (await response.json()) as any;
  }

  beforeAll(async () => {
    [till, hosted] = await Promise.all([startHost(), startHost()]);
    const html = await (await fetch(till.url)).text();
    token = /name="paydesk-token" content="([^"]+)"/.exec(html)![1]!;
    const saved = await pos('settings.save', {
      payeeNetworkId: '7000101',
      gateway: { kind: 'hosted', baseUrl: hosted.url },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1024, height: 600 } });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([till?.stop(), hosted?.stop()]);
  });

  it('a failed Save changes nothing', async () => {
    const before = (await pos('settings.get')).result;
    const refused = await pos('settings.save', {
      payeeNetworkId: '7000101',
      gateway: { kind: 'hosted', baseUrl: 'http://127.0.0.1:9' },
    });
    expect(refused.ok).toBe(false);
    expect((await pos('settings.get')).result).toEqual(before);
  });

  it('when the hosted gateway stops: no TEST MODE, the offline banner, and why "Pay with" is empty', async () => {
    expect(await hosted.stop()).toBe(0);
    await page.goto(till.url);
    await page.getByRole('heading', { name: 'Charge' }).waitFor({ state: 'attached', timeout: 15_000 });
    await page.getByText(/Nothing to pay with: the gateway cannot be reached/).waitFor({ timeout: 15_000 });
    await page.getByText(/Gateway unreachable/).waitFor({ timeout: 15_000 });
    expect(await page.getByText(/TEST MODE|Test mode/).count()).toBe(0);
    await screenshot(page, 'trust-charge-offline-1024x600');
    expect(await axeProblems(page)).toEqual([]);
  });
});
