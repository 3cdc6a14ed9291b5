/**
 * Live mode bounds how fast one client takes NEW deposit addresses (each burns an HD index for
 * good): at most 30 a minute per client address, loopback included, answered 1429/429; refreshes
 * and repeated creates of an existing payment reuse its address and are never limited. Over real
 * HTTP against a live gateway whose rail points at a local node (anvil).
 */
import Database from 'better-sqlite3';
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAvailable, startAnvil, type Anvil } from '../helpers/anvil.js';
import { ETH, startGateway, setFixedPrices, type TestGateway } from '../helpers/gateway.js';

const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
const PER_MINUTE = 30;

describe.runIf(anvilAvailable())('live mode: new deposit addresses per client', () => {
  let anvil: Anvil;
  let gw: TestGateway;
  let shop = '';
  const auth = () => ({ headers: { authorization: `Bearer ${gw.merchantKey}` } });
  const nextIndex = (): number => {
    const db = new Database(join(gw.dataDir, 'gateway.db'), { readonly: true });
    try {
      return Number(
        (db.prepare("SELECT value FROM meta WHERE key = 'evm_next_index'").get() as { value: string } | undefined)
          ?.value ?? '0',
      );
    } finally {
      db.close();
    }
  };

  /** A create sent from another loopback address (another client on this machine). */
  const createFrom = (localAddress: string, orderId: string) =>
    new Promise<{ status: number; body: { success: boolean; code: number } }>((resolve, reject) => {
      const body = JSON.stringify({
        payeeId: shop,
        orderId,
        quoteAssetId: 'usd',
        quoteAmount: '5',
        paymentAssetId: ETH,
        isChain: true,
      });
      const target = new URL(`${gw.url}/v1/payments`);
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          localAddress,
          headers: { 'content-type': 'application/json' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { success: boolean; code: number },
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  beforeAll(async () => {
    anvil = await startAnvil();
    gw = await startGateway({ mode: 'live', railPollMs: 1000 });
    shop = (await gw.post('/v1/payees', { networkId: '8300001', fullName: 'Budget Shop' }, auth())).body.data.payeeId;
    await setFixedPrices(gw, { [ETH]: '3200' });
    const config = await gw.post(
      '/v1/merchant/rails/evm',
      {
        xpub,
        chains: [
          {
            network: 'Ethereum',
            chainId: 31337,
            rpcUrls: [anvil.url],
            requiredConfirmations: 1,
            assets: [{ assetId: ETH, kind: 'native' }],
          },
        ],
      },
      auth(),
    );
    expect(config.body.success, JSON.stringify(config.body)).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await anvil?.close();
  });

  it('refuses a loopback client its 31st new address within a minute (1429), and never limits reuse', async () => {
    const started = Date.now();
    // All at once, as a runaway page would: the whole burst falls inside the minute even on a slow machine.
    const answers = await Promise.all(
      Array.from({ length: PER_MINUTE + 10 }, async (_, i) => {
        const orderId = `budget-${i}-order`;
        const answer = await gw.post('/v1/payments', {
          payeeId: shop,
          orderId,
          quoteAssetId: 'usd',
          quoteAmount: '5',
          paymentAssetId: ETH,
          isChain: true,
        });
        return { answer, orderId };
      }),
    );
    const made = answers
      .filter(({ answer }) => answer.body.success)
      .map(({ answer, orderId }) => ({ ...(answer.body.data as { traceId: string; destination: string }), orderId }));
    const refusal = answers.find(({ answer }) => !answer.body.success)?.answer;
    // The bucket refills one address every 2 s: allow for a slow machine, never for a missing limit.
    const refilled = Math.floor((Date.now() - started) / ((60 / PER_MINUTE) * 1000));
    expect(refusal, 'no create was refused').toBeDefined();
    expect(refusal!.status).toBe(429);
    expect(refusal!.body.code).toBe(1429);
    expect(refusal!.body.message).toMatch(/deposit addresses/);
    expect(made.length).toBeGreaterThanOrEqual(PER_MINUTE);
    expect(made.length).toBeLessThanOrEqual(PER_MINUTE + refilled);
    // A refused create takes no HD index and stores nothing.
    expect(nextIndex()).toBe(made.length);
    expect(gw.count('payments')).toBe(made.length);

    // Existing payments keep their address: a refresh and a repeated create are never limited.
    const first = made[0]!;
    const refreshed = await gw.post('/v1/payments/refresh', { traceId: first.traceId });
    expect(refreshed.body.success, JSON.stringify(refreshed.body)).toBe(true);
    expect(refreshed.body.data.destination).toBe(first.destination);
    const again = await gw.post('/v1/payments', {
      payeeId: shop,
      orderId: first.orderId,
      quoteAssetId: 'usd',
      quoteAmount: '5',
      paymentAssetId: ETH,
      isChain: true,
    });
    expect(again.body.success, JSON.stringify(again.body)).toBe(true);
    expect(again.body.data.destination).toBe(first.destination);
    expect(nextIndex()).toBe(made.length);

    // Budgets are per client: in one burst (one group commit), the spent client is refused while another is served.
    const burst = await Promise.all(
      [0, 1, 2].flatMap((i) => [
        createFrom('127.0.0.1', `burst-a-${i}-order`),
        createFrom('127.0.0.2', `burst-b-${i}-order`),
      ]),
    );
    expect(burst.filter((_, i) => i % 2 === 0).map((a) => a.body.code)).toEqual([1429, 1429, 1429]);
    expect(burst.filter((_, i) => i % 2 === 1).map((a) => a.body.success)).toEqual([true, true, true]);
    expect(nextIndex()).toBe(made.length + 3);
  });
});
