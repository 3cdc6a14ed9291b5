/**
 * The embedded merchant key never leaves the machine: a till pointed at a hosted gateway URL (here a
 * real loopback listener that records every request and forwards it to the embedded gateway) never
 * hands that listener the embedded key, for any merchant operation. A key set for that hosted
 * gateway is the one sent; a key is never saved for a plain-http gateway on another host.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, USDT, type TestGateway } from '../helpers/gateway.js';
import { openAsOwner, tillCommands, type TillCall } from '../helpers/till-commands.js';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
}

let gw: TestGateway;
let call: TillCall;
let listener: http.Server;
let listenerUrl = '';
const seen: Seen[] = [];

const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    (result) => ({ result }),
    (error: unknown) => ({ error: error as { code: string; message: string } }),
  );

beforeAll(async () => {
  gw = await startGateway();
  call = tillCommands(gw);
  const upstream = new URL(gw.url);
  // A "hosted gateway" that records what it is sent, then lets the embedded gateway answer.
  listener = http.createServer((request, response) => {
    seen.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization });
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers: { ...request.headers, host: upstream.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', () => response.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  await openAsOwner(call, '2468');
});
afterAll(async () => {
  listener.closeAllConnections();
  listener.close();
  await gw.close();
});

describe('merchant keys and hosted gateways', () => {
  it('never sends the embedded key to a hosted gateway URL, whatever the operation', async () => {
    // A callback URL, so the owner's detail asks for the delivery log (a merchant operation) too.
    await call('settings.save', {
      gateway: { kind: 'hosted', baseUrl: listenerUrl },
      publicCallbackUrl: 'https://127.0.0.1:9/paydesk/callback',
    });
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '5',
      paymentAssetId: USDT,
      isChain: false,
    });
    expect(order.status).toBe('unpaid');
    const cancel = await outcomeOf(call('order.cancel', { orderId: order.orderId }));
    const detail = await call('owner.order', { orderId: order.orderId });
    await outcomeOf(call('owner.rails', {}));
    await outcomeOf(
      call('owner.redeliver', { orderId: order.orderId, deliveryId: '00000000-0000-4000-8000-000000000000' }),
    );

    const merchantPaths = seen.filter((s) => /\/v1\/(payments\/cancel|callbacks|merchant)/.test(s.path));
    expect(seen.some((s) => s.method === 'POST' && s.path === '/v1/payments')).toBe(true); // the listener was used
    expect(seen.filter((s) => (s.authorization ?? '').includes(gw.merchantKey))).toEqual([]);
    expect(merchantPaths.filter((s) => s.authorization !== undefined)).toEqual([]);
    // Without a key of its own, merchant operations are refused clearly at the till.
    expect(cancel).toMatchObject({ error: { code: 'gateway_error', message: expect.stringMatching(/merchant key/i) } });
    expect(detail.deliveriesError).toMatch(/merchant key/i);
  });

  it("sends the hosted gateway's own key (loopback http is allowed), never echoing it to the renderer", async () => {
    const saved = await call('settings.save', {
      gateway: { kind: 'hosted', baseUrl: listenerUrl, merchantKey: 'hosted-key-0001' },
    });
    expect(saved.gateway).toEqual({ kind: 'hosted', baseUrl: listenerUrl, merchantKeySet: true });
    expect(JSON.stringify(await call('settings.get'))).not.toContain('hosted-key-0001');
    // Saving the gateway again without a key keeps the key it has.
    expect(
      (await call('settings.save', { gateway: { kind: 'hosted', baseUrl: listenerUrl } })).gateway.merchantKeySet,
    ).toBe(true);
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '6',
      paymentAssetId: USDT,
      isChain: false,
    });
    const before = seen.length;
    await outcomeOf(call('order.cancel', { orderId: order.orderId })); // the embedded gateway does not know this key: 401
    const sent = seen.slice(before).filter((s) => s.path === '/v1/payments/cancel');
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer hosted-key-0001']);
    expect(seen.filter((s) => (s.authorization ?? '').includes(gw.merchantKey))).toEqual([]);
  });

  it('a key belongs to its gateway: refused over plain http to another host, dropped when the URL changes, never the embedded key', async () => {
    const before = await call('settings.get');
    await expect(
      call('settings.save', {
        gateway: { kind: 'hosted', baseUrl: 'http://gateway.example', merchantKey: 'hosted-key-0002' },
      }),
    ).rejects.toMatchObject({ code: 'invalid_args', field: 'gateway.baseUrl' });
    await expect(
      call('settings.save', {
        gateway: { kind: 'hosted', baseUrl: 'https://gateway.example', merchantKey: gw.merchantKey },
      }),
    ).rejects.toMatchObject({ code: 'invalid_args', field: 'gateway.merchantKey' });
    expect(await call('settings.get')).toEqual(before);
    const elsewhere = await call('settings.save', {
      gateway: { kind: 'hosted', baseUrl: 'https://gateway.example' },
    });
    expect(elsewhere.gateway).toEqual({ kind: 'hosted', baseUrl: 'https://gateway.example', merchantKeySet: false });
    const https = await call('settings.save', {
      gateway: { kind: 'hosted', baseUrl: 'https://gateway.example', merchantKey: 'hosted-key-0003' },
    });
    expect(https.gateway.merchantKeySet).toBe(true);
    expect(
      (
        await call('settings.save', {
          gateway: { kind: 'hosted', baseUrl: 'https://gateway.example', merchantKey: '' },
        })
      ).gateway.merchantKeySet,
    ).toBe(false);
    await call('settings.save', { gateway: { kind: 'embedded' } });
  });
});
