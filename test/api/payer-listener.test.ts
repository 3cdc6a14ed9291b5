/**
 * The payer listener (`--payer-host`): over real HTTP on its own address (127.0.0.2 stands in for a
 * shop-network address), it serves the checkout page, its files and the public /v1 calls a payer
 * makes, and refuses the till's page, the PosApi, merchant and sandbox routes; it has its own rate
 * limit. The till's own address keeps working as before.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../electron/compose.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { PAYER_RATE_PER_MINUTE } from '../../electron/web/payer-listener.js';
import { repoRoot, tempDataDir } from '../helpers/host.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
let core: Core;
/** A page token the host minted (as for a page it served at /). */
let bridgeToken = '';
const PAGE_TOKEN = /name="paydesk-token" content="[0-9a-f]{64}"/;
let code = '';

async function send(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  core = await startCore({
    dataDir: tempDataDir('pd-payer-'),
    shell: 'host',
    port: 0,
    logger: silentLogger,
    httpBridge: true,
    rendererDir: join(repoRoot, 'dist', 'renderer'),
    payerPagesDir: join(repoRoot, 'dist', 'renderer'),
    payerHost: '127.0.0.2',
  });
  bridgeToken = core.pageTokens.issue();
  const made = JSON.parse(
    (
      await send(core.url, 'POST', '/v1/one_time_payment', {
        payeeId: SHOP,
        quoteAssetId: 'usd',
        quoteAmount: '5',
        expireSeconds: 600,
      })
    ).text,
  );
  code = made.data.code;
  // Checkout links point at the payer listener, where phones reach them.
  expect(made.data.info.checkoutUrl).toBe(`${core.payerUrl}/code/${code}`);
}, 30_000);
afterAll(async () => {
  await core?.close();
});

describe('the payer listener', () => {
  it('is off by default: a core without --payer-host has no payer URL', async () => {
    const plain = await startCore({
      dataDir: tempDataDir('pd-nopayer-'),
      shell: 'host',
      port: 0,
      logger: silentLogger,
    });
    try {
      expect(plain.payerUrl).toBe('');
    } finally {
      await plain.close();
    }
  });

  it('refuses /, the PosApi, the customer display, merchant and sandbox routes', async () => {
    const payer = core.payerUrl;
    expect(payer).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    const refused: [string, string, unknown?][] = [
      ['GET', '/'],
      ['GET', '/index.html'],
      ['POST', '/pos/call/app.info', {}],
      ['GET', `/pos/events?token=${bridgeToken}`],
      ['GET', '/display/'],
      ['POST', '/v1/payments/cancel', { traceId: code }],
      ['POST', '/v1/payees', { networkId: '1', fullName: 'x' }],
      ['GET', '/v1/merchant/settings'],
      ['POST', '/v1/sandbox/clock', { advanceSeconds: 60 }],
      ['POST', '/v1/sandbox/transfers', {}],
      ['GET', '/v1/sandbox/networks'],
      ['POST', '/v1/sandbox/users', { networkId: '5', fullName: 'x' }],
      ['POST', '/v1/one_time_payment', { payeeId: SHOP, quoteAssetId: 'usd', quoteAmount: '1' }],
      ['GET', '/v1/callbacks'],
      ['GET', '/favicon.svg'],
      ['GET', '/pay.html'],
      ['GET', '/.vite/manifest.json'],
    ];
    for (const [method, path, body] of refused) {
      const answer = await send(payer, method, path, body, { authorization: `Bearer ${bridgeToken}` });
      // The till's own paths are refused by the Host/Origin guard already (403), the rest by the payer filter.
      expect([403, 404], `${method} ${path}: ${answer.status}`).toContain(answer.status);
      if (answer.status === 404) expect(answer.text).toContain('Not served on the payer listener');
      expect(answer.text).not.toContain(bridgeToken);
    }
    // A refused write changed nothing: the code is still open.
    const result = JSON.parse((await send(core.url, 'GET', `/v1/payments_result?traceId=${code}`)).text);
    expect(result.data.status).toBe('unpaid');
  });

  it('serves the checkout page, its own files and the /v1 calls of a payer', async () => {
    const payer = core.payerUrl;
    const page = await send(payer, 'GET', `/code/${code}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(bridgeToken);
    const files = [...page.text.matchAll(/\.\/assets\/([\w.-]+)/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) expect((await send(payer, 'GET', `/code/assets/${file}`)).status, file).toBe(200);
    const result = await send(payer, 'GET', `/v1/payments_result?traceId=${code}`);
    expect(JSON.parse(result.text).data.payee).toBe('Corner Café (demo shop)');
    const assets = await send(
      payer,
      'GET',
      `/v1/setting/payment_assets?payeeId=${SHOP}&quoteAssetId=usd&quoteAmount=5`,
    );
    expect(assets.status).toBe(200);
    // Receipts are reached there too (an unknown one is "No such receipt", not a refusal of the route).
    expect((await send(payer, 'GET', '/receipt/pd-20261124-0123456789.0123456789abcdef0123456789abcdef')).text).toBe(
      'No such receipt',
    );
    const made = await send(payer, 'POST', '/v1/payments', { traceId: code, paymentAssetId: USDT, isChain: false });
    expect(JSON.parse(made.text)).toMatchObject({ success: true, data: { traceId: code, paymentAssetSymbol: 'USDT' } });
  });

  it("the till's own address is unchanged: the page with its token, the PosApi", async () => {
    const page = await send(core.url, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(PAGE_TOKEN);
    const call = await send(core.url, 'POST', '/pos/call/app.info', {}, { authorization: `Bearer ${bridgeToken}` });
    expect(call.status).toBe(200);
  });

  it('has its own rate limit per client, loopback included', async () => {
    const payer = core.payerUrl;
    const statuses: number[] = [];
    for (let i = 0; i < PAYER_RATE_PER_MINUTE + 5; i++)
      statuses.push((await send(payer, 'GET', `/v1/payments_result?traceId=${code}`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(PAYER_RATE_PER_MINUTE);
    // The till's loopback address is not limited by it.
    expect((await send(core.url, 'GET', `/v1/payments_result?traceId=${code}`)).status).toBe(200);
  });
});
