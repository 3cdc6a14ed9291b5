/**
 * Crash safety of refunds: the host is killed with SIGKILL after a refund was asked for, and again
 * after it was sent but before its confirmation. After each restart on the same data directory the
 * refund is where it was, and the check of the sent one resumes (due work in gateway.db): once the
 * blocks are mined it is confirmed, with its callback in the outbox.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startHost, type HostProcess } from '../helpers/host.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';
const DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const running: HostProcess[] = [];
afterAll(async () => {
  for (const host of running) await host.stop('SIGKILL');
});

async function call(host: HostProcess, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
  const key = readFileSync(`${host.dataDir}/merchant-key`, 'utf8').trim();
  const response = await fetch(`${host.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as { success: boolean; data: any; message: string };
  if (!answer.success) throw new Error(`${path}: ${answer.message}`);
  return answer.data;
}

describe('refunds across SIGKILL', () => {
  it('keeps an asked refund, and resumes checking a sent one until it is confirmed', async () => {
    const first = await startHost();
    running.push(first);
    const payment = await call(first, 'POST', '/v1/payments', {
      payeeId: SHOP,
      orderId: 'restart-refund-1',
      quoteAssetId: 'usd',
      paymentAmount: '0.002',
      paymentAssetId: BTC,
      isChain: true,
      callbackUrl: 'https://shop.example/hook',
      callbackEvent: 'refund',
    });
    await call(first, 'POST', '/v1/sandbox/deposits', {
      destination: payment.destination,
      asset: BTC,
      amount: '0.002',
    });
    await call(first, 'POST', '/v1/payments/cancel', { traceId: payment.traceId });
    const asked = await call(first, 'POST', '/v1/refunds', {
      traceId: payment.traceId,
      amount: '0.002',
      destination: DESTINATION,
      reason: 'cancelled after paying',
    });
    expect(asked.status).toBe('to_send');
    await first.stop('SIGKILL');

    const second = await startHost({ dataDir: first.dataDir });
    running.push(second);
    expect(await call(second, 'GET', `/v1/refunds/${asked.refundId}`)).toMatchObject({ status: 'to_send' });
    const sent = await call(second, 'POST', `/v1/sandbox/refunds/${asked.refundId}/send`);
    expect(sent.status).toBe('sent');
    await second.stop('SIGKILL');

    const third = await startHost({ dataDir: first.dataDir });
    running.push(third);
    expect(await call(third, 'GET', `/v1/refunds/${asked.refundId}`)).toMatchObject({
      status: 'sent',
      txid: sent.txid,
    });
    await call(third, 'POST', '/v1/sandbox/blocks', { network: 'Bitcoin', count: 2 });
    await expect
      .poll(async () => (await call(third, 'GET', `/v1/refunds/${asked.refundId}`)).status, { timeout: 10_000 })
      .toBe('confirmed');
    const log = (await call(third, 'GET', `/v1/callbacks?traceId=${payment.traceId}`)) as { event: string }[];
    expect(log.filter((d) => d.event === 'refund')).toHaveLength(3);
    const resolve = await call(third, 'GET', `/v1/payments/resolve?traceId=${payment.traceId}`);
    expect(resolve.toResolve).toEqual([]);
    expect(resolve.refunded).toEqual([{ assetId: BTC, symbol: 'BTC', amount: '0.002' }]);
  }, 60_000);
});
