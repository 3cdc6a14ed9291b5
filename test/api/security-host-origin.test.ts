/**
 * Who may talk to the server (README "Security"): foreign Host names are refused before any route
 * (DNS rebinding), the till's page and token are served only at / on the till's own names, browser
 * writes from foreign origins are refused unless allowed in corsOrigins, slow clients are cut off,
 * and Node-level parser errors still answer with the envelope.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../electron/compose.js';
import { ManualClock } from '../../electron/platform/clock.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { SHOP, USDT } from '../helpers/gateway.js';
import { repoRoot, tempDataDir } from '../helpers/host.js';
import { readFileSync } from 'node:fs';
import { isLoopbackPeer } from '../../electron/platform/http-guard.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

let core: Core;
/** A page token the host minted (as for a page it served at /). */
let bridgeToken = '';
const PAGE_TOKEN = /name="paydesk-token" content="[0-9a-f]{64}"/;
let port = 0;
let merchantKey = '';

/** A raw request, so that Host and Origin can be anything (fetch would not let us set Host). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  address = '127.0.0.1',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: address,
        port,
        method,
        path,
        headers: { ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const own = () => `127.0.0.1:${port}`;
const createBody = (orderId: string) =>
  JSON.stringify({
    payeeId: SHOP,
    orderId,
    quoteAssetId: 'usd',
    quoteAmount: '5',
    paymentAssetId: USDT,
    settlementAssetId: USDT,
  });
const paymentCount = async (): Promise<number> => {
  const answer = await send('GET', '/v1/payments_result?orderId=sec-probe-1&payeeId=' + SHOP, { host: own() });
  return (JSON.parse(answer.text) as { success: boolean }).success ? 1 : 0;
};

beforeAll(async () => {
  const dataDir = tempDataDir('pd-sec-');
  core = await startCore({
    dataDir,
    shell: 'host',
    port: 0,
    logger: silentLogger,
    clock: new ManualClock(Date.UTC(2026, 10, 23, 12)),
    rendererDir: join(repoRoot, 'dist', 'renderer'),
    httpBridge: true,
    headersTimeoutMs: 400,
    requestTimeoutMs: 800,
  });
  bridgeToken = core.pageTokens.issue();
  port = core.port;
  merchantKey = readFileSync(join(dataDir, 'merchant-key'), 'utf8').trim();
});

afterAll(async () => {
  await core?.close();
});

describe('Host names (DNS rebinding)', () => {
  it('refuses a foreign Host on every path before any route runs', async () => {
    const evil = { host: `evil.example:${port}` };
    const page = await send('GET', '/', evil);
    expect(page.status).toBe(421);
    expect(page.text).not.toContain(bridgeToken);
    const call = await send(
      'POST',
      '/pos/call/app.info',
      { ...evil, authorization: `Bearer ${bridgeToken}`, 'content-type': 'application/json' },
      '{}',
    );
    expect(call.status).toBe(421);
    expect(call.text).not.toContain('Paydesk');
    const events = await send('GET', `/pos/events?token=${bridgeToken}`, evil);
    expect(events.status).toBe(421);
    const create = await send(
      'POST',
      '/v1/payments',
      { ...evil, 'content-type': 'application/json' },
      createBody('sec-probe-1'),
    );
    expect(create.status).toBe(421);
    expect(JSON.parse(create.text)).toMatchObject({ code: 1421, success: false, data: [] });
    expect(await paymentCount()).toBe(0);
    // The same name on another port is not ours either, nor is a missing port.
    expect((await send('GET', '/v1/health', { host: `127.0.0.1:${port + 1}` })).status).toBe(421);
    expect((await send('GET', '/v1/health', { host: '127.0.0.1' })).status).toBe(421);
  });

  it('answers its own names: 127.0.0.1, localhost and [::1] with its port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect((await send('GET', '/v1/health', { host })).status).toBe(200);
    }
  });

  it('also answers the configured publicOrigin host (a proxy in front of the gateway)', async () => {
    const auth = { host: own(), authorization: `Bearer ${merchantKey}`, 'content-type': 'application/json' };
    expect((await send('GET', '/v1/health', { host: 'pay.shop.example' })).status).toBe(421);
    expect(
      (await send('POST', '/v1/merchant/settings', auth, JSON.stringify({ publicOrigin: 'https://pay.shop.example' })))
        .status,
    ).toBe(200);
    expect((await send('GET', '/v1/health', { host: 'pay.shop.example' })).status).toBe(200);
    expect((await send('POST', '/v1/merchant/settings', auth, JSON.stringify({ publicOrigin: '' }))).status).toBe(200);
    expect((await send('GET', '/v1/health', { host: 'pay.shop.example' })).status).toBe(421);
  });
});

describe('the till page and token', () => {
  it('is served at / on the till origin only; never on payer paths or unknown paths', async () => {
    const page = await send('GET', '/', { host: own() });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(PAGE_TOKEN);
    const code = '0b9f7d6e-1c2a-4b3c-8d4e-5f6a7b8c9d0e';
    const checkout = await send('GET', `/code/${code}`, { host: own() });
    expect(checkout.status).toBe(200);
    expect(checkout.text).toContain(code);
    expect(checkout.text).not.toContain(bridgeToken);
    expect(checkout.text).not.toContain('<script');
    for (const path of ['/orders', '/code/not-a-code', '/anything/else', '/index.html?x=1#/code/1']) {
      const answer = await send('GET', path, { host: own() });
      if (path.startsWith('/index.html')) continue; // the page itself, on the till origin
      expect(answer.text).not.toContain(bridgeToken);
    }
  });
});

describe('the till on another bind address (--host)', () => {
  it('answers the gateway on its bind address but serves the till page and PosApi only on loopback names', async () => {
    // 127.0.0.2 stands in for a LAN address: the server's own, but not the till's origin.
    const lan = await startCore({
      dataDir: tempDataDir('pd-sec-lan-'),
      shell: 'host',
      port: 0,
      bindHost: '127.0.0.2',
      logger: silentLogger,
      rendererDir: join(repoRoot, 'dist', 'renderer'),
      httpBridge: true,
    });
    const lanToken = lan.pageTokens.issue();
    try {
      const lanAddress = '127.0.0.2';
      const at = (host: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) => {
        const saved = port;
        port = lan.port;
        return send(method, path, { host, ...headers }, body, lanAddress).finally(() => (port = saved));
      };
      expect((await at(`127.0.0.1:${lan.port}`, 'GET', '/')).text).toMatch(PAGE_TOKEN);
      // The cashier's window opens the loopback URL, which the same server also answers.
      expect(lan.url).toBe(`http://127.0.0.1:${lan.port}`);
      expect((await fetch(`${lan.url}/`)).status).toBe(200);
      {
        // The Host a LAN device sends: the gateway answers, the till does not.
        expect((await at(`${lanAddress}:${lan.port}`, 'GET', '/v1/health')).status).toBe(200);
        const page = await at(`${lanAddress}:${lan.port}`, 'GET', '/');
        expect(page.status).toBe(403);
        expect(page.text).not.toContain(lanToken);
        const call = await at(
          `${lanAddress}:${lan.port}`,
          'POST',
          '/pos/call/app.info',
          { authorization: `Bearer ${lanToken}`, 'content-type': 'application/json' },
          '{}',
        );
        expect(call.status).toBe(403);
        expect(JSON.parse(call.text)).toMatchObject({ ok: false, error: { code: 'till_only' } });
        // The same page and command written so that the raw target does not look like the till's path.
        for (const target of [
          `http://${lanAddress}:${lan.port}/`,
          `http://${lanAddress}:${lan.port}/index.html`,
          '/%69ndex.html',
          '/%2F',
        ]) {
          const disguised = await at(`${lanAddress}:${lan.port}`, 'GET', target);
          expect(disguised.text, target).not.toContain(lanToken);
          expect([403, 404], target).toContain(disguised.status);
        }
        for (const target of [
          `http://${lanAddress}:${lan.port}/pos/call/app.info`,
          '/%70os/call/app.info',
          '/pos/call/%61pp.info',
        ]) {
          const disguised = await at(
            `${lanAddress}:${lan.port}`,
            'POST',
            target,
            { authorization: `Bearer ${lanToken}`, 'content-type': 'application/json' },
            '{}',
          );
          expect(disguised.status, target).toBe(403);
          expect(disguised.text, target).not.toContain('"ok":true');
        }
      }
    } finally {
      await lan.close();
    }
  });

  it('knows a loopback peer from any other', () => {
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackPeer(peer)).toBe(true);
    for (const peer of ['192.168.1.20', '10.0.0.2', '::ffff:192.168.1.20', 'fe80::1', '', undefined])
      expect(isLoopbackPeer(peer)).toBe(false);
  });
});

describe('Origin (cross-origin browser writes)', () => {
  it('refuses writes from a foreign origin on /v1, sandbox, merchant and PosApi routes, storing nothing', async () => {
    const foreign = { host: own(), origin: 'http://127.0.0.1:9' };
    const create = await send(
      'POST',
      '/v1/payments',
      { ...foreign, 'content-type': 'text/plain' },
      createBody('sec-probe-1'),
    );
    expect(create.status).toBe(403);
    expect(JSON.parse(create.text)).toMatchObject({ code: 1403, success: false });
    expect(await paymentCount()).toBe(0);
    const form = await send(
      'POST',
      '/v1/payments',
      { ...foreign, 'content-type': 'application/x-www-form-urlencoded' },
      `payeeId=${SHOP}&orderId=sec-probe-1&quoteAssetId=usd&quoteAmount=5&paymentAssetId=${USDT}&settlementAssetId=${USDT}`,
    );
    expect(form.status).toBe(403);
    const before = (JSON.parse((await send('GET', '/v1/health', { host: own() })).text) as { timestampMs: number })
      .timestampMs;
    const clock = await send(
      'POST',
      '/v1/sandbox/clock',
      { ...foreign, 'content-type': 'text/plain' },
      JSON.stringify({ advanceSeconds: 315_360_000 }),
    );
    expect(clock.status).toBe(403);
    const after = (JSON.parse((await send('GET', '/v1/health', { host: own() })).text) as { timestampMs: number })
      .timestampMs;
    expect(after - before).toBeLessThan(60_000);
    const settings = await send(
      'POST',
      '/v1/merchant/settings',
      { ...foreign, authorization: `Bearer ${merchantKey}`, 'content-type': 'application/json' },
      JSON.stringify({ spreadPercent: '5' }),
    );
    expect(settings.status).toBe(403);
    const pos = await send(
      'POST',
      '/pos/call/app.info',
      { ...foreign, authorization: `Bearer ${bridgeToken}`, 'content-type': 'application/json' },
      '{}',
    );
    expect(pos.status).toBe(403);
    expect(JSON.parse(pos.text)).toMatchObject({ ok: false, error: { code: 'forbidden_origin' } });
    // A sandboxed page or a file: URL sends Origin "null": not ours either.
    expect(
      (
        await send(
          'POST',
          '/v1/payments',
          { host: own(), origin: 'null', 'content-type': 'text/plain' },
          createBody('sec-probe-1'),
        )
      ).status,
    ).toBe(403);
    expect(await paymentCount()).toBe(0);
  });

  it('lets the till page (same origin) and clients without Origin write', async () => {
    const same = await send(
      'POST',
      '/pos/call/app.info',
      {
        host: own(),
        origin: `http://${own()}`,
        authorization: `Bearer ${bridgeToken}`,
        'content-type': 'application/json',
      },
      '{}',
    );
    expect(same.status).toBe(200);
    const sdk = await send(
      'POST',
      '/v1/payments',
      { host: own(), 'content-type': 'application/json' },
      createBody('sec-probe-2'),
    );
    expect(JSON.parse(sdk.text)).toMatchObject({ success: true });
  });

  it('answers CORS for origins in corsOrigins on /v1 only, never for the PosApi', async () => {
    const shop = 'https://shop.example';
    const auth = { host: own(), authorization: `Bearer ${merchantKey}`, 'content-type': 'application/json' };
    expect(
      (await send('POST', '/v1/merchant/settings', auth, JSON.stringify({ corsOrigins: ['ftp://shop.example'] })))
        .status,
    ).toBe(400);
    expect(
      (await send('POST', '/v1/merchant/settings', auth, JSON.stringify({ corsOrigins: [`${shop}/`] }))).status,
    ).toBe(200);
    const preflight = await send('OPTIONS', '/v1/payments', {
      host: own(),
      origin: shop,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(shop);
    expect(String(preflight.headers['access-control-allow-headers'])).not.toContain('authorization');
    const create = await send(
      'POST',
      '/v1/payments',
      { host: own(), origin: shop, 'content-type': 'application/json' },
      createBody('sec-probe-3'),
    );
    expect(create.status).toBe(200);
    expect(create.headers['access-control-allow-origin']).toBe(shop);
    const pos = await send(
      'POST',
      '/pos/call/app.info',
      { host: own(), origin: shop, authorization: `Bearer ${bridgeToken}`, 'content-type': 'application/json' },
      '{}',
    );
    expect(pos.status).toBe(403);
    expect(pos.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('slow and malformed clients', () => {
  /** Writes `chunks` to a raw socket, one every `everyMs`; resolves with what came back and when the socket closed. */
  function trickle(chunks: string[], everyMs: number): Promise<{ text: string; closedAfterMs: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      let text = '';
      let i = 0;
      const timer = setInterval(() => {
        if (i < chunks.length && !socket.destroyed) socket.write(chunks[i++]!);
      }, everyMs);
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ text, closedAfterMs: Date.now() - started });
      });
    });
  }

  it('cuts off a client that sends its headers too slowly', async () => {
    const headers = `POST /v1/payments HTTP/1.1\r\nHost: ${own()}\r\n`.split('');
    const outcome = await trickle(headers, 100); // would take seconds; the limit is 400 ms
    expect(outcome.closedAfterMs).toBeLessThan(headers.length * 100);
    expect(outcome.text).toMatch(/^HTTP\/1\.1 408/);
    expect(outcome.text).toContain('"code":1408');
  });

  it('cuts off a client that sends its body too slowly', async () => {
    const body = createBody('sec-probe-9');
    const head = `POST /v1/payments HTTP/1.1\r\nHost: ${own()}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const outcome = await trickle([head, ...body.match(/.{1,4}/g)!], 150);
    expect(outcome.closedAfterMs).toBeLessThan(150 * (body.length / 4));
    expect(outcome.text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers a malformed request and oversized headers with the envelope', async () => {
    const bad = await trickle(['GARBAGE\r\n\r\n'], 1);
    expect(bad.text).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(bad.text.split('\r\n\r\n')[1]!)).toMatchObject({ code: 10011, success: false, data: [] });
    const big = await trickle([`GET /v1/health HTTP/1.1\r\nHost: ${own()}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`], 1);
    expect(big.text).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(big.text.split('\r\n\r\n')[1]!)).toMatchObject({ code: 1431, success: false });
  });
});
