/**
 * The till's callback server over real HTTPS: it trusts nothing in a callback. Unsigned or badly
 * signed callbacks are refused; unknown orders and results that disagree with the order are
 * answered with a failure (so the gateway retries and the owner sees it); duplicates change nothing.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { startCore, type Core } from '../../electron/compose.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { signBody } from '../../electron/platform/signature.js';
import { tempDataDir } from '../helpers/host.js';

const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
let core: Core;
let dataDir: string;
let key: string;
let cert: string;

beforeAll(async () => {
  dataDir = tempDataDir('pd-recv-');
  core = await startCore({ dataDir, shell: 'host', port: 0, logger: silentLogger });
  key = readFileSync(join(dataDir, 'merchant-key'), 'utf8').trim();
  cert = readFileSync(join(dataDir, 'till-cert.pem'), 'utf8');
  await call('settings.save', { payeeNetworkId: '7000101' });
});
afterAll(() => core.close());

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(core.pos, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}

function post(url: string, body: string, signature?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        ca: cert,
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-paydesk-signature': signature } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
const signed = (url: string, payload: object) => {
  const body = JSON.stringify(payload);
  return post(url, body, signBody(body, key, Date.now() / 1000));
};

function tillRow(orderId: string): { callback_url: string } {
  const db = new Database(join(dataDir, 'till.db'), { readonly: true });
  try {
    return db.prepare('SELECT callback_url FROM orders WHERE order_id = ?').get(orderId) as { callback_url: string };
  } finally {
    db.close();
  }
}

describe("the till's callback server", () => {
  it('is HTTPS on loopback with the till certificate, and each order carries its URL', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '4',
      paymentAssetId: USDT,
      isChain: false,
    });
    expect(tillRow(order.orderId).callback_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/paydesk\/callback$/);
  });

  it('refuses unsigned and wrongly signed callbacks', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '4',
      paymentAssetId: USDT,
      isChain: false,
    });
    const url = tillRow(order.orderId).callback_url;
    const body = JSON.stringify({ orderId: order.orderId, traceId: order.traceId, payeeId: order.payeeId });
    expect((await post(url, body)).status).toBe(401);
    expect((await post(url, body, signBody(body, 'not-the-key', Date.now() / 1000))).status).toBe(401);
    expect((await post(url, body, signBody(body, key, Date.now() / 1000 - 3600))).status).toBe(401);
  });

  it('answers SUCCESS after checking with the gateway; duplicates and stale callbacks change nothing', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '4',
      paymentAssetId: USDT,
      isChain: false,
    });
    const url = tillRow(order.orderId).callback_url;
    const payload = {
      orderId: order.orderId,
      traceId: order.traceId,
      payeeId: order.payeeId,
      callbackEvent: 'success',
    };
    // A callback that claims success while the gateway says unpaid: the result is what counts.
    expect(await signed(url, payload)).toEqual({ status: 200, body: { code: 'SUCCESS' } });
    expect((await call('order.get', { orderId: order.orderId })).status).toBe('unpaid');
    await call('sandbox.payInFull', { orderId: order.orderId });
    for (let i = 0; i < 3; i++) expect((await signed(url, payload)).body.code).toBe('SUCCESS');
    const after = await call('order.get', { orderId: order.orderId });
    expect(after.status).toBe('pending');
    expect(after.history.filter((h: any) => h.kind === 'status')).toHaveLength(1);
  });

  it('answers a failure for an unknown order and for a result that disagrees with the order, and flags it', async () => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '4',
      paymentAssetId: USDT,
      isChain: false,
    });
    const url = tillRow(order.orderId).callback_url;
    const unknown = await signed(url, {
      orderId: 'nope-000000',
      traceId: '00000000-0000-4000-8000-000000000000',
      payeeId: order.payeeId,
    });
    expect(unknown).toEqual({ status: 404, body: { code: 'UNKNOWN_ORDER' } });
    // The order book says 5 USD while the gateway made the payment for 4: never silently accepted.
    const writer = new Database(join(dataDir, 'till.db'));
    writer.prepare("UPDATE orders SET quote_amount = '5' WHERE order_id = ?").run(order.orderId);
    writer.close();
    const mismatch = await signed(url, { orderId: order.orderId, traceId: order.traceId, payeeId: order.payeeId });
    expect(mismatch).toEqual({ status: 409, body: { code: 'MISMATCH' } });
    const flagged = await call('order.get', { orderId: order.orderId });
    expect(flagged.mismatch).toContain('another amount');
    expect(flagged.history.map((h: any) => h.kind)).toContain('mismatch');
  });
});
