/**
 * One pricing path (docs/api.md, "Asset lists"): with a live price older than `rateMaxAgeSeconds`,
 * the asset lists, the estimate and the create agree that the asset cannot pay, and with a fresh one
 * they agree on the amount. A live price is what a rate feeder writes into gateway.db's `rates` table
 * from its own connection (source `live`, time on the real clock); this test plays that feeder.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC, SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

/** The gateway's default limit (GatewaySettings.rateMaxAgeSeconds). */
const MAX_AGE_MS = 300_000;

let gw: TestGateway;
let feeder: Database.Database;
let seq = 0;
const orderId = (): string => `stale-${(++seq).toString().padStart(6, '0')}`;

/** The rate feeder's write: a live price for `key`, `ageMs` old on the real clock. */
function livePrice(key: string, ageMs: number): void {
  feeder
    .prepare("UPDATE rates SET source = 'live', updated_at = ? WHERE rate_key = ?")
    .run(Date.now() - ageMs, key.toLowerCase());
}

const quote = { payeeId: SHOP, quoteAssetId: 'usd', quoteAmount: '12.5' };

async function listed(assetId: string): Promise<{ minPaymentAmount: string; maxPaymentAmount: string }> {
  const items = (await gw.get('/v1/setting/payment_assets', quote)).body.data as any[];
  return items.find((item) => item.assetId === assetId);
}

async function settlementListed(assetId: string): Promise<boolean> {
  const answer = await gw.get('/v1/setting/settlement_assets', quote);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return (answer.body.data as any[]).find((item) => item.assetId === assetId).isAvailable;
}

const estimate = (paymentAssetId: string, extra: Record<string, string> = {}) =>
  gw.get('/v1/payments_estimated', { ...quote, paymentAssetId, ...extra });
const create = (paymentAssetId: string, extra: Record<string, unknown> = {}) =>
  gw.post('/v1/payments', { ...quote, orderId: orderId(), paymentAssetId, ...extra });

function expectStale(answer: { status: number; body: any }, key: string): void {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: false, code: 10002 });
  expect(answer.status).toBe(400);
  expect(answer.body.message).toContain(`the price of ${key} is stale`);
}

beforeAll(async () => {
  gw = await startGateway();
  feeder = new Database(join(gw.dataDir, 'gateway.db'));
});
afterAll(async () => {
  feeder.close();
  await gw.close();
});

describe('a live price older than the limit', () => {
  it('makes the list, the estimate and the create all refuse the asset; a fresh one makes all three offer it', async () => {
    livePrice(BTC, MAX_AGE_MS + 60_000);
    expect(await listed(BTC)).toMatchObject({ minPaymentAmount: '0.00001', maxPaymentAmount: '0' });
    expectStale(await estimate(BTC), BTC);
    expectStale(await create(BTC), BTC);
    // Other assets are unaffected.
    expect(await listed(USDT)).toMatchObject({ minPaymentAmount: '12.5', maxPaymentAmount: '12.5' });
    expect((await create(USDT)).body.data.paymentAmount).toBe('12.5');

    livePrice(BTC, 1_000);
    expect(await listed(BTC)).toMatchObject({ minPaymentAmount: '0.00019532', maxPaymentAmount: '0.00019532' });
    expect((await estimate(BTC)).body.data.paymentAmount).toBe('0.00019532');
    const created = await create(BTC);
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ success: true });
    expect(created.body.data.paymentAmount).toBe('0.00019532');
  });

  it('on the quote currency makes every asset unusable for that quote, everywhere', async () => {
    livePrice('usd', MAX_AGE_MS + 60_000);
    try {
      const items = (await gw.get('/v1/setting/payment_assets', quote)).body.data as any[];
      expect(items.length).toBeGreaterThan(5);
      expect(items.every((item) => item.maxPaymentAmount === '0')).toBe(true);
      expectStale(await estimate(USDT), 'usd');
      expectStale(await create(USDT), 'usd');
    } finally {
      livePrice('usd', 0);
    }
    expect((await create(USDT)).body.data.paymentAmount).toBe('12.5');
  });

  it('as a settlement asset: listed unavailable, refused under strictMode, settled in the payment asset without it', async () => {
    livePrice(BTC, MAX_AGE_MS + 60_000);
    expect(await settlementListed(BTC)).toBe(false);
    expect(await settlementListed(USDT)).toBe(true);
    const strict = await create(USDT, { settlementAssetId: BTC, strictMode: true });
    expect(strict.body, JSON.stringify(strict.body)).toMatchObject({ success: false, code: 10002 });
    expect(strict.body.message).toContain('settlementAssetId');
    const lenient = await create(USDT, { settlementAssetId: BTC, strictMode: false });
    expect(lenient.body.data).toMatchObject({ settlementAssetId: USDT, paymentAmount: '12.5' });
    const estimated = await estimate(USDT, { settlementAssetId: BTC });
    expect(estimated.body.data).toMatchObject({ settlementAssetId: USDT });

    livePrice(BTC, 1_000);
    expect(await settlementListed(BTC)).toBe(true);
    expect((await create(USDT, { settlementAssetId: BTC, strictMode: true })).body.data.settlementAssetId).toBe(BTC);
  });
});
