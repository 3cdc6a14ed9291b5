/**
 * The `refund` callback over real HTTPS (docs/api.md, "Refunds"): a payment that subscribed to it gets
 * one POST per refund status change, with the body of the other callbacks (orderId, traceId, payeeId;
 * the sandbox adds callbackEvent) and the signature header, through the same outbox.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../electron/platform/clock.js';
import { SHOP, startGateway, USDT, type TestGateway } from '../helpers/gateway.js';
import { startReceiver, type Receiver } from '../helpers/https-receiver.js';

let gw: TestGateway;
let receiver: Receiver;
let caDir: string;
const previousCa = process.env.NODE_EXTRA_CA_CERTS;

beforeAll(async () => {
  receiver = await startReceiver();
  caDir = mkdtempSync(join(tmpdir(), 'pd-ca-'));
  writeFileSync(join(caDir, 'ca.pem'), receiver.identity.cert);
  process.env.NODE_EXTRA_CA_CERTS = join(caDir, 'ca.pem');
  gw = await startGateway({ clock: new ManualClock(Date.UTC(2026, 10, 23, 12, 0, 0)) });
});
afterAll(async () => {
  await gw.close();
  await receiver.close();
  if (previousCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
  else process.env.NODE_EXTRA_CA_CERTS = previousCa;
  rmSync(caDir, { recursive: true, force: true });
});

const auth = () => ({ headers: { authorization: `Bearer ${gw.merchantKey}` } });
async function ok(answer: Promise<{ body: any }>): Promise<any> {
  const { body } = await answer;
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
}

describe('refund callbacks', () => {
  it('one per refund status change, body as the other callbacks, signed', async () => {
    const payment = await ok(
      gw.post('/v1/payments', {
        payeeId: SHOP,
        orderId: 'refund-cb-order-1',
        quoteAssetId: 'usd',
        quoteAmount: '10',
        paymentAssetId: USDT,
        callbackUrl: `${receiver.url}/refund-cb`,
        callbackEvent: 'refund',
      }),
    );
    await ok(
      gw.post('/v1/sandbox/transfers', {
        recipient: payment.recipient,
        asset: USDT,
        amount: '10',
        trace: randomUUID(),
        memo: payment.memo,
      }),
    );
    const refund = await ok(
      gw.post('/v1/refunds', { traceId: payment.traceId, amount: '4', destination: randomUUID(), reason: 'x' }, auth()),
    );
    await ok(gw.post(`/v1/sandbox/refunds/${refund.refundId}/send`));
    const refundBodies = () =>
      receiver.received.map((r) => JSON.parse(r.body)).filter((b) => b.callbackEvent === 'refund');
    // Asked (to_send), sent, and confirmed (a wallet payout is final at once).
    await expect.poll(() => refundBodies().length, { timeout: 10_000 }).toBe(3);
    for (const body of refundBodies())
      expect(body).toEqual({
        orderId: 'refund-cb-order-1',
        traceId: payment.traceId,
        payeeId: SHOP,
        callbackEvent: 'refund',
      });
    const signed = receiver.received.filter((r) => r.body.includes('"refund"'));
    expect(signed.every((r) => /^t=\d+,v1=[0-9a-f]{64}$/.test(String(r.headers['x-paydesk-signature'])))).toBe(true);
  });
});
