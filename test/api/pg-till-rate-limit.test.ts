/**
 * A shop server does not rate-limit its own tills (electron/gateway/routes.ts): a client on another
 * machine is limited to 120 requests a minute, but one that carries a live till key or the merchant key
 * is not, so a till on the LAN polling its open orders never waits behind the limit to take a sale. And
 * the till's client (electron/till/link/gateway-client.ts) neither paces itself against a shop server nor
 * leaves its till key off a result poll. The server listens on this machine's LAN address, so its
 * requests come from a non-loopback address as a till's would. Real server process, real PostgreSQL.
 */
import { networkInterfaces } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../electron/till/link/gateway-client.js';
import { SHOP, USDT } from '../helpers/gateway.js';
import { printMerchantKey, startShopServer, useShopServerCluster, v1 } from '../helpers/shop-server.js';

/** This machine's first IPv4 address that is not loopback (the LAN a till would use). */
const lan = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
const suite = useShopServerCluster({ requires: () => lan !== undefined });
let base: string;
let tillKey: string;
let merchantKey: string;
let traceId: string;

beforeAll(async () => {
  if (!suite.available) return;
  const databaseUrl = await suite.cluster.freshDatabase();
  base = (await startShopServer(databaseUrl, { PAYDESK_QUIET: '1' }, ['--host', lan!])).url;
  merchantKey = printMerchantKey(databaseUrl).stdout.trim();
  tillKey = (await v1(base, 'POST', '/v1/merchant/tills', { name: 'Counter' }, merchantKey)).tillKey;
  const payment = { payeeId: SHOP, orderId: 'polled', quoteAssetId: 'usd', quoteAmount: '4', paymentAssetId: USDT };
  traceId = (await v1(base, 'POST', '/v1/payments', payment, tillKey)).traceId;
}, 120_000);

async function polls(count: number, key?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/v1/payments_result?traceId=${traceId}`, {
      headers: key ? { authorization: `Bearer ${key}` } : {},
    });
    statuses.push(response.status);
    await response.arrayBuffer();
  }
  return statuses;
}

describe.skipIf(!suite.available)('a shop server and its tills on the LAN', () => {
  it('limits a stranger to 120 requests a minute, never a till with its key nor the merchant key', async () => {
    const stranger = await polls(130);
    expect(stranger.filter((s) => s === 429).length).toBeGreaterThan(0);
    // A made-up till key is a stranger too.
    expect(await polls(5, 'pdt_not-a-real-key')).toContain(429);
    // The same machine, over its limit, with the till's key or the merchant key: every request answered.
    expect(new Set(await polls(150, tillKey))).toEqual(new Set([200]));
    expect(new Set(await polls(20, merchantKey))).toEqual(new Set([200]));
  });

  it("the till's client sends its till key with every request to a shop server and does not pace itself", async () => {
    const client = new GatewayClient({
      baseUrl: () => base,
      hosted: () => true,
      merchantKey: () => undefined,
      tillKey: () => tillKey,
      perMinute: 5,
    });
    // Paced at 5 a minute this would take minutes; the stranger's limit is spent, so a poll without
    // the key would be refused.
    for (let i = 0; i < 30; i++) expect((await client.result(traceId)).traceId).toBe(traceId);
  });
});
