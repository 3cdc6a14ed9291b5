/**
 * Deliveries survive a crash: the host is killed with SIGKILL while callbacks are pending (their
 * endpoint was failing); after a restart every delivery completes on its schedule. Delivery is at
 * least once (an attempt cut short by the crash is made again), so the receiver deduplicates by
 * (traceId, event), as every callback handler should.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, startReceiver, type Receiver } from '../helpers/https-receiver.js';
import { startHost, type HostProcess } from '../helpers/host.js';

const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
let receiver: Receiver;
let caFile: string;
const hosts: HostProcess[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  caFile = join(mkdtempSync(join(tmpdir(), 'pd-ca-')), 'ca.pem');
  writeFileSync(caFile, receiver.identity.cert);
});
afterAll(async () => {
  for (const host of hosts) await host.stop('SIGKILL');
  await receiver.close();
});

async function api(base: string, path: string, body?: Record<string, unknown>): Promise<any> {
  const response = await fetch(
    `${base}${path}`,
    body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : undefined,
  );
  const answer = (await response.json()) as any;
  if (!answer.success) throw new Error(`${path}: ${answer.message}`);
  return answer.data;
}

describe('callback deliveries across a crash', () => {
  it('completes every pending delivery after SIGKILL and restart; none lost', async () => {
    receiver.on('/crash', answers.serverError());
    const env = { NODE_EXTRA_CA_CERTS: caFile };
    const host = await startHost({ env });
    hosts.push(host);
    const { readFileSync } = await import('node:fs');
    const key = readFileSync(join(host.dataDir, 'merchant-key'), 'utf8').trim();
    // Settlement after 10 minutes of sandbox time, so the retries below come before it.
    await fetch(`${host.url}/v1/merchant/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ sandboxSettlementSeconds: 600 }),
    });
    const traces: string[] = [];
    for (let i = 0; i < 20; i++) {
      const payment = await api(host.url, '/v1/payments', {
        payeeId: SHOP,
        orderId: `crash-${i}-order`,
        quoteAssetId: 'usd',
        quoteAmount: '3',
        paymentAssetId: USDT,
        callbackUrl: `${receiver.url}/crash`,
        callbackEvent: 'pending',
      });
      await api(host.url, '/v1/sandbox/transfers', {
        recipient: payment.recipient,
        asset: USDT,
        amount: payment.paymentAmount,
        trace: randomUUID(),
        memo: payment.memo,
      });
      traces.push(payment.traceId);
    }
    // Each pending callback has failed once and waits 15 s of gateway time for its retry.
    await expect
      .poll(
        () => new Set(receiver.received.filter((r) => r.path === '/crash').map((r) => JSON.parse(r.body).traceId)).size,
        { timeout: 15_000 },
      )
      .toBe(20);
    await host.stop('SIGKILL');

    receiver.on('/crash', answers.success());
    const restarted = await startHost({ dataDir: host.dataDir, env });
    hosts.push(restarted);
    await api(restarted.url, '/v1/sandbox/clock', { advanceSeconds: 15 });
    const delivered = () => {
      // What a handler does: keep the first of each (traceId, event), ignore repeats.
      const seen = new Set<string>();
      for (const r of receiver.received) {
        if (r.path !== '/crash') continue;
        const body = JSON.parse(r.body);
        seen.add(`${body.traceId}|${body.callbackEvent}`);
      }
      return seen;
    };
    await expect
      .poll(() => receiver.received.filter((r) => r.path === '/crash').length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(40);
    expect([...delivered()].sort()).toEqual(traces.map((t) => `${t}|pending`).sort());
    // Settle them all: the success callbacks are delivered too.
    await api(restarted.url, '/v1/sandbox/clock', { advanceSeconds: 600 });
    await expect.poll(() => delivered().size, { timeout: 15_000 }).toBe(40);
  }, 90_000);
});
