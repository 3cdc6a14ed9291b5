/**
 * A real browser as an attacker would use it: a page of another local origin tries to create a
 * payment, move the sandbox clock and read the till's token; a public name rebound to 127.0.0.1
 * (DNS rebinding, simulated with Chromium's host resolver rules) tries to load the till itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eAvailable, findChromium, launchBrowser, screenshot } from '../helpers/browser.js';
import { startHost, type HostProcess } from '../helpers/host.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';

/** The attacker's page: every trick it tries reports into window.report. */
function attackerPage(target: string): string {
  const body = JSON.stringify({
    payeeId: SHOP,
    orderId: 'attack-0001',
    quoteAssetId: 'usd',
    quoteAmount: '5',
    paymentAssetId: USDT,
    settlementAssetId: USDT,
  });
  return `<!doctype html><html><body><h1>Totally normal page</h1><script>
  window.report = {};
  const target = ${JSON.stringify(target)};
  const tries = [
    ['plainPost', () => fetch(target + '/v1/payments', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(body)} })],
    ['clock', () => fetch(target + '/v1/sandbox/clock', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{"advanceSeconds":315360000}' })],
    ['readPage', () => fetch(target + '/').then((r) => r.text())],
    ['readCode', () => fetch(target + '/code/0b9f7d6e-1c2a-4b3c-8d4e-5f6a7b8c9d0e').then((r) => r.text())],
  ];
  window.done = Promise.all(tries.map(([name, run]) => run().then((v) => { window.report[name] = typeof v === 'string' ? v : 'sent'; }, (e) => { window.report[name] = 'error: ' + e; })));
  </script></body></html>`;
}

describe.runIf(e2eAvailable())('e2e: a foreign web page cannot drive the till', () => {
  let host: HostProcess;
  let attacker: Server;
  let attackerUrl = '';
  let browser: Browser;

  beforeAll(async () => {
    host = await startHost();
    attacker = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(attackerPage(host.url)),
    );
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    attacker?.close();
    await host?.stop();
  });

  it('a page of another local origin neither creates a payment, moves the clock, nor reads the token', async () => {
    const before = (await (await fetch(`${host.url}/v1/health`)).json()) as { timestampMs: number };
    const page = await browser.newPage();
    await page.goto(attackerUrl);
    await page.evaluate(() => (globalThis as unknown as { done: Promise<unknown> }).done);
    const report = (await page.evaluate(
      () => (globalThis as unknown as { report: Record<string, string> }).report,
    )) as Record<string, string>;
    // Reads across origins fail in the browser (no CORS headers): the token never reaches the page.
    expect(report.readPage).toMatch(/^error/);
    expect(report.readCode).toMatch(/^error/);
    expect(JSON.stringify(report)).not.toMatch(/paydesk-token/);
    const result = (await (
      await fetch(`${host.url}/v1/payments_result?orderId=attack-0001&payeeId=${SHOP}`)
    ).json()) as { success: boolean; code: number };
    expect(result).toMatchObject({ success: false, code: 10062 });
    const after = (await (await fetch(`${host.url}/v1/health`)).json()) as { timestampMs: number };
    expect(after.timestampMs - before.timestampMs).toBeLessThan(60_000);
    await screenshot(page, 'security-foreign-page');
    await page.close();
  });

  it('a public name rebound to 127.0.0.1 gets a refusal, not the till or its token', async () => {
    const port = new URL(host.url).port;
    const rebinding = await chromium.launch({
      executablePath: findChromium()!,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-quic',
        '--host-resolver-rules=MAP attacker.example 127.0.0.1',
      ],
    });
    try {
      const page = await rebinding.newPage();
      const response = await page.goto(`http://attacker.example:${port}/`);
      expect(response?.status()).toBe(421);
      const html = await page.content();
      expect(html).not.toContain('paydesk-token');
      // Its own scripts cannot reach the PosApi either.
      const call = await page.evaluate(
        async () =>
          (
            await fetch('/pos/call/app.info', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            })
          ).status,
      );
      expect(call).toBe(421);
      await screenshot(page, 'security-rebinding');
    } finally {
      await rebinding.close();
    }
  });
});
