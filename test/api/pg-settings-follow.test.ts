/**
 * Settings changed through one shop server process reach the others (issue 20): two server
 * processes over one real PostgreSQL; the merchant settings changed through A are answered by B
 * within two seconds and applied there (a spread changes what B asks a payer for); two changes of
 * different settings through A and B at once both stay. Skips with one line where PostgreSQL is absent.
 */
import { describe, expect, it } from 'vitest';
import { SHOP, USDT } from '../helpers/gateway.js';
import { printMerchantKey, startShopServer, useShopServerCluster, v1 } from '../helpers/shop-server.js';

const suite = useShopServerCluster();

describe.skipIf(!suite.available)('settings across two shop server processes over one PostgreSQL', () => {
  it('a change through one process is seen and applied by the other within two seconds', async () => {
    const databaseUrl = await suite.cluster.freshDatabase();
    const [a, b] = await Promise.all([startShopServer(databaseUrl), startShopServer(databaseUrl)]);
    const key = printMerchantKey(databaseUrl).stdout.trim();
    const create = (orderId: string) =>
      v1(b.url, 'POST', '/v1/payments', {
        payeeId: SHOP,
        orderId,
        quoteAssetId: 'usd',
        quoteAmount: '100',
        paymentAssetId: USDT,
        isChain: true,
      });
    const before = await create('spread-before');
    expect((await v1(b.url, 'GET', '/v1/merchant/settings', undefined, key)).spreadPercent).toBe('0');

    await v1(a.url, 'POST', '/v1/merchant/settings', { spreadPercent: '2.5', sandboxSettlementSeconds: 42 }, key);
    await expect
      .poll(async () => (await v1(b.url, 'GET', '/v1/merchant/settings', undefined, key)).spreadPercent, {
        timeout: 2_000,
        interval: 100,
      })
      .toBe('2.5');
    const after = await create('spread-after');
    // The spread is applied by B: 2.5 % more of the same asset for the same quote.
    expect(after.paymentAmount).not.toBe(before.paymentAmount);
    expect(Number(after.paymentAmount) / Number(before.paymentAmount)).toBeCloseTo(1.025, 3);

    // Two processes change two different settings at once: both changes stay.
    await Promise.all([
      v1(a.url, 'POST', '/v1/merchant/settings', { reviewThresholdUsd: '500' }, key),
      v1(b.url, 'POST', '/v1/merchant/settings', { rateMaxAgeSeconds: 77 }, key),
    ]);
    for (const server of [a, b])
      await expect
        .poll(async () => v1(server.url, 'GET', '/v1/merchant/settings', undefined, key), { timeout: 2_000 })
        .toMatchObject({
          spreadPercent: '2.5',
          sandboxSettlementSeconds: 42,
          reviewThresholdUsd: '500',
          rateMaxAgeSeconds: 77,
        });
  }, 60_000);
});
