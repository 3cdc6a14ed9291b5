/**
 * Callbacks end to end through the gateway: status changes write deliveries in the outbox, the
 * dispatcher sends them to a real HTTPS receiver on loopback, signed, on the exact schedule of
 * the gateway clock; the delivery log and redelivery work with the merchant key; live-mode bodies
 * carry identifiers only.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../electron/platform/signature.js';
import { ManualClock } from '../../electron/platform/clock.js';
import { answers, startReceiver, type Receiver } from '../helpers/https-receiver.js';
import { SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
let clock: ManualClock;
let receiver: Receiver;
let caDir: string;
let seq = 0;
const previousCa = process.env.NODE_EXTRA_CA_CERTS;

beforeAll(async () => {
  receiver = await startReceiver();
  // The gateway trusts the platform's roots plus NODE_EXTRA_CA_CERTS: here, the receiver's certificate.
  caDir = mkdtempSync(join(tmpdir(), 'pd-ca-'));
  writeFileSync(join(caDir, 'ca.pem'), receiver.identity.cert);
  process.env.NODE_EXTRA_CA_CERTS = join(caDir, 'ca.pem');
  clock = new ManualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  gw = await startGateway({ clock });
});
afterAll(async () => {
  await gw.close();
  await receiver.close();
  if (previousCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
  else process.env.NODE_EXTRA_CA_CERTS = previousCa;
  rmSync(caDir, { recursive: true, force: true });
});

const auth = () => ({ headers: { authorization: `Bearer ${gw.merchantKey}` } });
async function ok(answer: Promise<{ status: number; body: any }>): Promise<any> {
  const { body } = await answer;
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
}
const create = (path: string, extra: Record<string, unknown> = {}) =>
  ok(
    gw.post('/v1/payments', {
      payeeId: SHOP,
      orderId: `cb-${++seq}-order`,
      quoteAssetId: 'usd',
      quoteAmount: '10',
      paymentAssetId: USDT,
      callbackUrl: `${receiver.url}${path}`,
      ...extra,
    }),
  );
const pay = (payment: any, amount = payment.paymentAmount) =>
  ok(
    gw.post('/v1/sandbox/transfers', {
      recipient: payment.recipient,
      asset: USDT,
      amount,
      trace: randomUUID(),
      memo: payment.memo,
    }),
  );
const advance = (seconds: number) => ok(gw.post('/v1/sandbox/clock', { advanceSeconds: seconds }));
const logWithKey = async (traceId: string): Promise<any[]> => {
  const response = await fetch(`${gw.url}/v1/callbacks?traceId=${traceId}`, auth());
  const body = (await response.json()) as any;
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
};
const at = (path: string) => receiver.received.filter((r) => r.path === path);

describe('callbacks through the gateway (sandbox)', () => {
  it('sends the subscribed events with the sandbox body, signed with the merchant key', async () => {
    receiver.on('/shop', answers.success());
    const payment = await create('/shop', { callbackEvent: 'pending' });
    await pay(payment);
    await expect.poll(() => at('/shop').length).toBe(1);
    await advance(10);
    await expect.poll(() => at('/shop').length).toBe(2);
    const bodies = at('/shop').map((r) => JSON.parse(r.body));
    expect(bodies).toEqual([
      { orderId: payment.orderId, traceId: payment.traceId, payeeId: SHOP, callbackEvent: 'pending' },
      { orderId: payment.orderId, traceId: payment.traceId, payeeId: SHOP, callbackEvent: 'success' },
    ]);
    for (const request of at('/shop')) {
      expect(request.headers['content-type']).toBe('application/json');
      const check = verifySignature(
        request.headers['x-paydesk-signature'] as string,
        request.body,
        gw.merchantKey,
        Math.floor(Date.now() / 1000),
      );
      expect(check.ok).toBe(true);
      expect(
        verifySignature(
          request.headers['x-paydesk-signature'] as string,
          request.body.replace(payment.traceId, randomUUID()),
          gw.merchantKey,
          Math.floor(Date.now() / 1000),
        ).ok,
      ).toBe(false);
    }
    await expect
      .poll(async () => (await logWithKey(payment.traceId)).map((d) => d.status))
      .toEqual(['delivered', 'delivered']);
    const entries = await logWithKey(payment.traceId);
    expect(entries[0].attempts[0]).toMatchObject({ httpStatus: 200, error: '' });
    expect(entries[0].attempts[0].responseExcerpt).toContain('SUCCESS');
  });

  it('retries a failing endpoint on the schedule of the gateway clock, 9 attempts, then exhausted; the merchant redelivers', async () => {
    receiver.on('/down', answers.serverError());
    const payment = await create('/down');
    await ok(gw.post('/v1/payments/cancel', { traceId: payment.traceId }, auth()));
    await expect.poll(() => at('/down').length).toBe(1);
    const delays = [15, 15, 30, 180, 1800, 1800, 1800, 1800];
    for (const [i, delay] of delays.entries()) {
      await expect.poll(async () => (await logWithKey(payment.traceId))[0].attempts.length).toBe(i + 1);
      // One second early: nothing; on time: the next attempt.
      await advance(delay - 1);
      expect(at('/down').length).toBe(i + 1);
      await advance(1);
      await expect.poll(() => at('/down').length).toBe(i + 2);
    }
    await expect.poll(async () => (await logWithKey(payment.traceId))[0].status).toBe('exhausted');
    await advance(86400);
    expect(at('/down').length).toBe(9);
    const [delivery] = await logWithKey(payment.traceId);
    expect(delivery.attempts.map((a: any) => a.httpStatus)).toEqual(Array(9).fill(500));
    expect(JSON.parse(at('/down')[0]!.body)).toMatchObject({ callbackEvent: 'fail', traceId: payment.traceId });

    receiver.on('/down', answers.success());
    const redelivered = await ok(gw.post('/v1/callbacks/redeliver', { deliveryId: delivery.deliveryId }, auth()));
    expect(redelivered.status).toBe('pending');
    await expect.poll(async () => (await logWithKey(payment.traceId))[0].status).toBe('delivered');
    expect(at('/down').length).toBe(10);
  });

  it('keeps the delivery log and redelivery behind the merchant key', async () => {
    const payment = await create('/shop');
    expect((await gw.get(`/v1/callbacks?traceId=${payment.traceId}`)).body.code).toBe(2000);
    expect((await gw.post('/v1/callbacks/redeliver', { deliveryId: randomUUID() })).body.code).toBe(2000);
    expect((await gw.post('/v1/callbacks/redeliver', { deliveryId: randomUUID() }, auth())).body.code).toBe(10062);
    expect((await gw.post('/v1/callbacks/redeliver', {}, auth())).body.message).toContain('deliveryId');
  });

  it('writes no delivery for payments without a callbackUrl (no backfill)', async () => {
    const payment = await ok(
      gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: `cb-${++seq}-plain`,
        quoteAssetId: 'usd',
        quoteAmount: '10',
        paymentAssetId: USDT,
      }),
    );
    await pay(payment);
    await advance(10);
    expect(await logWithKey(payment.traceId)).toEqual([]);
  });
});
