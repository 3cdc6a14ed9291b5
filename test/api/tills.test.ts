/**
 * Tills as clients of one gateway (docs/api.md, "Tills" and "Merchant report"): the owner registers
 * two tills and gets each key once; the keys are kept only hashed; each till creates payments with
 * its key and the payment remembers it; a till key works for the operations a till needs but never
 * manages tills or settings; the report answers exact totals for the whole shop and per till, a
 * till key sees only its own till; a revoked key is refused at once while the other works on.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add } from '../../shared/money.js';
import { SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

interface Answer {
  status: number;
  body: { code: number; success: boolean; message: string; data: any };
}
async function call(method: string, path: string, key?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${gw.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}
async function ok(answer: Promise<Answer>): Promise<any> {
  const { status, body } = await answer;
  expect(body.success, JSON.stringify(body)).toBe(true);
  expect(status).toBe(200);
  return body.data;
}
const refusedAsMerchantKey = async (answer: Promise<Answer>) => {
  const { status, body } = await answer;
  expect({ status, code: body.code }).toEqual({ status: 401, code: 2000 });
};
/** A revoked or unknown till key where a till key would do: its own code 2001 (not the merchant key's 2000). */
const refusedAsTillKey = async (answer: Promise<Answer>) => {
  const { status, body } = await answer;
  expect({ status, code: body.code, success: body.success }).toEqual({ status: 401, code: 2001, success: false });
};
const create = (key: string | undefined, quoteAmount: string) =>
  call('POST', '/v1/payments', key, {
    payeeId: SHOP,
    orderId: randomUUID(),
    quoteAssetId: 'usd',
    quoteAmount,
    paymentAssetId: USDT,
    settlementAssetId: USDT,
  });
const pay = (payment: any) =>
  ok(
    call('POST', '/v1/sandbox/transfers', undefined, {
      recipient: payment.recipient,
      asset: payment.paymentAssetId,
      amount: payment.paymentAmount,
      trace: randomUUID(),
      memo: payment.memo,
    }),
  );
const report = (key: string, query: Record<string, string>) =>
  call('GET', `/v1/merchant/report?${new URLSearchParams(query)}`, key);

describe('tills and their keys', () => {
  let front: { till: any; tillKey: string };
  let back: { till: any; tillKey: string };

  it('registers tills by name with the merchant key; each key is shown once and stored only hashed', async () => {
    front = await ok(call('POST', '/v1/merchant/tills', gw.merchantKey, { name: 'Front counter' }));
    back = await ok(call('POST', '/v1/merchant/tills', gw.merchantKey, { name: 'Back bar' }));
    expect(front.tillKey).toMatch(/^pdt_[A-Za-z0-9_-]{43}$/);
    expect(front.tillKey).not.toBe(back.tillKey);
    expect(front.till).toMatchObject({ name: 'Front counter', revoked: false, lastUsedAtMs: 0 });
    const list = await ok(call('GET', '/v1/merchant/tills', gw.merchantKey));
    expect(list.map((t: any) => t.name)).toEqual(['Front counter', 'Back bar']);
    expect(JSON.stringify(list)).not.toContain(front.tillKey);
    const dump = JSON.stringify(gw.rows('SELECT * FROM tills'));
    expect(dump).not.toContain(front.tillKey);
    expect(dump).not.toContain(front.tillKey.slice(4));
  });

  it('refuses bad or repeated names, naming the field, and writes nothing', async () => {
    const before = gw.count('tills');
    const blank = await call('POST', '/v1/merchant/tills', gw.merchantKey, { name: '' });
    expect(blank.body).toMatchObject({ code: 10011, message: expect.stringMatching(/^name: /) });
    const twice = await call('POST', '/v1/merchant/tills', gw.merchantKey, { name: 'Front counter' });
    expect(twice.body).toMatchObject({ code: 10011, message: expect.stringMatching(/^name: .*already/) });
    const long = await call('POST', '/v1/merchant/tills', gw.merchantKey, { name: 'x'.repeat(61) });
    expect(long.body.message).toMatch(/^name: must be at most 60/);
    const bad = await call('POST', '/v1/merchant/tills/not-a-uuid/revoke', gw.merchantKey);
    expect(bad.body).toMatchObject({ code: 10011, message: expect.stringMatching(/^tillId: /) });
    expect(gw.count('tills')).toBe(before);
  });

  it('a till key never manages tills or settings, and no key or a made-up key does nothing', async () => {
    await refusedAsMerchantKey(call('GET', '/v1/merchant/tills', front.tillKey));
    await refusedAsMerchantKey(call('POST', '/v1/merchant/tills', front.tillKey, { name: 'Sneaky' }));
    await refusedAsMerchantKey(call('POST', `/v1/merchant/tills/${back.till.tillId}/revoke`, front.tillKey));
    await refusedAsMerchantKey(call('GET', '/v1/merchant/settings', front.tillKey));
    await refusedAsMerchantKey(call('POST', '/v1/rates', front.tillKey, { key: 'usd', usdPrice: '1' }));
    await refusedAsMerchantKey(call('GET', '/v1/merchant/tills'));
    await refusedAsTillKey(report(`pdt_${'A'.repeat(43)}`, { from: '2026-11-23' }));
    await refusedAsTillKey(create(`pdt_${'A'.repeat(43)}`, '1'));
    // A made-up key that is no till key at all is the merchant key's refusal.
    await refusedAsMerchantKey(report('not-a-key', { from: '2026-11-23' }));
  });

  it('records which till created each payment; the report is exact for the shop and per till', async () => {
    const paidFront = [await ok(create(front.tillKey, '0.1')), await ok(create(front.tillKey, '0.2'))];
    const paidBack = await ok(create(back.tillKey, '9999.99'));
    const openBack = await ok(create(back.tillKey, '7'));
    const byOwner = await ok(create(gw.merchantKey, '5'));
    const anonymous = await ok(create(undefined, '3'));
    for (const payment of [...paidFront, paidBack]) await pay(payment);
    // A till key works for what a till needs: cancel, results, the money to resolve.
    await ok(call('POST', '/v1/payments/cancel', back.tillKey, { traceId: openBack.traceId }));
    await ok(call('GET', '/v1/merchant/to_resolve', front.tillKey));

    const shop = await ok(report(gw.merchantKey, { from: '2026-11-23' }));
    expect(shop.totals.count).toBe(6);
    expect(shop.totals.paidByQuoteAsset).toEqual({ usd: { count: 3, amount: '10000.29' } });
    expect(shop.totals.byQuoteAsset.usd).toEqual({ count: 6, amount: '10015.29' });
    expect(shop.totals.byStatus.failed.count).toBe(1);
    expect(shop.totals.byStatus.unpaid).toEqual({ count: 2, byQuoteAsset: { usd: { count: 2, amount: '8' } } });
    expect(shop.totals.byTill[front.till.tillId]).toEqual({
      name: 'Front counter',
      count: 2,
      paidByQuoteAsset: { usd: { count: 2, amount: '0.3' } },
      paidByPaymentAsset: { [USDT]: { count: 2, amount: add(...paidFront.map((p) => p.paymentAmount)) } },
    });
    // What payers paid in per payment asset, paid payments only (the close of day's "received").
    expect(shop.totals.paidByPaymentAsset).toEqual({
      [USDT]: { count: 3, amount: add(...[...paidFront, paidBack].map((p) => p.paymentAmount)) },
    });
    expect(shop.totals.byTill[back.till.tillId].paidByQuoteAsset.usd.amount).toBe('9999.99');
    expect(shop.totals.byTill[''].count).toBe(2);
    const tillOf = Object.fromEntries(shop.items.map((i: any) => [i.traceId, i.tillId]));
    expect(tillOf[paidFront[0].traceId]).toBe(front.till.tillId);
    expect(tillOf[openBack.traceId]).toBe(back.till.tillId);
    expect([tillOf[byOwner.traceId], tillOf[anonymous.traceId]]).toEqual(['', '']);

    const onlyFront = await ok(report(gw.merchantKey, { from: '2026-11-23', tillId: front.till.tillId }));
    expect(onlyFront.items.map((i: any) => i.traceId).sort()).toEqual(paidFront.map((p) => p.traceId).sort());
    const none = await ok(report(gw.merchantKey, { from: '2026-11-23', tillId: 'none' }));
    expect(none.totals.count).toBe(2);
    const failed = await ok(report(gw.merchantKey, { from: '2026-11-23', status: 'failed' }));
    expect(failed.items.map((i: any) => i.traceId)).toEqual([openBack.traceId]);
    // A till key sees its own till, whatever it asks.
    const asBack = await ok(report(back.tillKey, { from: '2026-11-23' }));
    expect(asBack.totals.count).toBe(2);
    expect(Object.keys(asBack.totals.byTill)).toEqual([back.till.tillId]);
    await refusedAsMerchantKey(report(back.tillKey, { from: '2026-11-23', tillId: front.till.tillId }));
    // The day before and the day after hold nothing.
    expect((await ok(report(gw.merchantKey, { from: '2026-11-22' }))).totals.count).toBe(0);
    expect((await ok(report(gw.merchantKey, { from: '2026-11-24', to: '2026-11-30' }))).totals.count).toBe(0);
    const lastUsed = (await ok(call('GET', '/v1/merchant/tills', gw.merchantKey)))[0].lastUsedAtMs;
    expect(lastUsed).toBeGreaterThan(0);
  });

  it('pages in a stable order, every payment once', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page += 1)
      pages.push(
        await ok(report(gw.merchantKey, { from: '1795392000', to: '1795478400', pageSize: '4', page: String(page) })),
      );
    expect(pages.map((p) => p.items.length)).toEqual([4, 2, 0]);
    expect(pages[0].pages).toBe(2);
    const ids = pages.flatMap((p) => p.items.map((i: any) => i.traceId));
    expect(new Set(ids).size).toBe(6);
    const whole = await ok(report(gw.merchantKey, { from: '2026-11-23', pageSize: '500' }));
    expect(whole.items.map((i: any) => i.traceId)).toEqual(ids);
  });

  it('refuses bad report parameters, naming each', async () => {
    const asked = async (query: Record<string, string>) => (await report(gw.merchantKey, query)).body;
    expect(await asked({})).toMatchObject({ code: 10011, message: 'from: is required' });
    expect((await asked({ from: 'yesterday' })).message).toMatch(/^from: /);
    expect((await asked({ from: '2026-11-23', to: '2026-11-22T00:00:00Z' })).message).toMatch(/^to: /);
    expect((await asked({ from: '2026-11-23', pageSize: '501' })).message).toMatch(/^pageSize: /);
    expect((await asked({ from: '2026-11-23', page: '0' })).message).toMatch(/^page: /);
    expect((await asked({ from: '2026-11-23', status: 'paid' })).message).toMatch(/^status: /);
    expect((await asked({ from: '2026-11-23', tillId: 'front' })).message).toMatch(/^tillId: /);
    expect((await asked({ from: '2026-11-23', assetId: 'usdt' })).message).toMatch(/^assetId: /);
  });

  it('a revoked key is refused at once; the other till works on', async () => {
    const revoked = await ok(call('POST', `/v1/merchant/tills/${front.till.tillId}/revoke`, gw.merchantKey));
    expect(revoked).toMatchObject({ tillId: front.till.tillId, revoked: true });
    await refusedAsTillKey(create(front.tillKey, '1'));
    await refusedAsTillKey(report(front.tillKey, { from: '2026-11-23' }));
    await refusedAsTillKey(call('GET', '/v1/merchant/to_resolve', front.tillKey));
    // Where only the merchant key goes, a revoked till key is refused as any other non-merchant key.
    await refusedAsMerchantKey(call('GET', '/v1/merchant/settings', front.tillKey));
    const still = await ok(create(back.tillKey, '2'));
    const asBack = await ok(report(back.tillKey, { from: '2026-11-23' }));
    expect(asBack.items.map((i: any) => i.traceId)).toContain(still.traceId);
    // Its name is free again; its payments keep their till.
    await ok(call('POST', '/v1/merchant/tills', gw.merchantKey, { name: 'Front counter' }));
    const onlyFront = await ok(report(gw.merchantKey, { from: '2026-11-23', tillId: front.till.tillId }));
    expect(onlyFront.totals.count).toBe(2);
  });
});
